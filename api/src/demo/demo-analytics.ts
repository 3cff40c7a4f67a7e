import { randomUUID } from 'node:crypto';
import type { PageSections } from '@festival/contracts';
import type { EntityManager } from 'typeorm';
import { AnalyticsEventEntity } from '../modules/analytics/analytics-event.entity.js';
import { normaliseAttribution } from '../modules/analytics/attribution.js';
import type { DemoOrders } from './demo-data.js';
import { seededRandom } from './demo-data.js';

type Random = () => number;

/** Where a visit came from: a marketing link's utm values, a referring site, or nowhere. */
interface Channel {
  weight: number;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmContent?: string[];
  referrer?: string;
  /** The page the visit lands on: the party links go to /diwali-party. */
  lands: 'landing' | 'party' | 'either';
}

const FEAST_CAMPAIGN = 'diwali2024';
const PARTY_CAMPAIGN = 'diwali_party_2024';

/** The dashboard's marketing links, plus search, review sites and direct visits. */
const CHANNELS: Channel[] = [
  { weight: 17, utmSource: 'facebook', utmMedium: 'social', utmCampaign: FEAST_CAMPAIGN, utmContent: ['feed_post', 'story'], lands: 'landing' },
  { weight: 14, utmSource: 'instagram', utmMedium: 'social', utmCampaign: FEAST_CAMPAIGN, utmContent: ['bio_link', 'reel'], lands: 'landing' },
  { weight: 5, utmSource: 'twitter', utmMedium: 'social', utmCampaign: FEAST_CAMPAIGN, lands: 'landing' },
  { weight: 10, utmSource: 'whatsapp', utmMedium: 'messaging', utmCampaign: FEAST_CAMPAIGN, lands: 'landing' },
  { weight: 9, utmSource: 'email', utmMedium: 'email', utmCampaign: FEAST_CAMPAIGN, utmContent: ['hero_button', 'footer_link'], lands: 'landing' },
  { weight: 5, utmSource: 'sms', utmMedium: 'text', utmCampaign: FEAST_CAMPAIGN, lands: 'landing' },
  { weight: 9, utmSource: 'facebook', utmMedium: 'social', utmCampaign: PARTY_CAMPAIGN, utmContent: ['event_post'], lands: 'party' },
  { weight: 7, utmSource: 'instagram', utmMedium: 'social', utmCampaign: PARTY_CAMPAIGN, utmContent: ['story'], lands: 'party' },
  { weight: 9, referrer: 'https://www.google.com/', lands: 'either' },
  { weight: 3, referrer: 'https://www.yelp.com/biz/saffron-leaf-san-jose', lands: 'either' },
  { weight: 12, lands: 'either' },
];

/** Phones, tablets and computers in roughly the shares a restaurant's site sees. */
const DEVICES: { weight: number; agents: string[] }[] = [
  {
    weight: 58,
    agents: [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/129.0.6668.46 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Linux; Android 14; SM-S921U) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    ],
  },
  {
    weight: 12,
    agents: [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36',
    ],
  },
  {
    weight: 30,
    agents: [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:130.0) Gecko/20100101 Firefox/130.0',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36',
    ],
  },
];

interface Place {
  weight: number;
  geoCity: string | null;
  geoRegion: string | null;
  geoCountry: string | null;
  geoLatitude: number | null;
  geoLongitude: number | null;
}

const place = (weight: number, geoCity: string, geoRegion: string, geoCountry: string, geoLatitude: number, geoLongitude: number): Place => ({
  weight,
  geoCity,
  geoRegion,
  geoCountry,
  geoLatitude,
  geoLongitude,
});

