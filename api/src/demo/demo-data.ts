import { randomUUID } from 'node:crypto';
import { priceParty, PROMO_DISCOUNT_PERCENT, TICKET_HOLD_MINUTES } from '@festival/contracts';
import type { EntityManager } from 'typeorm';
import { FeastOrderEntity } from '../modules/feast/feast-order.entity.js';
import { PartyOrderEntity } from '../modules/tickets/party-order.entity.js';

/** A small deterministic generator, so every demo database looks the same. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'Asha',
  'Ravi',
  'Priya',
  'Karthik',
  'Lakshmi',
  'Arjun',
  'Divya',
  'Suresh',
  'Meena',
  'Vikram',
  'Anita',
  'Rahul',
  'Deepa',
  'Sanjay',
  'Kavya',
  'Naveen',
  'Emily',
  'Jordan',
  'Maria',
  'Chen',
];
const LAST = [
  'Raman',
  'Iyer',
  'Krishnan',
  'Nair',
  'Reddy',
  'Menon',
  'Subramanian',
  'Rao',
  'Pillai',
  'Shah',
  'Garcia',
  'Nguyen',
  'Smith',
  'Patel',
  'Kumar',
];
const PACKS = [
  { name: 'Vegetarian Feast Pack', cents: 3999 },
  { name: 'Non-Vegetarian Feast Pack', cents: 4999 },
  { name: 'Sweets Box', cents: 1499 },
  { name: 'Extra Biryani Tray', cents: 2499 },
];

export interface DemoOrders {
  feastOrders: FeastOrderEntity[];
  paidTickets: PartyOrderEntity[];
  abandonedCarts: PartyOrderEntity[];
}

function person(random: () => number, index: number) {
  const first = FIRST[Math.floor(random() * FIRST.length)];
  const last = LAST[Math.floor(random() * LAST.length)];
  return {
    name: `${first} ${last}`,
    email: `${first}.${last}.${index}@example.com`.toLowerCase(),
    phone: `(408) 555-${String(1000 + Math.floor(random() * 8999)).padStart(4, '0')}`,
  };
}

/**
 * Demo orders, party tickets and abandoned carts for exploring the staff dashboard, not yet
 * stored. Fictional people with example.com addresses and 555 numbers; dates spread over the
 * weeks before `now`.
 */
export function buildDemoOrders(manager: EntityManager, now = new Date(), seed = 2025): DemoOrders {
  const random = seededRandom(seed);
  const daysAgo = (max: number) => new Date(now.getTime() - Math.floor(random() * max * 24 * 60) * 60_000 - 60 * 60_000);

  const feastOrders: FeastOrderEntity[] = [];
  for (let i = 0; i < 64; i += 1) {
    const who = person(random, i);
    const items = PACKS.filter(() => random() < 0.45).map((p) => ({ name: p.name, quantity: 1 + Math.floor(random() * 3) }));
    if (items.length === 0) items.push({ name: PACKS[0].name, quantity: 1 });
    const total = items.reduce((sum, item) => sum + item.quantity * PACKS.find((p) => p.name === item.name)!.cents, 0);
    feastOrders.push(
      manager.create(FeastOrderEntity, {
        eventId: 1,
        id: randomUUID(),
        customerName: who.name,
        customerEmail: who.email,
        customerPhone: who.phone,
        pickupDate: random() < 0.5 ? 'October 18' : 'October 19',
        pickupTime: ['11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM'][Math.floor(random() * 4)],
        items: JSON.stringify(items),
        totalCents: Math.round(total * 1.0938),
        createdAt: daysAgo(30),
      }),
    );
  }

  const partyOrder = (i: number, status: 'paid' | 'pending', createdAt: Date) => {
    const who = person(random, 100 + i);
    const adultTickets = 1 + Math.floor(random() * 4);
    const childTickets = random() < 0.4 ? Math.floor(random() * 3) : 0;
    const promoApplied = random() < 0.2;
    const price = priceParty({
      adultTickets,
      childTickets,
      adultPriceCents: 4999,
      childPriceCents: 2999,
      promoPercent: promoApplied ? PROMO_DISCOUNT_PERCENT : 0,
    });
    return manager.create(PartyOrderEntity, {
      eventId: 1,
      id: randomUUID(),
      status,
      customerName: who.name,
      customerEmail: who.email,
      customerPhone: who.phone,
      ...price,
      promoCode: promoApplied ? 'DIWALI5' : null,
      paymentIntentId: null,
      holdExpiresAt: new Date(createdAt.getTime() + TICKET_HOLD_MINUTES * 60_000),
      paidAt: status === 'paid' ? new Date(createdAt.getTime() + 3 * 60_000) : null,
      refundId: null,
      analyticsSessionId: null,
      emailStatus: status === 'paid' ? 'sent' : 'none',
      createdAt,
    });
  };
  const paidTickets: PartyOrderEntity[] = [];
  const abandonedCarts: PartyOrderEntity[] = [];
  for (let i = 0; i < 46; i += 1) paidTickets.push(partyOrder(i, 'paid', daysAgo(21)));
  for (let i = 0; i < 12; i += 1) abandonedCarts.push(partyOrder(100 + i, 'pending', daysAgo(10)));
  return { feastOrders, paidTickets, abandonedCarts };
}
