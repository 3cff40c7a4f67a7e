import type { FeastOrder } from '@festival/contracts';
import { paperColors } from '@festival/web-kit/tokens';
import { formatDateTime, formatMoney, shortId } from '#shared/lib/format.ts';
import { elementBuilder, printInNewWindow } from '#shared/lib/print-document.ts';
import { itemsLine } from './orders';

/** Order ids on paper: long enough to find an order, short enough for a column. */
export const PRINT_ID_LENGTH = 12;

/**
 * The printed page: landscape, black on white, the header row repeated on every page, and no
 * order split across two pages.
 */
const PRINT_CSS = `
@page { size: landscape; margin: 12mm; }
* { box-sizing: border-box; }
body { font: 11pt/1.35 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; color: ${paperColors.ink}; margin: 0; }
header { display: flex; justify-content: space-between; align-items: baseline; border-bottom: 2px solid ${paperColors.ink}; padding-bottom: 6px; margin-bottom: 10px; }
h1 { font-size: 18pt; margin: 0; }
h2 { font-size: 12pt; font-weight: 600; margin: 0; }
.meta { font-size: 9pt; color: ${paperColors.meta}; text-align: right; }
table { width: 100%; border-collapse: collapse; }
thead { display: table-header-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
th, td { border: 1px solid ${paperColors.rule}; padding: 4px 6px; text-align: left; vertical-align: top; }
th { background: ${paperColors.fill}; font-size: 9.5pt; }
td.id { font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace; white-space: nowrap; }
td.money { text-align: right; white-space: nowrap; }
tfoot td { font-weight: 600; }
`;

export interface PrintableOrders {
  orders: readonly FeastOrder[];
  restaurantName: string;
  printedAt: Date;
}

/**
 * Fills `doc` with the printable list of orders. Every value goes in as text (never as HTML),
 * so whatever a customer typed prints as typed.
 */
export function renderPrintableOrders(doc: Document, { orders, restaurantName, printedAt }: PrintableOrders): void {
  const el = elementBuilder(doc);

  doc.head.replaceChildren(el('style', PRINT_CSS));
  doc.title = `${restaurantName} - Feast Pack Orders`;

  const header = el('header');
  const titles = el('div');
  titles.append(el('h1', restaurantName), el('h2', 'Diwali Feast Pack Orders'));
  const meta = el('div', undefined, 'meta');
  meta.append(
    el('div', `${orders.length} ${orders.length === 1 ? 'order' : 'orders'}`),
    el('div', `Printed ${formatDateTime(printedAt.toISOString())}`),
  );
  header.append(titles, meta);

  const table = el('table');
  const headRow = el('tr');
  for (const title of ['Order ID', 'Customer', 'Contact', 'Pickup', 'Items', 'Total', 'Date']) headRow.append(el('th', title));
  table.append(el('thead'));
  table.tHead!.append(headRow);
  const body = el('tbody');
  for (const order of orders) {
    const row = el('tr');
    const contact = el('td');
    contact.append(el('div', order.customerEmail), el('div', order.customerPhone));
    const pickup = el('td');
    pickup.append(el('div', order.pickupDate), el('div', order.pickupTime));
    const items = el('td');
    for (const line of itemsLine(order, '\n').split('\n')) items.append(el('div', line));
    row.append(
      el('td', shortId(order.id, PRINT_ID_LENGTH), 'id'),
      el('td', order.customerName),
      contact,
      pickup,
      items,
      el('td', formatMoney(order.totalAmount), 'money'),
      el('td', formatDateTime(order.createdAt)),
    );
    body.append(row);
  }
  const total = orders.reduce((sum, o) => sum + o.totalAmount, 0);
  const foot = el('tfoot');
  const footRow = el('tr');
  const footLabel = el('td', 'Total');
  footLabel.colSpan = 5;
  footRow.append(footLabel, el('td', formatMoney(total), 'money'), el('td'));
  foot.append(footRow);
  table.append(body, foot);

  doc.body.replaceChildren(header, table);
}

/**
 * Opens the printable page of `orders` in a new window and starts printing. False when the
 * browser blocked the window.
 */
export function printOrders(orders: readonly FeastOrder[], restaurantName: string): boolean {
  return printInNewWindow((doc) => renderPrintableOrders(doc, { orders, restaurantName, printedAt: new Date() }));
}