/** Mostly the South Bay, some family and friends further away, a few addresses with no place. */
const PLACES: Place[] = [
  place(22, 'San Jose', 'CA', 'US', 37.3382, -121.8863),
  place(14, 'Milpitas', 'CA', 'US', 37.4323, -121.8996),
  place(10, 'Santa Clara', 'CA', 'US', 37.3541, -121.9552),
  place(9, 'Sunnyvale', 'CA', 'US', 37.3688, -122.0363),
  place(9, 'Fremont', 'CA', 'US', 37.5485, -121.9886),
  place(5, 'Cupertino', 'CA', 'US', 37.323, -122.0322),
  place(4, 'Mountain View', 'CA', 'US', 37.3861, -122.0839),
  place(5, 'San Francisco', 'CA', 'US', 37.7749, -122.4194),
  place(3, 'Oakland', 'CA', 'US', 37.8044, -122.2712),
  place(2, 'Seattle', 'WA', 'US', 47.6062, -122.3321),
  place(2, 'Austin', 'TX', 'US', 30.2672, -97.7431),
  place(2, 'Chennai', 'TN', 'IN', 13.0827, 80.2707),
  place(1, 'Toronto', 'ON', 'CA', 43.6532, -79.3832),
  { weight: 4, geoCity: null, geoRegion: null, geoCountry: null, geoLatitude: null, geoLongitude: null },
];

function pick<T extends { weight: number }>(random: Random, options: T[]): T {
  const total = options.reduce((sum, o) => sum + o.weight, 0);
  let roll = random() * total;
  for (const option of options) {
    roll -= option.weight;
    if (roll < 0) return option;
  }
  return options[options.length - 1];
}

const oneOf = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** An address from the documentation ranges (RFC 5737): realistic-looking, owned by nobody. */
function demoIp(random: Random): string {
  return `${oneOf(random, ['192.0.2', '198.51.100', '203.0.113'])}.${between(random, 1, 254)}`;
}

/**
 * Scroll depth, time on page and the sections a visitor saw, consistent with each other. Only
 * the landing page marks sections (hero, packs, footer); the party page reports none.
 */
function behaviour(random: Random, page: 'landing' | 'party', engaged: boolean) {
  const scrollDepth = engaged ? between(random, 55, 100) : oneOf(random, [0, between(random, 5, 40), between(random, 20, 90)]);
  const timeOnPage = engaged ? between(random, 45_000, 420_000) : oneOf(random, [between(random, 800, 9_000), between(random, 9_000, 95_000)]);
  if (page === 'party') return { scrollDepth, timeOnPage, pageSections: null };
  const names = ['hero', 'packs', 'footer'];
  const reached = scrollDepth >= 90 ? 3 : scrollDepth >= 35 ? 2 : 1;
  const pageSections: PageSections = {};
  let left = timeOnPage;
  names.slice(0, reached).forEach((name, index) => {
    const visibleMs = index === reached - 1 ? left : Math.floor(left * (0.3 + random() * 0.4));
    left -= visibleMs;
    pageSections[name] = { count: between(random, 1, 3), visibleMs };
  });
  return { scrollDepth, timeOnPage, pageSections };
}

interface Visit {
  sessionId: string;
  channel: Channel;
  ipAddress: string;
  userAgent: string;
  where: Place;
  /** When the visit began. */
  start: Date;
}

/** Builds one visitor's events; `at` is milliseconds after the visit began. */
class VisitEvents {
  readonly events: AnalyticsEventEntity[] = [];

  constructor(
    private readonly manager: EntityManager,
    private readonly random: Random,
    readonly visit: Visit,
  ) {}

  private add(eventType: string, at: number, fields: Partial<AnalyticsEventEntity> = {}): void {
    const { channel, where } = this.visit;
    const attribution = normaliseAttribution({
      utmSource: channel.utmSource ?? null,
      utmMedium: channel.utmMedium ?? null,
      utmCampaign: channel.utmCampaign ?? null,
      referrer: channel.referrer ?? null,
    });
    this.events.push(
      this.manager.create(AnalyticsEventEntity, {
        eventType,
        sessionId: this.visit.sessionId,
        pageViewId: null,
        entityId: null,
        createdAt: new Date(this.visit.start.getTime() + at),
        userName: null,
        userEmail: null,
        userPhone: null,
        ipAddress: this.visit.ipAddress,
        userAgent: this.visit.userAgent,
        isBot: false,
        geoCity: where.geoCity,
        geoRegion: where.geoRegion,
        geoCountry: where.geoCountry,
        geoLatitude: where.geoLatitude,
        geoLongitude: where.geoLongitude,
        scrollDepth: null,
        timeOnPage: null,
        pageSections: null,
        utmSource: channel.utmSource ?? null,
        utmMedium: channel.utmMedium ?? null,
        utmCampaign: channel.utmCampaign ?? null,
        utmContent: channel.utmContent ? oneOf(this.random, channel.utmContent) : null,
        utmTerm: null,
        referrer: channel.referrer ?? null,
        attributionSource: attribution.source,
        attributionMedium: attribution.medium,
        attributionCampaign: attribution.campaign,
        metadata: null,
        ...fields,
      }),
    );
  }

