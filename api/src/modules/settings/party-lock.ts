/**
 * The lock every hold, payment completion and capacity change takes (docs/party-tickets.md). It
 * is the Tickets section's: the capacity saved here is counted against the orders held under it.
 */
export const PARTY_LOCK = 'party_tickets';
