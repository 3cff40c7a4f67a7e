import { randomUUID } from 'node:crypto';
import type { PageSections } from '@festival/contracts';
import type { AnalyticsEventEntity } from '../modules/analytics/analytics-event.entity.js';
import { normaliseAttribution, type Attribution } from '../modules/analytics/attribution.js';

// The one generator of synthetic visitors: the demo seed's analytics (a few thousand events
// around the demo orders) and the data-at-scale benchmark (a million events) both draw their
// visits from it. Plain objects, no database: the caller stores them its own way.

export type Random = () => number;

/** One analytics event as stored: the columns of an `analytics_events` row without its id. */
export type SyntheticEvent = Omit<AnalyticsEventEntity, 'id'>;

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
  {
    weight: 17,
    utmSource: 'facebook',
    utmMedium: 'social',
    utmCampaign: FEAST_CAMPAIGN,
    utmContent: ['feed_post', 'story'],
    lands: 'landing',
  },
  {
    weight: 14,
    utmSource: 'instagram',
    utmMedium: 'social',
    utmCampaign: FEAST_CAMPAIGN,
    utmContent: ['bio_link', 'reel'],
    lands: 'landing',
  },
  { weight: 5, utmSource: 'twitter', utmMedium: 'social', utmCampaign: FEAST_CAMPAIGN, lands: 'landing' },
  { weight: 10, utmSource: 'whatsapp', utmMedium: 'messaging', utmCampaign: FEAST_CAMPAIGN, lands: 'landing' },
  {
    weight: 9,
    utmSource: 'email',
    utmMedium: 'email',
    utmCampaign: FEAST_CAMPAIGN,
    utmContent: ['hero_button', 'footer_link'],
    lands: 'landing',
  },
  { weight: 5, utmSource: 'sms', utmMedium: 'text', utmCampaign: FEAST_CAMPAIGN, lands: 'landing' },
  { weight: 9, utmSource: 'facebook', utmMedium: 'social', utmCampaign: PARTY_CAMPAIGN, utmContent: ['event_post'], lands: 'party' },
  { weight: 7, utmSource: 'instagram', utmMedium: 'social', utmCampaign: PARTY_CAMPAIGN, utmContent: ['story'], lands: 'party' },
  { weight: 9, referrer: 'https://www.google.com/', lands: 'either' },
  { weight: 3, referrer: 'https://www.yelp.com/biz/saffron-leaf-san-jose', lands: 'either' },
  { weight: 12, lands: 'either' },
];

/** The weight of all newsletter campaigns together, when there are some (`newsletterCampaigns`). */
const NEWSLETTER_WEIGHT = 4;

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

const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

interface Place {
  weight: number;
  geoCity: string | null;
  geoRegion: string | null;
  geoCountry: string | null;
  geoLatitude: number | null;
  geoLongitude: number | null;
}