  pageView(page: 'landing' | 'party', at: number, engaged: boolean): void {
    this.add(page === 'landing' ? 'page_view' : 'party_page_view', at, { pageViewId: randomUUID(), ...behaviour(this.random, page, engaged) });
  }

  event(eventType: string, at: number, fields: Partial<AnalyticsEventEntity> = {}): void {
    this.add(eventType, at, fields);
  }
}

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
  const visits: VisitEvents[] = [];
  const newVisit = (start: Date, lands?: 'landing' | 'party') => {
    const candidates = lands ? CHANNELS.filter((c) => c.lands === lands || c.lands === 'either') : CHANNELS;
    const visit = new VisitEvents(manager, random, {
      // Random ids (like the orders'), so seeding twice with --force never collides.
      sessionId: randomUUID(),
      channel: pick(random, candidates),
      ipAddress: demoIp(random),
      userAgent: oneOf(random, pick(random, DEVICES).agents),
      where: pick(random, PLACES),
      start,
    });
    visits.push(visit);
    return visit;
  };
  const landsOn = (visit: VisitEvents): 'landing' | 'party' => {
    const { lands } = visit.visit.channel;
    return lands === 'either' ? (random() < 0.7 ? 'landing' : 'party') : lands;
  };
  const minutes = (n: number) => n * 60_000;

  // The buyers: a visit ending in each demo order.
  for (const order of orders.feastOrders) {
    const visit = newVisit(new Date(order.createdAt.getTime() - minutes(between(random, 4, 25))), 'landing');
    const took = order.createdAt.getTime() - visit.visit.start.getTime();
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
    const visit = newVisit(new Date(order.createdAt.getTime() - minutes(between(random, 3, 15))), 'party');
    const took = order.createdAt.getTime() - visit.visit.start.getTime();
    const tickets = { adultTickets: order.adultTickets, childTickets: order.childTickets };
    const buyer = { userName: order.customerName, userEmail: order.customerEmail, userPhone: order.customerPhone };
    visit.pageView('party', 0, true);
    visit.event('party_add_to_cart', Math.floor(took * 0.4), { metadata: tickets });
    visit.event('party_checkout_started', took, { ...buyer, metadata: { ...tickets, totalCents: order.totalCents } });
    if (paid) {
      order.analyticsSessionId = visit.visit.sessionId;
      visit.event('party_order_completed', took + minutes(3), { entityId: order.id, ...buyer, metadata: { ...tickets, totalCents: order.totalCents } });
    }
  }

  // Everyone else: browsing, a catering call, carts and checkouts that went no further.
  const BROWSERS = 1650;
  for (let i = 0; i < BROWSERS; i += 1) {
    const start = new Date(now.getTime() - minutes(between(random, 60, 30 * 24 * 60)));
    const visit = newVisit(start);
    const page = landsOn(visit);
    const engaged = random() < 0.35;
    visit.pageView(page, 0, engaged);
    if (page === 'landing') {
      if (random() < 0.06) visit.event('catering_clicked', minutes(1), { metadata: { phone_number: '(408) 555-0142', source: 'catering_card' } });
      if (engaged && random() < 0.3) {
        visit.event('add_to_cart', minutes(2), { metadata: { packs: 1 } });
        if (random() < 0.45) visit.event('checkout_started', minutes(4));
      }
      // Some go on to look at the party too.
      if (random() < 0.12) visit.pageView('party', minutes(6), random() < 0.5);
    } else if (engaged && random() < 0.35) {
      visit.event('party_add_to_cart', minutes(2), { metadata: { adultTickets: between(random, 1, 4), childTickets: between(random, 0, 2) } });
      if (random() < 0.4) visit.event('party_checkout_started', minutes(3));
    }
  }

  const events = visits.flatMap((v) => v.events).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return { events, visits: visits.length };
}
