import { orderReference, ticketLines, type PaidPartyTicketRow } from '@festival/contracts';
import { paperColors } from '@festival/web-kit/tokens';
import { formatDateTime, plural } from '#shared/lib/format.ts';
import { elementBuilder, printInNewWindow } from '#shared/lib/print-document.ts';
import { byLastName, checkInState, guestsOf, splitLastName } from './party-tickets';

/**
 * The door list on paper: portrait, black on white, large enough to read under a torch, the
 * header row repeated on every page, no order split across two pages, and a box to tick for
 * each order.
 */
const PRINT_CSS = `
@page { size: portrait; margin: 12mm; }
* { box-sizing: border-box; }
body { font: 12pt/1.35 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; color: ${paperColors.ink}; margin: 0; }
header { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; border-bottom: 2px solid ${paperColors.ink}; padding-bottom: 6px; margin-bottom: 10px; }
h1 { font-size: 18pt; margin: 0; }
h2 { font-size: 13pt; font-weight: 600; margin: 0; }
p.event { font-size: 10pt; margin: 2px 0 0; }
.meta { font-size: 9pt; color: ${paperColors.meta}; text-align: right; }
table { width: 100%; border-collapse: collapse; }
thead { display: table-header-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
th, td { border: 1px solid ${paperColors.rule}; padding: 5px 6px; text-align: left; vertical-align: middle; }
th { background: ${paperColors.fill}; font-size: 10pt; }
td.tick { width: 14mm; text-align: center; }
span.box { display: inline-block; width: 7mm; height: 7mm; border: 1.5px solid ${paperColors.ink}; }
td.ref { font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace; white-space: nowrap; letter-spacing: 0.04em; }
td.in { white-space: nowrap; font-size: 10pt; }
tfoot td { font-weight: 600; }
`;

export interface PrintableDoorList {
  tickets: readonly PaidPartyTicketRow[];
  restaurantName: string;
  /** `Event: Friday, October 24th, 2025 at Milpitas ICC`, when known. */
  eventLine?: string;
  printedAt: Date;
}

/**
 * Fills `doc` with the door list: every paid order alphabetical by last name, with its
 * reference, its tickets, who was already in when it was printed, and an empty box to tick at
 * the door. Every value goes in as text (never as HTML), so whatever a buyer typed prints as typed.
 */
export function renderDoorList(doc: Document, { tickets, restaurantName, eventLine, printedAt }: PrintableDoorList): void {
  const el = elementBuilder(doc);

  doc.head.replaceChildren(el('style', PRINT_CSS));
  doc.title = `${restaurantName} - Door List`;

  const guests = tickets.reduce((sum, t) => sum + guestsOf(t), 0);
  const header = el('header');
  const titles = el('div');
  titles.append(el('h1', restaurantName), el('h2', 'Diwali Party Door List'));
  if (eventLine) titles.append(el('p', eventLine, 'event'));
  const meta = el('div', undefined, 'meta');
  meta.append(
    el('div', `${plural(tickets.length, 'order')} · ${plural(guests, 'guest')}`),
    el('div', `Printed ${formatDateTime(printedAt.toISOString())}`),
  );
  header.append(titles, meta);

  const table = el('table');
  const headRow = el('tr');
  for (const title of ['Arrived', 'Name', 'Reference', 'Tickets', 'In when printed']) headRow.append(el('th', title));
  table.append(el('thead'));
  table.tHead!.append(headRow);
  const body = el('tbody');
  for (const ticket of byLastName(tickets)) {
    const row = el('tr');
    const tick = el('td', undefined, 'tick');
    tick.append(el('span', undefined, 'box'));
    // The name as the buyer typed it, the last name (what the list is sorted by) in bold.
    const { first, last } = splitLastName(ticket.customerName);
    const name = el('td');
    if (first) name.append(doc.createTextNode(`${first} `));
    name.append(el('strong', last));
    row.append(
      tick,
      name,
      el('td', orderReference(ticket.id), 'ref'),
      el('td', ticketLines(ticket.adultTickets, ticket.childTickets)),
      el('td', checkInState(ticket) ?? '', 'in'),
    );
    body.append(row);
  }
  const foot = el('tfoot');
  const footRow = el('tr');
  const footLabel = el('td', `${plural(tickets.length, 'order')}, ${plural(guests, 'guest')}`);
  footLabel.colSpan = 5;
  footRow.append(footLabel);
  foot.append(footRow);
  table.append(body, foot);

  doc.body.replaceChildren(header, table);
}

/**
 * Opens the door list in a new window and starts printing (the same way as the feast pack
 * orders' Print). False when the browser blocked the window.
 */
export function printDoorList(list: Omit<PrintableDoorList, 'printedAt'>): boolean {
  return printInNewWindow((doc) => renderDoorList(doc, { ...list, printedAt: new Date() }));
}
