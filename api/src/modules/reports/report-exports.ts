import {
  ADMIN_DRINK_ORDER_STATUS_LABELS,
  PAYMENT_DISPUTE_LABELS,
  toCsv,
  type AdminDrinkOrderRow,
  type PartyTicketRow,
  type PaymentDisputeStatus,
  type ReportExportTable,
  type RevenueReport,
  revenueDayTotal,
} from '@festival/contracts';
import writeXlsxFile, { type Row } from 'write-excel-file/node';
import { zonedDateTime } from './report-sales.js';

/** How a column's cells are written: text, a count, or money (cents, written as dollars). */
export type ExportKind = 'text' | 'count' | 'money';

export interface ExportTable {
  /** The sheet's name (31 characters at most). */
  title: string;
  columns: { header: string; kind: ExportKind }[];
  /** Money in cents. */
  rows: (string | number | null)[][];
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** CSV (docs/reports.md): a byte order mark, a header row, formula-safe quoted cells; money as `142.16`. */
export function exportCsv(table: ExportTable): Buffer {
  const rows = table.rows.map((row) =>
    row.map((cell, i) => (cell !== null && table.columns[i].kind === 'money' ? dollars(Number(cell)) : cell)),
  );
  return Buffer.from(`\uFEFF${toCsv([table.columns.map((c) => c.header), ...rows])}`, 'utf8');
}

/** XLSX: a bold header row, text as text (never a formula), money as numbers in dollars with two decimals. */
export async function exportXlsx(table: ExportTable): Promise<Buffer> {
  const header: Row = table.columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const }));
  const body: Row[] = table.rows.map((row) =>
    row.map((cell, i) => {
      if (cell === null) return null;
      const kind = table.columns[i].kind;
      if (kind === 'money') return { value: Number(cell) / 100, type: Number, format: '#,##0.00' };
      if (kind === 'count') return { value: Number(cell), type: Number };
      return { value: String(cell), type: String };
    }),
  );
  return writeXlsxFile([header, ...body], { sheet: table.title.slice(0, 31) }).toBuffer();
}

/** The tables of the revenue report itself, as on screen. */
export function reportTable(
  table: Extract<ReportExportTable, 'revenue-by-day' | 'revenue-by-channel' | 'drinks-by-item' | 'tickets-by-type' | 'tabs'>,
  report: RevenueReport,
): ExportTable {
  switch (table) {
    case 'revenue-by-day':
      return {
        title: 'Revenue by day',
        columns: [
          { header: 'Date', kind: 'text' },
          { header: 'Tickets', kind: 'money' },
          { header: 'Drinks', kind: 'money' },
          { header: 'Tips (pay now)', kind: 'money' },
          { header: 'Tips (tab)', kind: 'money' },
          { header: 'Total', kind: 'money' },
        ],
        rows: report.byDay.map((d) => [d.date, d.ticketsCents, d.drinksCents, d.tipsPayNowCents, d.tipsTabCents, revenueDayTotal(d)]),
      };
    case 'revenue-by-channel':
      return {
        title: 'Revenue by channel',
        columns: [
          { header: 'Source', kind: 'text' },
          { header: 'Medium', kind: 'text' },
          { header: 'Campaign', kind: 'text' },
          { header: 'Visits', kind: 'count' },
          { header: 'Orders', kind: 'count' },
          { header: 'Revenue', kind: 'money' },
          { header: 'Revenue per Visit', kind: 'money' },
        ],
        rows: report.channels.map((c) => [c.source, c.medium, c.campaign, c.visits, c.orders, c.revenueCents, c.revenuePerVisitCents]),
      };
    case 'drinks-by-item':
      return {
        title: 'Drinks by item',
        columns: [
          { header: 'Drink', kind: 'text' },
          { header: 'Quantity', kind: 'count' },
          { header: 'Revenue', kind: 'money' },
        ],
        rows: report.drinksByItem.map((d) => [d.name, d.quantity, d.revenueCents]),
      };
    case 'tickets-by-type':
      return {
        title: 'Tickets by type',
        columns: [
          { header: 'Type', kind: 'text' },
          { header: 'Sold', kind: 'count' },
          { header: 'Refunded', kind: 'count' },
          { header: 'Seats', kind: 'count' },
          { header: 'Revenue', kind: 'money' },
        ],
        rows: report.ticketsByType.map((t) => [t.name, t.sold, t.refunded, t.seats, t.revenueCents]),
      };
    case 'tabs':
      return {
        title: 'Tabs',
        columns: [
          { header: 'Tab', kind: 'text' },
          { header: 'Guest', kind: 'text' },
          { header: 'Table', kind: 'text' },
          { header: 'Status', kind: 'text' },
          { header: 'Opened', kind: 'text' },
          { header: 'Closed', kind: 'text' },
          { header: 'Orders', kind: 'count' },
          { header: 'Total', kind: 'money' },
        ],
        rows: report.tabs.tabs.map((t) => [
          t.reference,
          t.customerName,
          t.tableNumber,
          t.status === 'open' ? 'Open' : 'Closed',
          t.openedAt ? zonedDateTime(new Date(t.openedAt), report.timeZone) : null,
          t.closedAt ? zonedDateTime(new Date(t.closedAt), report.timeZone) : null,
          t.orders,
          t.totalCents,
        ]),
      };
  }
}

