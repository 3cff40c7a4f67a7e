import type { EntityManager } from 'typeorm';
import { AnalyticsEventEntity } from '../modules/analytics/analytics-event.entity.js';
import type { DemoOrders } from './demo-data.js';
import { seededRandom } from './demo-data.js';
import { SyntheticVisitors, type SyntheticVisit } from './synthetic-visitors.js';

export interface DemoAnalytics {
  events: AnalyticsEventEntity[];
  visits: number;
}

/**
 * A few thousand visitor events over the weeks before `now`, across the marketing links,
 * search, review sites and direct visits, from phones, tablets and computers: page views with
 * their behaviour, catering clicks, carts and checkouts of both funnels, and the server's
 * conversions for every demo order and paid ticket order (tied to the buyer's visit and the
 * order's id; each paid order gets its analytics session). The same numbers, sources, times and
 * places for a seed; the ids are random.
 */
export function buildDemoAnalytics(manager: EntityManager, orders: DemoOrders, now = new Date(), seed = 1024): DemoAnalytics {
  const random = seededRandom(seed);
  const visitors = new SyntheticVisitors(random);
  const visits: SyntheticVisit[] = [];
  const minutes = (n: number) => n * 60_000;
  const minutesBetween = (min: number, max: number) => minutes(min + Math.floor(random() * (max - min + 1)));

  // The buyers: a visit ending in each demo order.
  for (const order of orders.feastOrders) {
    const visit = visitors.visit(new Date(order.createdAt.getTime() - minutesBetween(4, 25)), 'landing');
    visits.push(visit);
    const took = order.createdAt.getTime() - visit.start.getTime();
    visit.pageView('landing', 0, true);
    visit.event('add_to_cart', Math.floor(took * 0.3), { metadata: { packs: 1 } });
    if (random() < 0.4) visit.event('add_to_cart', Math.floor(took * 0.45), { metadata: { packs: 2 } });
    visit.event('checkout_started', Math.floor(took * 0.7), {
      userName: order.customerName,
      userEmail: order.customerEmail,
      userPhone: order.customerPhone,
    });
    visit.event('order_completed', took, {
      entityId: order.id,
      userName: order.customerName,
      userEmail: order.customerEmail,
      userPhone: order.customerPhone,
      metadata: { totalCents: order.totalCents },
    });
  }
  const ticketBuyers = [
    ...orders.paidTickets.map((order) => ({ order, paid: true })),
    ...orders.abandonedCarts.map((order) => ({ order, paid: false })),
  ];
  for (const { order, paid } of ticketBuyers) {
    const visit = visitors.visit(new Date(order.createdAt.getTime() - minutesBetween(3, 15)), 'party');
    visits.push(visit);
    const took = order.createdAt.getTime() - visit.start.getTime();
    const tickets = { adultTickets: order.adultTickets, childTickets: order.childTickets };
    const buyer = { userName: order.customerName, userEmail: order.customerEmail, userPhone: order.customerPhone };
    visit.pageView('party', 0, true);
    visit.event('party_add_to_cart', Math.floor(took * 0.4), { metadata: tickets });
    visit.event('party_checkout_started', took, { ...buyer, metadata: { ...tickets, totalCents: order.totalCents } });
    if (paid) {
      order.analyticsSessionId = visit.sessionId;
      visit.event('party_order_completed', took + minutes(3), {
        entityId: order.id,
        ...buyer,
        metadata: { ...tickets, totalCents: order.totalCents },
      });
    }
  }

  // Everyone else: browsing, a catering call, carts and checkouts that went no further.
  const BROWSERS = 1650;
  for (let i = 0; i < BROWSERS; i += 1) visits.push(visitors.browse(new Date(now.getTime() - minutesBetween(60, 30 * 24 * 60))));

  const events = visits
    .flatMap((v) => v.events)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((event) => manager.create(AnalyticsEventEntity, event));
  return { events, visits: visits.length };
}