const place = (
  weight: number,
  geoCity: string,
  geoRegion: string,
  geoCountry: string,
  geoLatitude: number,
  geoLongitude: number,
): Place => ({
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
const minutes = (n: number) => n * 60_000;

/** An address from the documentation ranges (RFC 5737): realistic-looking, owned by nobody. */
function documentationIp(random: Random): string {
  return `${oneOf(random, ['192.0.2', '198.51.100', '203.0.113'])}.${between(random, 1, 254)}`;
}

/**
 * Scroll depth, time on page and the sections a visitor saw, consistent with each other. Only
 * the landing page marks sections (hero, packs, footer); the party page reports none.
 */
function behaviour(random: Random, page: 'landing' | 'party', engaged: boolean) {
  const scrollDepth = engaged ? between(random, 55, 100) : oneOf(random, [0, between(random, 5, 40), between(random, 20, 90)]);
  const timeOnPage = engaged
    ? between(random, 45_000, 420_000)
    : oneOf(random, [between(random, 800, 9_000), between(random, 9_000, 95_000)]);
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

/** One visitor's events; `at` is milliseconds after the visit began. */
export class SyntheticVisit {
  readonly events: SyntheticEvent[] = [];
  private readonly attribution: Attribution;

  constructor(
    private readonly random: Random,
    private readonly newId: () => string,
    readonly sessionId: string,
    readonly start: Date,
    readonly channel: Channel,
    readonly bot: boolean,
    private readonly client: { ipAddress: string; userAgent: string; where: Place },
    readonly eventId = 1,
  ) {
    this.attribution = normaliseAttribution({
      utmSource: channel.utmSource ?? null,
      utmMedium: channel.utmMedium ?? null,
      utmCampaign: channel.utmCampaign ?? null,
      referrer: channel.referrer ?? null,
    });
  }

  /** The page the visit lands on: its channel's, or for search and direct visits mostly the landing page. */
  landsOn(): 'landing' | 'party' {
    const { lands } = this.channel;
    return lands === 'either' ? (this.random() < 0.7 ? 'landing' : 'party') : lands;
  }

  pageView(page: 'landing' | 'party', at: number, engaged: boolean): void {
    this.event(page === 'landing' ? 'page_view' : 'party_page_view', at, {
      pageViewId: this.newId(),
      ...behaviour(this.random, page, engaged),
    });
  }

  event(eventType: string, at: number, fields: Partial<SyntheticEvent> = {}): void {
    const { channel, client } = this;
    this.events.push({
      eventId: this.eventId,
      eventType,
      sessionId: this.sessionId,
      pageViewId: null,
      entityId: null,
      createdAt: new Date(this.start.getTime() + at),
      userName: null,
      userEmail: null,
      userPhone: null,
      ipAddress: client.ipAddress,
      userAgent: client.userAgent,
      isBot: this.bot,
      gpc: false,
      geoCity: client.where.geoCity,
      geoRegion: client.where.geoRegion,
      geoCountry: client.where.geoCountry,
      geoLatitude: client.where.geoLatitude,
      geoLongitude: client.where.geoLongitude,
      scrollDepth: null,
      timeOnPage: null,
      pageSections: null,
      utmSource: channel.utmSource ?? null,
      utmMedium: channel.utmMedium ?? null,
      utmCampaign: channel.utmCampaign ?? null,
      utmContent: channel.utmContent ? oneOf(this.random, channel.utmContent) : null,
      utmTerm: null,
      referrer: channel.referrer ?? null,
      attributionSource: this.attribution.source,
      attributionMedium: this.attribution.medium,
      attributionCampaign: this.attribution.campaign,
      metadata: null,
      ...fields,
    });
  }
}

export interface SyntheticVisitorsOptions {
  /** Ids of sessions and page views: random UUIDs by default, so seeding twice never collides. */
  newId?: () => string;
  /** The share of visits made by a crawler: their events are marked as bots and never buy. */
  botShare?: number;
  /** Newsletter campaigns (`newsletter` / `email` / `promo_<n>`) besides the marketing links: a long tail of sources. */
  newsletterCampaigns?: number;
  /** The party (season) the visits belong to: the first one by default. */
  eventId?: number;
}

/** What a browsing visitor buys when they finish a checkout: the order's id, or nothing. */
export type Purchase = (kind: 'feast' | 'party') => string | null;

/**
 * Visitors of the site across the marketing links, search, review sites and direct visits,
 * from phones, tablets and computers, with their behaviour. The same visits for the same
 * random generator (only the ids are random by default).
 */
export class SyntheticVisitors {
  private readonly channels: Channel[];
  private readonly newId: () => string;
  private readonly botShare: number;
  private readonly eventId: number;

  constructor(
    private readonly random: Random,
    { newId = randomUUID, botShare = 0, newsletterCampaigns = 0, eventId = 1 }: SyntheticVisitorsOptions = {},
  ) {
    this.newId = newId;
    this.botShare = botShare;
    this.eventId = eventId;
    const newsletters = Array.from({ length: newsletterCampaigns }, (_, i): Channel => ({
      weight: NEWSLETTER_WEIGHT / newsletterCampaigns,
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: `promo_${i}`,
      lands: 'landing',
    }));
    this.channels = [...CHANNELS, ...newsletters];
  }

  /** A visit beginning at `start`, from a channel that leads to `lands` (any channel when not given). */
  visit(start: Date, lands?: 'landing' | 'party'): SyntheticVisit {
    const { random } = this;
    const candidates = lands ? this.channels.filter((c) => c.lands === lands || c.lands === 'either') : this.channels;
    const channel = pick(random, candidates);
    const bot = this.botShare > 0 && random() < this.botShare;
    const client = {
      ipAddress: documentationIp(random),
      userAgent: bot ? CRAWLER : oneOf(random, pick(random, DEVICES).agents),
      where: pick(random, PLACES),
    };
    return new SyntheticVisit(random, this.newId, this.newId(), start, channel, bot, client, this.eventId);
  }

  /**
   * A visitor who browses: a page view, maybe a catering call, carts and checkouts of either
   * funnel, a look at the party page. A checkout completes only when `purchase` names the order
   * (never for a crawler).
   */
  browse(start: Date, purchase: Purchase = () => null): SyntheticVisit {
    const { random } = this;
    const visit = this.visit(start);
    const buys = (kind: 'feast' | 'party') => (visit.bot ? null : purchase(kind));
    const page = visit.landsOn();
    const engaged = random() < 0.35;
    visit.pageView(page, 0, engaged);
    if (page === 'landing') {
      if (random() < 0.06)
        visit.event('catering_clicked', minutes(1), { metadata: { phone_number: '(408) 555-0142', source: 'catering_card' } });
      if (engaged && random() < 0.3) {
        visit.event('add_to_cart', minutes(2), { metadata: { packs: 1 } });
        if (random() < 0.45) {
          visit.event('checkout_started', minutes(4));
          const order = buys('feast');
          if (order) visit.event('order_completed', minutes(7), { entityId: order });
        }
      }
      // Some go on to look at the party too.
      if (random() < 0.12) visit.pageView('party', minutes(9), random() < 0.5);
    } else if (engaged && random() < 0.35) {
      const tickets = { adultTickets: between(random, 1, 4), childTickets: between(random, 0, 2) };
      visit.event('party_add_to_cart', minutes(2), { metadata: tickets });
      if (random() < 0.4) {
        visit.event('party_checkout_started', minutes(3));
        const order = buys('party');
        if (order) visit.event('party_order_completed', minutes(6), { entityId: order, metadata: tickets });
      }
    }
    return visit;
  }
}