const disputeLabel = (status: PaymentDisputeStatus | null | undefined) => (status ? PAYMENT_DISPUTE_LABELS[status] : null);

/** The dashboard's `Drinks Orders` (paid at once or put on a tab), newest first, as on screen. */
export function drinkOrdersTable(orders: readonly AdminDrinkOrderRow[], timeZone: string): ExportTable {
  return {
    title: 'Drinks orders',
    columns: [
      { header: 'Order ID', kind: 'text' },
      { header: 'Number', kind: 'count' },
      { header: 'Customer Name', kind: 'text' },
      { header: 'Table', kind: 'text' },
      { header: 'Items', kind: 'text' },
      { header: 'Status', kind: 'text' },
      { header: 'Tab', kind: 'text' },
      { header: 'Subtotal', kind: 'money' },
      { header: 'Tax', kind: 'money' },
      { header: 'Total', kind: 'money' },
      { header: 'Refunded', kind: 'money' },
      { header: 'Dispute', kind: 'text' },
      { header: 'Ordered', kind: 'text' },
    ],
    rows: orders.map((o) => [
      o.id,
      o.number,
      o.customerName,
      o.tableNumber,
      o.items.map((l) => `${l.name} x${l.quantity}`).join('; '),
      ADMIN_DRINK_ORDER_STATUS_LABELS[o.status],
      o.tabReference,
      o.subtotalCents,
      o.taxCents,
      o.totalCents,
      o.refundedCents,
      disputeLabel(o.dispute),
      zonedDateTime(new Date(o.createdAt), timeZone),
    ]),
  };
}

/** Paid party tickets (`validTickets`, `admitted`, `dispute` and `otherTickets` given) or abandoned carts (without them). */
export function ticketsTable(
  title: string,
  rows: readonly (PartyTicketRow & {
    validTickets?: number;
    admitted?: number;
    dispute?: PaymentDisputeStatus | null;
    otherTickets?: string;
  })[],
  timeZone: string,
  paid: boolean,
): ExportTable {
  return {
    title,
    columns: [
      { header: 'Order ID', kind: 'text' },
      { header: 'Customer Name', kind: 'text' },
      { header: 'Email', kind: 'text' },
      { header: 'Phone', kind: 'text' },
      { header: 'Adult Tickets', kind: 'count' },
      { header: 'Child Tickets', kind: 'count' },
      ...(paid
        ? [
            { header: 'Valid Tickets', kind: 'count' as const },
            { header: 'Admitted', kind: 'count' as const },
          ]
        : []),
      { header: 'Total', kind: 'money' },
      { header: paid ? 'Order Date' : 'Started', kind: 'text' },
      ...(paid
        ? [
            { header: 'Dispute', kind: 'text' as const },
            { header: 'Other tickets', kind: 'text' as const },
          ]
        : []),
    ],
    rows: rows.map((r) => [
      r.id,
      r.customerName,
      r.customerEmail,
      r.customerPhone,
      r.adultTickets,
      r.childTickets,
      ...(paid ? [r.validTickets ?? 0, r.admitted ?? 0] : []),
      r.totalAmount,
      zonedDateTime(new Date(r.createdAt), timeZone),
      ...(paid ? [disputeLabel(r.dispute), r.otherTickets || null] : []),
    ]),
  };
}
