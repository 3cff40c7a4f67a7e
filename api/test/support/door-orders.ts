import { randomUUID } from 'node:crypto';
import { PartyOrderEntity } from '../../src/modules/tickets/party-order.entity.js';
import type { TestApp } from './test-app.js';

/**
 * A party order as the database holds it, written straight to its table for the door's specs:
 * paid, 2 adults and 1 child of season 1 at the default prices, unless told otherwise.
 */
export async function insertPartyOrder(t: TestApp, overrides: Partial<PartyOrderEntity> = {}): Promise<PartyOrderEntity> {
  const now = new Date();
  const row = {
    id: randomUUID(),
    eventId: 1,
    status: 'paid' as const,
    customerName: 'Meena Iyer',
    customerEmail: 'meena.iyer@example.com',
    customerPhone: '(408) 555-0142',
    adultTickets: 2,
    childTickets: 1,
    adultPriceCents: 4999,
    childPriceCents: 2999,
    subtotalCents: 12997,
    groupDiscountPercent: 0,
    groupDiscountCents: 0,
    promoCode: null,
    promoDiscountPercent: 0,
    promoDiscountCents: 0,
    taxCents: 1219,
    totalCents: 14216,
    paymentIntentId: null,
    holdExpiresAt: now,
    paidAt: now,
    refundId: null,
    analyticsSessionId: null,
    emailStatus: 'sent' as const,
    clientAddress: null,
    ...overrides,
  };
  await t.dataSource.getRepository(PartyOrderEntity).insert(row);
  return t.dataSource.getRepository(PartyOrderEntity).findOneByOrFail({ id: row.id });
}

/** A ticket code with the character at `index` replaced by another base32 character. */
export const editAt = (code: string, index: number): string =>
  code.slice(0, index) + (code[index] === 'Q' ? 'R' : 'Q') + code.slice(index + 1);
