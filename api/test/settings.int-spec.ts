import {
  DEFAULT_SITE_CONFIG,
  formatSaleDate,
  priceParty,
  type AdminSettings,
  type SiteConfig,
  type PartyOrderRequest,
  type TicketSettings,
} from '@festival/contracts';
import { PartyOrderEntity } from '../src/modules/tickets/party-order.entity.js';
import { createPartyOrderRequest } from './support/factories.js';
import { managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'staff-password-for-tests';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const ENV = { ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100' };

let buyers = 0;
/** A buyer of their own: a distinct e-mail (same-e-mail holds release each other) and address. */
function buyer(overrides: Partial<PartyOrderRequest> & { promoApplied?: boolean } = {}): {
  body: PartyOrderRequest;
  address: string;
} {
  buyers += 1;
  return {
    body: createPartyOrderRequest({ customerEmail: `settings.buyer${buyers}@example.com`, ...overrides }),
    address: `198.51.100.${(buyers % 250) + 1}`,
  };
}

function startOrder(t: TestApp, order: { body: PartyOrderRequest; address: string }) {
  return t.http.post('/api/party-payment-intent').set('X-Forwarded-For', order.address).send(order.body);
}

async function settingsOf(t: TestApp, cookie: string): Promise<AdminSettings> {
  return (await t.http.get('/api/admin/settings').set('Cookie', cookie).expect(200)).body as AdminSettings;
}

/** Saves the Tickets section with `changes` applied to what is saved now; expects `status`. */
async function saveTickets(
  t: TestApp,
  cookie: string,
  changes: Partial<Record<keyof TicketSettings, unknown>> & Record<string, unknown>,
  status: number,
) {
  const { tickets } = await settingsOf(t, cookie);
  return t.http
    .put('/api/admin/settings/tickets')
    .set('Cookie', cookie)
    .send({ ...tickets, ...changes })
    .expect(status);
}

/** Price of a selection at the given adult price and the default child price, tiers and tax. */
const totalAt = (adultPriceCents: number, adultTickets: number, childTickets: number) =>
  priceParty({ adultTickets, childTickets, adultPriceCents, childPriceCents: 2999, promoPercent: 0 }).totalCents;

describe(`settings: the Tickets section on ${TEST_DATABASE}`, () => {
  it('fills an empty database from the environment once; a saved section outlives a new TICKET_CAPACITY', async () => {
    const first = await createTestApp({ ...ENV, TICKET_CAPACITY: '40', TICKET_HOLD_SECONDS: '600' });
    try {
      const cookie = await managerCookie(first, PASSWORD);
      const settings = await settingsOf(first, cookie);
      expect(settings).toEqual({
        restaurant: DEFAULT_SITE_CONFIG.restaurant,
        event: expect.objectContaining({ name: DEFAULT_SITE_CONFIG.party.name, startsAt: DEFAULT_SITE_CONFIG.party.startsAt }),
        tickets: {
          adultPriceCents: 4999,
          childPriceCents: 2999,
          childMinAge: 5,
          childMaxAge: 9,
          capacity: 40,
          saleOpensAt: null,
          saleClosesAt: null,
          groupDiscountTiers: [
            { minTickets: 20, percent: 5 },
            { minTickets: 10, percent: 3 },
          ],
          taxRateBasisPoints: 938,
          holdSeconds: 600,
          waitlistOfferHours: 24,
        },
        ticketsSoldOrHeld: 0,
        timeZone: 'America/Los_Angeles',
      });
      await saveTickets(first, cookie, { capacity: 45 }, 200);
      await first.app.close();
      const sameDatabase: Record<string, string> =
        first.config.database.type === 'sqlite' ? { SQLITE_PATH: first.config.database.path } : {};
      const second = await createTestApp({ ...ENV, ...sameDatabase, TICKET_CAPACITY: '999' }, { keepDatabase: true });
      try {
        const again = await settingsOf(second, await managerCookie(second, PASSWORD));
        expect(again.tickets.capacity).toBe(45);
        await second.http.get('/api/party-ticket-stats').expect(200, { remaining: 45 });
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });

  it('another replica on the same database follows a change within seconds, and sells at it at once', async () => {
    const a = await createTestApp({ ...ENV, TICKET_CAPACITY: '40' });
    const sameDatabase: Record<string, string> = a.config.database.type === 'sqlite' ? { SQLITE_PATH: a.config.database.path } : {};
    const b = await createTestApp({ ...ENV, ...sameDatabase }, { keepDatabase: true });
    try {
      const quoteOnB = async () =>
        (await b.http.post('/api/party-quote').send({ adultTickets: 1, childTickets: 0 }).expect(200)).body.adultPriceCents as number;
      const siteOnB = async () => (await b.http.get('/api/site').expect(200)).body.party.adultPriceCents as number;
      // B has the old prices in its caches.
      expect([await quoteOnB(), await siteOnB()]).toEqual([4999, 4999]);

      await saveTickets(a, await managerCookie(a, PASSWORD), { adultPriceCents: 5499 }, 200);
      // B's intent reads the settings in its own transaction: the new price at once.
      await startOrder(b, buyer({ adultTickets: 1, childTickets: 0, totalAmount: totalAt(5499, 1, 0) })).expect(200);
      const changedAt = Date.now();
      for (;;) {
        if ((await quoteOnB()) === 5499 && (await siteOnB()) === 5499) break;
        if (Date.now() - changedAt > 10_000) throw new Error('replica B still quotes the old price after 10 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Its caches hold an answer at most a second each.
      expect(Date.now() - changedAt).toBeLessThan(3_000);
    } finally {
      await b.close();
      await a.close();
    }
  });

  describe('validation', () => {
    let t: TestApp;
    let cookie: string;
    beforeAll(async () => {
      t = await createTestApp({ ...ENV, TICKET_CAPACITY: '20' });
      cookie = await managerCookie(t, PASSWORD);
    });
    afterAll(() => t.close());

    it.each([
      [{ adultPriceCents: -1 }, 'adultPriceCents: Adult price cannot be negative'],
      [{ childPriceCents: -500 }, 'childPriceCents: Child price cannot be negative'],
      [{ adultPriceCents: 49.5 }, 'adultPriceCents: Adult price must be a whole number of cents'],
      [
        { saleOpensAt: '2026-09-10T10:00:00-07:00', saleClosesAt: '2026-09-01T10:00:00-07:00' },
        'saleClosesAt: Ticket sales cannot close before they open',
      ],
      [{ saleOpensAt: 'next Tuesday' }, 'saleOpensAt: Sale opens must be a date and time such as 2026-09-01T10:00:00-07:00'],
      [{ childMinAge: 9, childMaxAge: 5 }, 'childMinAge: Youngest child age cannot be above the oldest'],
      [{ capacity: -1 }, 'capacity: Capacity cannot be negative'],
      [{ taxRateBasisPoints: 10_001 }, 'taxRateBasisPoints: Tax rate cannot be more than 100%'],
      [{ holdSeconds: 2 }, 'holdSeconds: Hold time must be at least 5 seconds'],
      [
        {
          groupDiscountTiers: [
            { minTickets: 10, percent: 3 },
            { minTickets: 10, percent: 5 },
          ],
        },
        'groupDiscountTiers.1.minTickets: Two group discount tiers start at 10 tickets',
      ],
      [{ groupDiscountTiers: [{ minTickets: 10, percent: 101 }] }, 'groupDiscountTiers.0.percent: Group discount cannot be more than 100%'],
    ])('refuses %j with a 400 naming the field, and keeps the saved section', async (changes, message) => {
      const before = await settingsOf(t, cookie);
      const res = await saveTickets(t, cookie, changes, 400);
      expect(res.body.message).toBe(message);
      expect(await settingsOf(t, cookie)).toEqual(before);
    });

    it('refuses an unknown field and a missing one', async () => {
      await saveTickets(t, cookie, { surprise: true }, 400);
      const { tickets } = await settingsOf(t, cookie);
      const { capacity: _capacity, ...withoutCapacity } = tickets;
      const res = await t.http.put('/api/admin/settings/tickets').set('Cookie', cookie).send(withoutCapacity).expect(400);
      expect(res.body.message).toMatch(/^capacity: /);
    });

    it('refuses a capacity below the tickets already sold or held with a 409, and takes one equal to them', async () => {
      await startOrder(t, buyer({ adultTickets: 2, childTickets: 1 })).expect(200);
      await startOrder(t, buyer({ adultTickets: 1, childTickets: 0 })).expect(200);
      expect((await settingsOf(t, cookie)).ticketsSoldOrHeld).toBe(4);
      const res = await saveTickets(t, cookie, { capacity: 3 }, 409);
      expect(res.body).toEqual({ message: 'Capacity cannot be below the 4 tickets already sold or held' });
      expect((await settingsOf(t, cookie)).tickets.capacity).toBe(20);
      await saveTickets(t, cookie, { capacity: 4 }, 200);
      await t.http.get('/api/party-ticket-stats').expect(200, { remaining: 0 });
    });
  });

  describe('changes', () => {
    let t: TestApp;
    let cookie: string;
    beforeEach(async () => {
      t = await createTestApp({ ...ENV, TICKET_CAPACITY: '40' });
      cookie = await managerCookie(t, PASSWORD);
    });
    afterEach(() => t.close());

    it('answers the saved section and writes one activity-log entry naming what changed', async () => {
      const res = await saveTickets(t, cookie, { adultPriceCents: 5499, capacity: 50 }, 200);
      expect(res.body).toMatchObject({ adultPriceCents: 5499, capacity: 50, childPriceCents: 2999 });
      expect((await settingsOf(t, cookie)).tickets).toEqual(res.body);
      const log = await t.http.get('/api/admin/activity?action=settings.change').set('Cookie', cookie).expect(200);
      expect(log.body.items).toEqual([
        expect.objectContaining({
          who: 'Manager',
          role: 'manager',
          action: 'settings.change',
          object: 'Tickets',
          detail: 'Adult price $49.99 → $54.99; Capacity 40 → 50',
        }),
      ]);
    });

    it("the child ages saved are the site configuration's, as numbers and as the English labels", async () => {
      await saveTickets(t, cookie, { childMinAge: 6, childMaxAge: 12 }, 200);
      const site = await t.http.get('/api/site').expect(200);
      expect(site.body.party).toMatchObject({
        childMinAge: 6,
        childMaxAge: 12,
        adultAges: 'Ages 13 and over',
        childAges: 'Ages 6 to 12',
        freeUnder: 'Under 6 free',
      });
      await saveTickets(t, cookie, { childMinAge: 5, childMaxAge: 9 }, 200);
    });

    it('a price change is seen by the next quote, intent and site configuration; an order placed before keeps its total', async () => {
      const before = buyer({ adultTickets: 2, childTickets: 1 });
      const placed = await startOrder(t, before).expect(200);
      await t.http
        .post('/api/payments/simulated/confirm')
        .send({ clientSecret: placed.body.clientSecret, ...CARD })
        .expect(200);
      const oldTotal = totalAt(4999, 2, 1);
      expect(before.body.totalAmount).toBe(oldTotal);

      await saveTickets(t, cookie, { adultPriceCents: 5499 }, 200);
      const newTotal = totalAt(5499, 2, 1);

      const site = await t.http.get('/api/site').expect(200);
      expect(site.body.party).toMatchObject({ adultPriceCents: 5499, childPriceCents: 2999, adultAges: 'Ages 10 and over' });
      const quote = await t.http.post('/api/party-quote').send({ adultTickets: 2, childTickets: 1 }).expect(200);
      expect(quote.body).toMatchObject({ adultPriceCents: 5499, totalCents: newTotal });

      // A buyer still on the old price is told the new total; one on the new price is sold at it.
      const stale = await startOrder(t, buyer({ adultTickets: 2, childTickets: 1 })).expect(409);
      expect(stale.body.message).toBe(`The price has changed: the total is now $${(newTotal / 100).toFixed(2)}. Please review your order.`);
      const fresh = await startOrder(t, buyer({ adultTickets: 2, childTickets: 1, totalAmount: newTotal })).expect(200);

      const orders = t.dataSource.getRepository(PartyOrderEntity);
      expect(await orders.findOneByOrFail({ id: placed.body.orderId })).toMatchObject({
        status: 'paid',
        adultPriceCents: 4999,
        totalCents: oldTotal,
      });
      expect(await orders.findOneByOrFail({ id: fresh.body.orderId })).toMatchObject({ adultPriceCents: 5499, totalCents: newTotal });
      const listed = await t.http.get('/api/party-tickets').set('Cookie', cookie).expect(200);
      const rows = listed.body as { id: string; totalAmount: number }[];
      expect(rows.find((row) => row.id === placed.body.orderId)?.totalAmount).toBe(oldTotal);
    });

    it('group discount tiers and the tax rate change the quote and the page price alike', async () => {
      await saveTickets(t, cookie, { groupDiscountTiers: [{ minTickets: 4, percent: 10 }], taxRateBasisPoints: 1000 }, 200);
      const quote = await t.http.post('/api/party-quote').send({ adultTickets: 4, childTickets: 0 }).expect(200);
      // 4 x $49.99 = $199.96; 10 % off = $179.96 (rounded); 10 % tax = $18.00 (rounded).
      expect(quote.body).toMatchObject({
        subtotalCents: 19996,
        groupDiscountPercent: 10,
        groupDiscountCents: 2000,
        taxCents: 1800,
        totalCents: 19796,
      });
      const { party } = (await t.http.get('/api/site').expect(200)).body;
      const page = priceParty({ adultTickets: 4, childTickets: 0, promoPercent: 0, ...party });
      expect(page.totalCents).toBe(19796);
      await startOrder(t, buyer({ adultTickets: 4, childTickets: 0, totalAmount: 19796 })).expect(200);
    });

    it('a raised capacity shows in the remaining tickets at once', async () => {
      await startOrder(t, buyer({ adultTickets: 2, childTickets: 1 })).expect(200);
      await t.http.get('/api/party-ticket-stats').expect(200, { remaining: 37 });
      await saveTickets(t, cookie, { capacity: 50 }, 200);
      await t.http.get('/api/party-ticket-stats').expect(200, { remaining: 47 });
      await saveTickets(t, cookie, { capacity: 3 }, 200);
      await t.http.get('/api/party-ticket-stats').expect(200, { remaining: 0 });
      const res = await startOrder(t, buyer({ adultTickets: 1, childTickets: 0 })).expect(409);
      expect(res.body).toEqual({ message: 'Sorry, the party is sold out' });
    });

    it('refuses intents outside the sale window with the words the party page will show, and creates nothing', async () => {
      const hour = 60 * 60 * 1000;
      const opens = new Date(Date.now() + 48 * hour).toISOString();
      await saveTickets(t, cookie, { saleOpensAt: opens, saleClosesAt: null }, 200);
      const early = await startOrder(t, buyer()).expect(409);
      expect(early.body).toEqual({ message: `Ticket sales open on ${formatSaleDate(opens, 'America/Los_Angeles')}` });
      expect(early.body.message).toMatch(/^Ticket sales open on \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/);
      // The quote still answers: the page shows prices before sales open.
      await t.http.post('/api/party-quote').send({ adultTickets: 1, childTickets: 0 }).expect(200);

      const past = { saleOpensAt: new Date(Date.now() - 48 * hour).toISOString(), saleClosesAt: new Date(Date.now() - 1000).toISOString() };
      await saveTickets(t, cookie, past, 200);
      const late = await startOrder(t, buyer()).expect(409);
      expect(late.body).toEqual({ message: 'Ticket sales have ended' });
      expect(await t.dataSource.getRepository(PartyOrderEntity).count()).toBe(0);

      await saveTickets(t, cookie, { saleClosesAt: new Date(Date.now() + hour).toISOString() }, 200);
      await startOrder(t, buyer()).expect(200);
    });

    it('a hold lasts the saved hold time', async () => {
      await saveTickets(t, cookie, { holdSeconds: 120 }, 200);
      const started = Date.now();
      const res = await startOrder(t, buyer()).expect(200);
      const lasts = Date.parse(res.body.holdExpiresAt) - started;
      expect(lasts).toBeGreaterThan(115_000);
      expect(lasts).toBeLessThanOrEqual(121_000);
    });
  });

  describe('concurrent changes during checkouts', () => {
    let t: TestApp;
    let cookie: string;
    beforeEach(async () => {
      t = await createTestApp({ ...ENV, TICKET_CAPACITY: '16' });
      cookie = await managerCookie(t, PASSWORD);
    });
    afterEach(() => t.close());

    it('never oversells while the capacity is lowered during a rush of holds', async () => {
      const { tickets } = await settingsOf(t, cookie);
      const put = (capacity: number) =>
        t.http
          .put('/api/admin/settings/tickets')
          .set('Cookie', cookie)
          .send({ ...tickets, capacity });
      const holds = Array.from({ length: 14 }, () => startOrder(t, buyer({ adultTickets: 1, childTickets: 0 })));
      const changes = [put(12), put(9), put(6)];
      const [holdResults, changeResults] = await Promise.all([Promise.all(holds), Promise.all(changes)]);

      for (const refused of holdResults.filter((r) => r.status !== 200)) {
        expect(refused.status).toBe(409);
        expect(refused.body.message).toMatch(/^(Sorry, the party is sold out|Only \d+ tickets? remaining)$/);
      }
      for (const change of changeResults.filter((r) => r.status !== 200)) {
        expect(change.status).toBe(409);
        expect(change.body.message).toMatch(/^Capacity cannot be below the \d+ tickets? already sold or held$/);
      }
      const held = await t.dataSource.getRepository(PartyOrderEntity).countBy({ status: 'pending' });
      expect(held).toBe(holdResults.filter((r) => r.status === 200).length);
      const after = await settingsOf(t, cookie);
      expect(after.ticketsSoldOrHeld).toBe(held);
      expect(held).toBeLessThanOrEqual(after.tickets.capacity);
      await t.http.get('/api/party-ticket-stats').expect(200, { remaining: after.tickets.capacity - held });
    });

    it('never places an order at a price it was not quoted while the price changes', async () => {
      const oldTotal = totalAt(4999, 1, 0);
      const holds = Array.from({ length: 8 }, () => startOrder(t, buyer({ adultTickets: 1, childTickets: 0 })));
      const [holdResults] = await Promise.all([Promise.all(holds), saveTickets(t, cookie, { adultPriceCents: 5999 }, 200)]);
      const placed = holdResults.filter((r) => r.status === 200);
      for (const refused of holdResults.filter((r) => r.status !== 200)) {
        expect(refused.status).toBe(409);
        expect(refused.body.message).toMatch(/^The price has changed: the total is now \$65\.62\. Please review your order\.$/);
      }
      const orders = await t.dataSource.getRepository(PartyOrderEntity).find();
      expect(orders).toHaveLength(placed.length);
      for (const order of orders) expect(order).toMatchObject({ adultPriceCents: 4999, totalCents: oldTotal });
      expect(totalAt(5999, 1, 0)).toBe(6562);
    });
  });
});

describe(`settings: the Restaurant and Event sections on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestApp(ENV);
    cookie = await managerCookie(t, PASSWORD);
  });
  afterEach(() => t.close());

  const site = async () => (await t.http.get('/api/site').expect(200)).body as SiteConfig;

  it('a saved Restaurant section is what the guest pages read at once, with one activity-log entry', async () => {
    const { restaurant } = await settingsOf(t, cookie);
    const next = {
      ...restaurant,
      name: 'Saffron Leaf Kitchen',
      phone: '(408) 555-0199',
      openingHours: [{ days: 'Every day', hours: '11 AM - 11 PM' }],
    };
    const res = await t.http.put('/api/admin/settings/restaurant').set('Cookie', cookie).send(next).expect(200);
    expect(res.body).toEqual(next);
    expect((await site()).restaurant).toEqual(next);
    expect((await settingsOf(t, cookie)).restaurant).toEqual(next);
    const log = await t.http.get('/api/admin/activity?action=settings.change').set('Cookie', cookie).expect(200);
    expect(log.body.items).toEqual([
      expect.objectContaining({
        object: 'Restaurant',
        detail: 'Name Saffron Leaf → Saffron Leaf Kitchen; Phone (408) 555-0142 → (408) 555-0199; Opening hours changed',
      }),
    ]);
  });

  it('a saved Event section moves the party, its date and time lines made in its time zone', async () => {
    const { event } = await settingsOf(t, cookie);
    const next = { ...event, name: 'Diwali DJ Night 2026', startsAt: '2026-10-23T19:00:00-07:00', endsAt: '2026-10-24T01:00:00-07:00' };
    await t.http.put('/api/admin/settings/event').set('Cookie', cookie).send(next).expect(200);
    const { party } = await site();
    expect(party).toMatchObject({ ...next, dateLabel: 'Friday, October 23, 2026', timeLabel: '7:00 PM to 1:00 AM' });
    // The Tickets settings are untouched by it.
    expect(party.adultPriceCents).toBe(4999);
  });

  it('refuses what cannot hold with the field named, and changes nothing', async () => {
    const before = await site();
    const { restaurant, event } = await settingsOf(t, cookie);
    const refused = [
      ['restaurant', { ...restaurant, email: 'hello' }, 'email: E-mail must be an address such as hello@restaurant.example'],
      ['restaurant', { ...restaurant, name: ' ' }, 'name: Name cannot be empty'],
      ['restaurant', { ...restaurant, openingHours: [] }, 'openingHours: Give the opening hours at least once'],
      ['restaurant', { ...restaurant, owner: 'x' }, 'Unrecognized key: "owner"'],
      ['event', { ...event, endsAt: event.startsAt }, 'endsAt: The party cannot end before it starts'],
      ['event', { ...event, timeZone: 'Pacific' }, 'timeZone: Time zone must be one such as America/Los_Angeles'],
      ['event', { ...event, venue: { ...event.venue, address: '' } }, 'venue.address: Venue address cannot be empty'],
    ] as const;
    for (const [section, body, message] of refused) {
      const res = await t.http.put(`/api/admin/settings/${section}`).set('Cookie', cookie).send(body).expect(400);
      expect([section, res.body.message]).toEqual([section, expect.stringContaining(message)]);
    }
    expect(await site()).toEqual(before);
  });
});
