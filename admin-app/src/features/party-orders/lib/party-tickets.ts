import { orderReference, type PaidPartyTicketRow } from '@festival/contracts';
import { csvDate, csvDateTime, toCsv } from '#shared/lib/csv.ts';

/** Guests an order admits: its adult and child tickets (children under 5 hold none). */
export const guestsOf = (ticket: Pick<PaidPartyTicketRow, 'adultTickets' | 'childTickets'>): number =>
  ticket.adultTickets + ticket.childTickets;

/** `2 of 3 in`, or null while nobody of the order has been admitted. */
export function checkInState(ticket: Pick<PaidPartyTicketRow, 'adultTickets' | 'childTickets' | 'admitted'>): string | null {
  return ticket.admitted > 0 ? `${ticket.admitted} of ${guestsOf(ticket)} in` : null;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * The ticket orders whose buyer's name, e-mail, phone or reference contain every word of the
 * search (case-insensitive; a phone number matches however its digits are grouped; an empty
 * search keeps them all).
 */
export function searchTickets<T extends PaidPartyTicketRow>(tickets: readonly T[], search: string): T[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...tickets];
  return tickets.filter((ticket) => {
    const text = [ticket.customerName, ticket.customerEmail, ticket.customerPhone, orderReference(ticket.id)].join(' ').toLowerCase();
    const phone = digitsOf(ticket.customerPhone);
    return words.every(
      (word) => text.includes(word) || (/^[\d()+.-]+$/.test(word) && digitsOf(word) !== '' && phone.includes(digitsOf(word))),
    );
  });
}

/**
 * A name's sorting parts for the door list: the last word (the family name, as most buyers
 * type it: `Asha Raman`), then the rest. A one-word name is its own last name.
 */
export function splitLastName(name: string): { first: string; last: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first: '', last: words[0] ?? '' };
  return { first: words.slice(0, -1).join(' '), last: words[words.length - 1] };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The orders alphabetical by last name, then first names, then reference (a stable order on paper). */
export function byLastName<T extends Pick<PaidPartyTicketRow, 'id' | 'customerName'>>(tickets: readonly T[]): T[] {
  return [...tickets].sort((a, b) => {
    const x = splitLastName(a.customerName);
    const y = splitLastName(b.customerName);
    return collator.compare(x.last, y.last) || collator.compare(x.first, y.first) || a.id.localeCompare(b.id);
  });
}

export const PARTY_TICKET_CSV_COLUMNS = [
  'Reference',
  'Order ID',
  'Customer Name',
  'Email',
  'Phone',
  'Adult Tickets',
  'Child Tickets',
  'Checked In',
  'Total',
  'Order Date',
  'Other tickets',
] as const;

/** The export: one row per paid order, its check-in state as `2 of 3` (`0 of 3` before anyone is in). */
export function partyTicketsCsv(tickets: readonly PaidPartyTicketRow[]): string {
  return toCsv([
    PARTY_TICKET_CSV_COLUMNS,
    ...tickets.map((t) => [
      orderReference(t.id),
      t.id,
      t.customerName,
      t.customerEmail,
      t.customerPhone,
      t.adultTickets,
      t.childTickets,
      `${t.admitted} of ${guestsOf(t)}`,
      (t.totalAmount / 100).toFixed(2),
      csvDateTime(new Date(t.createdAt)),
      t.otherTickets ?? '',
    ]),
  ]);
}

/** `party-tickets-2025-10-24.csv`, with today's local date. */
export function partyTicketsCsvFileName(now = new Date()): string {
  return `party-tickets-${csvDate(now)}.csv`;
}
