import {
  isoToZonedWallTime,
  nextCalendarDate,
  type AdminSettings,
  type SeasonsResponse,
  type FunnelEntry,
  type PaidPartyTicketRow,
  type PartyOrderRequest,
} from '@festival/contracts';
import { TicketCodes } from '../src/modules/codes/ticket-codes.js';
import { PartyOrderEntity } from '../src/modules/tickets/party-order.entity.js';
import { createPartyOrderRequest } from './support/factories.js';
import { deviceCookie, managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'staff-password-for-tests';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

let buyers = 0;
function buyer(overrides: Partial<PartyOrderRequest> = {}): { body: PartyOrderRequest; address: string } {
  buyers += 1;
  return {
    body: createPartyOrderRequest({ customerEmail: `season.buyer${buyers}@example.com`, ...overrides }),
    address: `198.51.100.${(buyers % 250) + 1}`,
  };
}

/**
 * A paid order of 2 adults and 1 child; its id. The payment's event completes the order after
 * the card form answers: waits until the order is paid and its completion is on the funnel.
 */
async function paidOrder(t: TestApp, customerName: string): Promise<string> {
  const order = buyer({ customerName });
  const placed = await t.http.post('/api/party-payment-intent').set('X-Forwarded-For', order.address).send(order.body).expect(200);
  await t.http
    .post('/api/payments/simulated/confirm')
    .send({ clientSecret: placed.body.clientSecret, ...CARD })
    .expect(200);
  const orderId = placed.body.orderId as string;
  for (let tries = 0; ; tries += 1) {
    const [{ n }] = (await t.dataSource.query(
      "SELECT COUNT(*) AS n FROM analytics_events WHERE eventType = 'party_order_completed' AND entityId = ?",
      [orderId],
    )) as { n: unknown }[];
    if (Number(n) === 1) return orderId;
    if (tries === 100) throw new Error(`Order ${orderId} was not completed within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let views = 0;
function pageView(t: TestApp) {
  views += 1;
  return t.http
    .post('/api/analytics')
    .set('X-Forwarded-For', `203.0.113.${views}`)
    .set('User-Agent', BROWSER)
    .send({ eventType: 'party_page_view', sessionId: `season-session-${views}`, pageViewId: `season-view-${views}` })
    .expect(204);
}

const count = (funnel: FunnelEntry[], eventType: string) => funnel.find((f) => f.eventType === eventType)?.count;

describe(`seasons on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100', TICKET_CAPACITY: '40' });
    cookie = await managerCookie(t, PASSWORD);
  });
  afterAll(() => t.close());

  const get = async <T>(path: string): Promise<T> => (await t.http.get(path).set('Cookie', cookie).expect(200)).body as T;

  it('starts with one event on sale, made from the site configuration', async () => {
    const site = (await t.http.get('/api/site').expect(200)).body;
    const events = await get<SeasonsResponse>('/api/admin/events');
    expect(events).toEqual({
      current: 1,
      events: [
        {
          id: 1,
          name: site.party.name,
          date: isoToZonedWallTime(site.party.startsAt, site.party.timeZone).slice(0, 10),
          status: 'on-sale',
          createdAt: expect.any(String),
        },
      ],
    });
  });

  it('refuses a next event that is not after the current one, a bad date or title, and unknown events or dates in a filter', async () => {
    const { events } = await get<SeasonsResponse>('/api/admin/events');
    const [current] = events;
    const refuse = async (body: object, status: number, message: string) => {
      const res = await t.http.post('/api/admin/events').set('Cookie', cookie).send(body).expect(status);
      expect(res.body.message).toBe(message);
    };
    const closingSeasonName = current.name;
    await refuse(
      { name: 'Again', date: current.date, closingSeasonName },
      400,
      `date: The next event must come after ${current.name} on ${current.date}`,
    );
    await refuse({ name: 'Again', date: '2027-02-30', closingSeasonName }, 400, 'date: Date must be a date such as 2027-10-30');
    await refuse({ name: '  ', date: '2027-10-30', closingSeasonName }, 400, 'name: Title is required');
    expect((await get<SeasonsResponse>('/api/admin/events')).events).toHaveLength(1);

    expect((await t.http.get('/api/party-tickets?eventId=99').set('Cookie', cookie).expect(404)).body.message).toBe('There is no event 99');
    const backwards = await t.http.get('/api/analytics/funnel?from=2026-10-02&to=2026-10-01').set('Cookie', cookie).expect(400);
    expect(backwards.body.message).toBe('to: To cannot be before From');
    const notADate = await t.http.get('/api/orders?from=yesterday').set('Cookie', cookie).expect(400);
    expect(notADate.body.message).toBe('from: From must be a date such as 2027-10-30');
  });

  it('Start next event: the new event is on sale with 0 sold and its own funnel; the last one keeps its orders and figures, read-only', async () => {
    const before = await paidOrder(t, 'Lakshmi Season');
    await pageView(t);
    await pageView(t);
    const site = (await t.http.get('/api/site').expect(200)).body;
    expect((await t.http.get('/api/party-ticket-stats').expect(200)).body).toEqual({ remaining: 37 });
    const funnelBefore = await get<FunnelEntry[]>('/api/analytics/funnel');
    expect(count(funnelBefore, 'party_page_view')).toBe(2);
    expect(count(funnelBefore, 'party_order_completed')).toBe(1);

    const started = await t.http
      .post('/api/admin/events')
      .set('Cookie', cookie)
      .send({ name: 'Diwali DJ Night 2027', date: '2027-10-30', closingSeasonName: site.party.name })
      .expect(201);
    expect(started.body).toEqual({
      id: 2,
      name: 'Diwali DJ Night 2027',
      date: '2027-10-30',
      status: 'on-sale',
      createdAt: expect.any(String),
    });

    const events = await get<SeasonsResponse>('/api/admin/events');
    expect(events.current).toBe(2);
    expect(events.events.map((e) => [e.id, e.status])).toEqual([
      [2, 'on-sale'],
      [1, 'past'],
    ]);

    // The guests see the new event, at the same hours on its date, with every ticket for sale.
    const next = (await t.http.get('/api/site').expect(200)).body;
    expect(next.party.name).toBe('Diwali DJ Night 2027');
    expect(isoToZonedWallTime(next.party.startsAt, next.party.timeZone)).toBe(
      `2027-10-30T${isoToZonedWallTime(site.party.startsAt, site.party.timeZone).slice(11)}`,
    );
    expect(Date.parse(next.party.endsAt) - Date.parse(next.party.startsAt)).toBe(
      Date.parse(site.party.endsAt) - Date.parse(site.party.startsAt),
    );
    expect(next.party.adultPriceCents).toBe(site.party.adultPriceCents);
    expect((await t.http.get('/api/party-ticket-stats').expect(200)).body).toEqual({ remaining: 40 });

    // The dashboard reads the new event by default; the last one by its id, unchanged.
    expect(await get<PaidPartyTicketRow[]>('/api/party-tickets')).toEqual([]);
    expect((await get<PaidPartyTicketRow[]>('/api/party-tickets?eventId=1')).map((r) => r.id)).toEqual([before]);
    expect(count(await get<FunnelEntry[]>('/api/analytics/funnel'), 'party_page_view')).toBe(0);
    expect(await get<FunnelEntry[]>('/api/analytics/funnel?eventId=1')).toEqual(funnelBefore);

    // New visits and orders are the new event's.
    await pageView(t);
    const after = await paidOrder(t, 'Arjun Season');
    expect(count(await get<FunnelEntry[]>('/api/analytics/funnel'), 'party_page_view')).toBe(1);
    expect(count(await get<FunnelEntry[]>('/api/analytics/funnel?eventId=2'), 'party_order_completed')).toBe(1);
    expect(await get<FunnelEntry[]>('/api/analytics/funnel?eventId=1')).toEqual(funnelBefore);
    expect((await get<PaidPartyTicketRow[]>('/api/party-tickets')).map((r) => r.id)).toEqual([after]);
    const orders = t.dataSource.getRepository(PartyOrderEntity);
    expect((await orders.findOneByOrFail({ id: before })).eventId).toBe(1);
    expect((await orders.findOneByOrFail({ id: after })).eventId).toBe(2);

    // Tonight's door admits tonight's tickets only.
    const codes = t.app.get(TicketCodes);
    const door = await deviceCookie(t, cookie, 'Door 1', 'door');
    const old = await t.http
      .post('/api/admin/check-ins')
      .set('Cookie', door)
      .send({ code: codes.codeFor(before) })
      .expect(200);
    expect(old.body.result).toBe('invalid');
    const tonight = await t.http
      .post('/api/admin/check-ins')
      .set('Cookie', door)
      .send({ code: codes.codeFor(after) })
      .expect(200);
    expect(tonight.body).toMatchObject({ result: 'admitted', entering: 3 });
    expect((await t.http.get('/api/admin/check-ins/stats').set('Cookie', door).expect(200)).body).toEqual({ arrived: 3, sold: 3 });

    // F8: complimentary drinks are redeemed only for the season on sale, as only its tickets are admitted.
    const bar = await deviceCookie(t, cookie, 'Bar 1', 'bar');
    const drinks = (code: string, count: number) => t.http.post('/api/admin/complimentary-drinks').set('Cookie', bar).send({ code, count });
    const lastSeason = await drinks(codes.codeFor(before), 1).expect(404);
    expect(lastSeason.body.message).toBe('Not a valid ticket');
    expect((await drinks(codes.codeFor(after), 1).expect(200)).body).toEqual({ remaining: 2 });

    // Settings now change the new event; the start is on the activity log.
    const log = await get<{ items: { action: string; object: string; detail: string; who: string }[] }>(
      '/api/admin/activity?action=event.start',
    );
    expect(log.items).toEqual([
      expect.objectContaining({
        who: 'Manager',
        action: 'event.start',
        object: 'Diwali DJ Night 2027',
        detail: expect.stringContaining('is now past'),
      }),
    ]);
  });

  it('filters orders and the funnel by the days From and To, in the party’s time zone', async () => {
    const site = (await t.http.get('/api/site').expect(200)).body;
    const today = isoToZonedWallTime(new Date().toISOString(), site.party.timeZone).slice(0, 10);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const all = await get<PaidPartyTicketRow[]>('/api/party-tickets');
    expect(all.length).toBeGreaterThan(0);
    expect(await get<PaidPartyTicketRow[]>(`/api/party-tickets?from=${today}&to=${today}`)).toEqual(all);
    expect(await get<PaidPartyTicketRow[]>(`/api/party-tickets?from=${tomorrow}`)).toEqual([]);
    expect(await get<PaidPartyTicketRow[]>(`/api/party-tickets?to=${yesterday}`)).toEqual([]);
    const funnel = await get<FunnelEntry[]>('/api/analytics/funnel');
    expect(await get<FunnelEntry[]>(`/api/analytics/funnel?from=${yesterday}&to=${today}`)).toEqual(funnel);
    expect(count(await get<FunnelEntry[]>(`/api/analytics/funnel?from=${tomorrow}`), 'party_page_view')).toBe(0);
    const summary = await get<{ totalEvents: number; uniqueUsers: number }>(`/api/analytics/events/party_page_view/summary?from=${today}`);
    expect(summary).toEqual({ eventType: 'party_page_view', totalEvents: 1, uniqueUsers: 1 });
    expect(await get<unknown[]>(`/api/analytics/events/party_page_view?to=${yesterday}`)).toEqual([]);
    expect(await get<unknown[]>(`/api/analytics/events/party_page_view?eventId=1&from=${today}`)).toHaveLength(2);
  });

  const startNext = (body: object) => t.http.post('/api/admin/events').set('Cookie', cookie).send(body);
  /** The Event section saved with the party moved to these instants (ISO 8601, whole seconds). */
  const moveParty = async (startsAtMs: number, endsAtMs: number) => {
    const { event } = await get<AdminSettings>('/api/admin/settings');
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    await t.http
      .put('/api/admin/settings/event')
      .set('Cookie', cookie)
      .send({ ...event, startsAt: iso(startsAtMs), endsAt: iso(endsAtMs) })
      .expect(200);
  };
  const HOUR = 3_600_000;

  it('F4: refuses Start next event without the name of the event that ends typed as it is', async () => {
    const missing = await startNext({ name: 'Diwali DJ Night 2028', date: '2028-10-28' }).expect(400);
    expect(missing.body.message).toBe('closingSeasonName: Required');
    for (const typed of ['Diwali DJ Night', 'diwali dj night 2027', 'Diwali DJ Night 2027 ', '']) {
      const wrong = await startNext({ name: 'Diwali DJ Night 2028', date: '2028-10-28', closingSeasonName: typed }).expect(400);
      expect(wrong.body.message).toBe('closingSeasonName: Type the name of the event that ends exactly as it is: Diwali DJ Night 2027');
    }
    const events = await get<SeasonsResponse>('/api/admin/events');
    expect(events.current).toBe(2);
    expect(events.events).toHaveLength(2);
  });

  it('F4: refuses Start next event until the party on sale has ended, naming its end in the party’s time zone; its tickets keep working', async () => {
    const { event: before } = await get<AdminSettings>('/api/admin/settings');
    const body = { name: 'Diwali DJ Night 2028', date: '2028-10-28', closingSeasonName: 'Diwali DJ Night 2027' };
    // Before it starts: the party of October 30, 2027 (7 to 11 PM in Los Angeles).
    const ahead = await startNext(body).expect(409);
    expect(ahead.body.message).toBe(
      'Diwali DJ Night 2027 runs until 11:00 PM on Saturday, October 30, 2027; start the next event after it ends',
    );

    // Tonight's party, on now: the refusal names when it ends.
    const now = Date.now();
    await moveParty(now - HOUR, now + 3 * HOUR);
    const tonight = await startNext(body).expect(409);
    const { timeZone, endsAt } = (await t.http.get('/api/site').expect(200)).body.party as { timeZone: string; endsAt: string };
    const at = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone, ...options }).format(new Date(endsAt));
    const ends = `${at({ hour: 'numeric', minute: '2-digit' })} on ${at({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })}`;
    expect(tonight.body.message).toBe(`Diwali DJ Night 2027 runs until ${ends}; start the next event after it ends`);

    // Nothing changed: the same event on sale, and its tickets still admitted at the door.
    const events = await get<SeasonsResponse>('/api/admin/events');
    expect(events.current).toBe(2);
    expect(events.events).toHaveLength(2);
    const guest = await paidOrder(t, 'Meera Tonight');
    const door = await deviceCookie(t, cookie, 'Door 2', 'door');
    const admitted = await t.http
      .post('/api/admin/check-ins')
      .set('Cookie', door)
      .send({ code: t.app.get(TicketCodes).codeFor(guest) })
      .expect(200);
    expect(admitted.body).toMatchObject({ result: 'admitted', entering: 3 });
    expect((await t.http.get('/api/admin/activity?action=event.start').set('Cookie', cookie).expect(200)).body.items).toHaveLength(1);

    await t.http.put('/api/admin/settings/event').set('Cookie', cookie).send(before).expect(200);
  });

  it('F4: starts the next event once the party on sale has ended, with its name typed as it is', async () => {
    const now = Date.now();
    await moveParty(now - 5 * HOUR, now - 60_000);
    const { party } = (await t.http.get('/api/site').expect(200)).body as { party: { timeZone: string; startsAt: string } };
    const tomorrow = nextCalendarDate(isoToZonedWallTime(new Date(now).toISOString(), party.timeZone).slice(0, 10));
    const started = await startNext({ name: 'Diwali DJ Night 2028', date: tomorrow, closingSeasonName: 'Diwali DJ Night 2027' }).expect(
      201,
    );
    expect(started.body).toEqual({ id: 3, name: 'Diwali DJ Night 2028', date: tomorrow, status: 'on-sale', createdAt: expect.any(String) });
    const events = await get<SeasonsResponse>('/api/admin/events');
    expect(events.events.map((e) => [e.name, e.status])).toEqual([
      ['Diwali DJ Night 2028', 'on-sale'],
      ['Diwali DJ Night 2027', 'past'],
      [expect.any(String), 'past'],
    ]);
  });
});
