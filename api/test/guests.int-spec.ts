import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  guestDataSchema,
  GUEST_ERASE_REFUSALS,
  type GuestData,
  type GuestSummary,
  type MealSettings,
  type RevenueReport,
} from '@festival/contracts';
import { CampaignRecipientEntity } from '../src/modules/campaigns/campaign-recipient.entity.js';
import { CampaignEntity } from '../src/modules/campaigns/campaign.entity.js';
import { DrinkOrderEntity } from '../src/modules/drinks/drink-order.entity.js';
import { DrinkTabEntity } from '../src/modules/drinks/drink-tab.entity.js';
import { FeastOrderEntity } from '../src/modules/feast/feast-order.entity.js';
import { GuestRetention } from '../src/modules/guests/guest-retention.service.js';
import { ConsentRecords } from '../src/modules/privacy/consent-records.service.js';
import { Suppressions } from '../src/modules/privacy/suppressions.service.js';
import { SeasonEntity } from '../src/modules/seasons/season.entity.js';
import { PartyOrderEntity } from '../src/modules/tickets/party-order.entity.js';
import { WaitlistEntryEntity } from '../src/modules/tickets/waitlist/waitlist-entry.entity.js';
import { insertPartyOrder } from './support/door-orders.js';
import { createDrinkPaymentRequest, payDrinks } from './support/drinks.js';
import { createPartyOrderRequest } from './support/factories.js';
import { managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'guests-staff-password-2025';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const MEALS: MealSettings = { options: ['Vegetarian', 'Jain'], allergens: ['peanuts', 'dairy'], choicesCloseAt: null };
/** A public address geoip-lite places in Newmarket, England. */
const PLACED_IP = '81.2.69.160';
const EMAIL = 'Lakshmi.Menon@Example.com';
const PHONE = '(408) 555-0199';
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

let addresses = 0;
const nextAddress = () => `192.0.2.${(addresses += 1)}`;

/** Retries an assertion until it holds (work the API finishes after answering). */
async function eventually(assertion: () => void | Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe(`one guest's data: find, export, erase, retention, on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100', ANALYTICS_EVENTS_PER_MINUTE: '1000' });
    manager = await managerCookie(t, PASSWORD);
    await t.http.put('/api/admin/settings/meals').set('Cookie', manager).send(MEALS).expect(200);
  });
  afterAll(() => t.close());

  const search = async (q: string): Promise<GuestSummary[]> =>
    (await t.http.get('/api/admin/guests').query({ q }).set('Cookie', manager).expect(200)).body as GuestSummary[];
  const dataOf = async (email: string): Promise<GuestData> =>
    (await t.http.get('/api/admin/guests/data').query({ email }).set('Cookie', manager).expect(200)).body as GuestData;
  const erase = (email: string, confirmation = 'ERASE') =>
    t.http.post('/api/admin/guests/erase').set('Cookie', manager).send({ email, confirmation });
  /**
   * The figures of the staff's Reports: every total, by day, hour, drink and ticket type, the
   * channels' sum and the tabs' amounts (an erased guest's orders move to `(not tracked)` in
   * Revenue by channel: their browsing is deleted, docs/privacy.md).
   */
  const report = async () => {
    const { channels, tabs, ...figures } = (await t.http.get('/api/admin/reports').set('Cookie', manager).expect(200))
      .body as RevenueReport;
    return {
      ...figures,
      channelsRevenueCents: channels.reduce((sum, c) => sum + c.revenueCents, 0),
      channelsOrders: channels.reduce((sum, c) => sum + c.orders, 0),
      tabs: { ...tabs, tabs: tabs.tabs.map(({ customerName: _name, ...tab }) => tab) },
    };
  };
  const outboxFiles = (): string[] => {
    try {
      return readdirSync(t.config.mail.outboxDir).map((name) => readFileSync(join(t.config.mail.outboxDir, name), 'utf8'));
    } catch {
      return [];
    }
  };
  const pageView = (sessionId: string, fields: object, headers: Record<string, string> = {}) =>
    t.http
      .post('/api/analytics')
      .set({ 'User-Agent': BROWSER, 'X-Forwarded-For': PLACED_IP, ...headers })
      .send({ eventType: 'page_view', sessionId, ...fields })
      .expect(204);

  /** A paid party order through the checkout, with a meal row per seat. */
  async function buyTickets(email: string, phone: string, sessionId: string): Promise<string> {
    const held = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', nextAddress())
      .send(
        createPartyOrderRequest({
          customerName: 'Lakshmi Menon',
          customerEmail: email,
          customerPhone: phone,
          sessionId,
          // The news box ticked: the order's consent record is theirs too.
          newsConsent: true,
          guests: [
            { name: 'Lakshmi', meal: 'Vegetarian', allergens: ['peanuts'], note: `Call ${phone} if the seats change` },
            { name: 'Ravi', meal: 'Jain', allergens: [] },
            { meal: 'Vegetarian', allergens: ['dairy'] },
          ],
        }),
      )
      .expect(200);
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: held.body.clientSecret, ...CARD })
      .expect(200);
    await t.http
      .post('/api/confirm-payment')
      .send({ paymentIntentId: paid.body.id, type: 'party_ticket', clientSecret: held.body.clientSecret })
      .expect(200);
    return held.body.orderId as string;
  }

  async function insertFeastOrder(email: string, phone: string, eventId = 1): Promise<string> {
    const id = randomUUID();
    await t.dataSource.getRepository(FeastOrderEntity).insert({
      id,
      eventId,
      status: 'paid',
      customerName: 'Lakshmi Menon',
      customerEmail: email,
      customerPhone: phone,
      slotId: null,
      pickupDate: 'Saturday, October 17, 2026',
      pickupTime: '11:00 AM',
      items: JSON.stringify([{ name: 'Family Feast', quantity: 1, price: 8900 }]),
      packCount: 1,
      subtotalCents: 8900,
      taxCents: 835,
      totalCents: 9735,
      paidAt: new Date(),
    });
    return id;
  }

  async function insertTab(email: string, phone: string, status: 'open' | 'closed'): Promise<string> {
    const id = randomUUID();
    await t.dataSource.getRepository(DrinkTabEntity).insert({
      id,
      eventId: 1,
      tokenHash: randomUUID().replace(/-/g, ''),
      status,
      customerName: 'Lakshmi Menon',
      customerEmail: email,
      customerPhone: phone,
      tableNumber: '7',
      openedAt: new Date(),
      subtotalCents: status === 'closed' ? 1300 : null,
      taxCents: status === 'closed' ? 122 : null,
      chargedCents: status === 'closed' ? 1422 : null,
      closedAt: status === 'closed' ? new Date() : null,
    });
    return id;
  }

  it('lists, exports and then erases a guest with records of every kind, leaving no trace of their address or phone and the reports unchanged', async () => {
    // Their browsing, with their address typed into the contact step.
    await pageView('guest-session-lakshmi', { userEmail: EMAIL, userName: 'Lakshmi Menon', userPhone: PHONE });
    const partyId = await buyTickets(EMAIL, PHONE, 'guest-session-lakshmi');
    const feastId = await insertFeastOrder(EMAIL.toLowerCase(), PHONE);
    const drinks = await payDrinks(
      t,
      createDrinkPaymentRequest({ customerName: 'Lakshmi Menon', customerEmail: EMAIL, customerPhone: PHONE }),
    );
    const tabId = await insertTab(EMAIL, PHONE, 'closed');
    await t.dataSource.getRepository(DrinkOrderEntity).insert({
      id: randomUUID(),
      eventId: 1,
      status: 'tab',
      tabId,
      customerName: 'Lakshmi Menon',
      customerEmail: null,
      customerPhone: null,
      items: JSON.stringify([{ id: 'masala-chai', name: 'Masala Chai', price: 400, quantity: 3 }]),
      subtotalCents: 1200,
      taxCents: 113,
      totalCents: 1313,
    });
    const waitlistId = randomUUID();
    await t.dataSource.getRepository(WaitlistEntryEntity).insert({
      id: waitlistId,
      eventId: 1,
      place: 1,
      name: 'Lakshmi Menon',
      email: EMAIL,
      tickets: 2,
      status: 'waiting',
      joinedAt: new Date(),
    });
    const campaignId = randomUUID();
    await t.dataSource
      .getRepository(CampaignEntity)
      .insert({ id: campaignId, name: 'Diwali offer', subject: 'Lights', content: '<p>Hello</p>', status: 'sent', createdAt: new Date() });
    await t.dataSource
      .getRepository(CampaignRecipientEntity)
      .insert({ campaignId, email: EMAIL.toLowerCase(), status: 'sent', sentAt: new Date(), lastError: null });
    // The confirmation e-mail lands in the outbox.
    await eventually(() => expect(outboxFiles().some((f) => f.toLowerCase().includes(EMAIL.toLowerCase()))).toBe(true));

    // Found by part of the address in any case, and by the phone's digits however they are typed.
    const byEmail = await search('MENON@example');
    expect(byEmail.map((g) => g.email)).toEqual([EMAIL.toLowerCase()]);
    expect(byEmail[0]).toMatchObject({ names: ['Lakshmi Menon'], phones: [PHONE] });
    expect((await search('408-555-0199')).map((g) => g.email)).toEqual([EMAIL.toLowerCase()]);
    expect((await search('nobody-like-this')).length).toBe(0);
    const tooShort = await t.http.get('/api/admin/guests').query({ q: 'ab' }).set('Cookie', manager).expect(400);
    expect(tooShort.body.message).toBe('q: Type at least 3 characters of an e-mail or phone');

    // The guest's page and the export hold every record.
    const data = guestDataSchema.parse(await dataOf(EMAIL));
    expect(data.version).toBe(1);
    expect(data.partyOrders.map((o) => o.id)).toEqual([partyId]);
    expect(data.partyOrders[0]).toMatchObject({ status: 'paid', email: EMAIL.toLowerCase(), phone: PHONE });
    expect(data.partyOrders[0].guests.map((g) => g.meal)).toEqual(['Vegetarian', 'Jain', 'Vegetarian']);
    expect(data.partyOrders[0].tickets.length).toBeGreaterThan(0);
    expect(data.feastOrders.map((o) => o.id)).toEqual([feastId]);
    expect(data.drinkOrders.map((o) => o.id)).toContain(drinks.orderId);
    expect(data.drinkOrders.filter((o) => o.tabId === tabId).length).toBe(1);
    expect(data.drinkTabs.map((o) => o.id)).toEqual([tabId]);
    expect(data.waitlistEntries.map((w) => w.id)).toEqual([waitlistId]);
    expect(data.consentRecords).toEqual([expect.objectContaining({ agreed: true, page: 'party', subjectId: partyId })]);
    expect(data.campaignSends).toEqual([expect.objectContaining({ campaign: 'Diwali offer', status: 'sent' })]);
    expect(data.suppression).toBeNull();
    await eventually(async () => {
      const events = (await dataOf(EMAIL)).analyticsEvents.map((e) => e.eventType);
      expect(events).toEqual(expect.arrayContaining(['page_view', 'party_order_completed']));
    });
    const exported = await t.http.get('/api/admin/guests/export').query({ email: EMAIL }).set('Cookie', manager).expect(200);
    expect(exported.headers['content-type']).toMatch(/^application\/json/);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="guest-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = guestDataSchema.parse(JSON.parse(exported.text));
    expect(file.partyOrders.map((o) => o.id)).toEqual([partyId]);

    const reportBefore = await report();

    // The typed confirmation is required; then the guest is erased.
    const unconfirmed = await erase(EMAIL, 'yes please').expect(400);
    expect(unconfirmed.body.message).toBe("Type ERASE or the guest's e-mail address to confirm the erasure");
    const erased = await erase(EMAIL, EMAIL.toUpperCase()).expect(200);
    expect(erased.body.pseudonym).toMatch(/^Erased guest [0-9a-f]{8}$/);
    expect(erased.body.filesDeleted).toBeGreaterThan(0);

    // No table holds the address or the phone any more, in any case; nor does the outbox.
    expect(await tablesHolding(t, [EMAIL.toLowerCase(), PHONE.toLowerCase()])).toEqual([]);
    expect(outboxFiles().filter((f) => f.toLowerCase().includes(EMAIL.toLowerCase()))).toEqual([]);
    // The accounts keep their amounts, dates and ids.
    expect(await report()).toEqual(reportBefore);
    const order = await t.dataSource.getRepository(PartyOrderEntity).findOneByOrFail({ id: partyId });
    expect(order).toMatchObject({ status: 'paid', customerName: erased.body.pseudonym, customerPhone: 'erased' });
    expect(order.customerEmail).toMatch(/^erased-[0-9a-f]{8}@erased\.invalid$/);
    // The list still refuses the address, without holding it.
    expect(await t.app.get(Suppressions).reasonFor(EMAIL)).toBe('erased');
    expect(await search('menon@example')).toEqual([]);
    const after = await dataOf(EMAIL);
    expect(after).toMatchObject({ suppression: 'erased', partyOrders: [], analyticsEvents: [], consentRecords: [] });
    const log = await t.http.get('/api/admin/activity?action=guest.erase').set('Cookie', manager).expect(200);
    expect(log.body.items).toEqual([expect.objectContaining({ who: 'Manager', object: `Guest ${erased.body.pseudonym}` })]);
  });

  it('refuses with 409 to erase a guest holding unpaid tickets or with a tab open, changing nothing', async () => {
    const holder = 'holder@example.com';
    await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', nextAddress())
      .send(
        createPartyOrderRequest({
          customerEmail: holder,
          guests: [
            { meal: 'Jain', allergens: [] },
            { meal: 'Jain', allergens: [] },
            { meal: 'Jain', allergens: [] },
          ],
        }),
      )
      .expect(200);
    const held = await erase(holder).expect(409);
    expect(held.body.message).toBe(GUEST_ERASE_REFUSALS.hold);
    expect((await dataOf(holder)).partyOrders[0]).toMatchObject({ status: 'pending', email: holder });

    const drinker = 'tab.open@example.com';
    await insertTab(drinker, '(408) 555-0123', 'open');
    const open = await erase(drinker).expect(409);
    expect(open.body.message).toBe(GUEST_ERASE_REFUSALS.tab);
    expect((await dataOf(drinker)).drinkTabs[0]).toMatchObject({ status: 'open', email: drinker });
    await erase('nobody@example.com').expect(404);
  });

  it('keeps guest data for the months the settings say; the daily job anonymises only old guests of ended seasons who did not agree to news', async () => {
    const wrongType = await t.http
      .put('/api/admin/settings/guest-data')
      .set('Cookie', manager)
      .send({ keepGuestDataMonths: '12' })
      .expect(400);
    expect(wrongType.body.message).toBe('keepGuestDataMonths: Expected number, received string');
    for (const bad of [0, 121, 2.5]) {
      const refused = await t.http
        .put('/api/admin/settings/guest-data')
        .set('Cookie', manager)
        .send({ keepGuestDataMonths: bad })
        .expect(400);
      expect(refused.body.message).toMatch(/^keepGuestDataMonths: Keep guest data for /);
    }
    expect((await t.http.get('/api/admin/settings/guest-data').set('Cookie', manager).expect(200)).body).toEqual({
      keepGuestDataMonths: 24,
    });
    await t.http.put('/api/admin/settings/guest-data').set('Cookie', manager).send({ keepGuestDataMonths: 12 }).expect(200);

    const { id: pastSeason } = await t.dataSource.getRepository(SeasonEntity).save({
      name: 'Diwali 2023',
      date: '2023-11-11',
      status: 'past',
      createdAt: new Date(Date.now() - 3 * YEAR_MS),
      feastPreordersOpen: false,
      snapshot: null,
    });
    const longAgo = new Date(Date.now() - 2 * YEAR_MS);
    const old = await insertPartyOrder(t, { eventId: pastSeason, customerEmail: 'old.guest@example.com', customerPhone: '(408) 555-0111' });
    const news = await insertPartyOrder(t, {
      eventId: pastSeason,
      customerEmail: 'news.guest@example.com',
      customerPhone: '(408) 555-0112',
    });
    const recent = await insertPartyOrder(t, { eventId: pastSeason, customerEmail: 'recent.guest@example.com' });
    const current = await insertPartyOrder(t, { eventId: 1, customerEmail: 'current.guest@example.com' });
    for (const id of [old.id, news.id, current.id]) {
      await t.dataSource.getRepository(PartyOrderEntity).update({ id }, { createdAt: longAgo });
    }
    await t.app
      .get(ConsentRecords)
      .record(
        { email: 'news.guest@example.com', phone: null, agreed: true, page: 'party', seasonId: String(pastSeason), subjectId: news.id },
        longAgo,
        t.dataSource.manager,
      );

    expect(await t.app.get(GuestRetention).anonymiseExpired()).toEqual(['old.guest@example.com']);
    const emailOf = async (id: string) => (await t.dataSource.getRepository(PartyOrderEntity).findOneByOrFail({ id })).customerEmail;
    expect(await emailOf(old.id)).toMatch(/@erased\.invalid$/);
    expect(await emailOf(news.id)).toBe('news.guest@example.com');
    expect(await emailOf(recent.id)).toBe('recent.guest@example.com');
    expect(await emailOf(current.id)).toBe('current.guest@example.com');
    expect(await tablesHolding(t, ['old.guest@example.com', '(408) 555-0111'])).toEqual([]);
    const log = await t.http.get('/api/admin/activity?action=guest.erase').set('Cookie', manager).expect(200);
    expect(log.body.items[0]).toMatchObject({ who: 'Retention', role: null });
    // A second pass (another replica's, or the next day's) finds nobody left to anonymise.
    expect(await t.app.get(GuestRetention).anonymiseExpired()).toEqual([]);
  });

  it('finds and erases an address known only from the suppression list, which still refuses it by its hash', async () => {
    const unsubscribed = 'only.unsubscribed@example.com';
    await t.app.get(Suppressions).suppress(unsubscribed, 'unsubscribed', new Date());
    expect((await search('ONLY.UNSUB')).map((g) => g.email)).toEqual([unsubscribed]);
    expect((await dataOf(unsubscribed)).suppression).toBe('unsubscribed');

    const erased = await erase(unsubscribed).expect(200);
    expect(erased.body).toMatchObject({ pseudonym: expect.stringMatching(/^Erased guest [0-9a-f]{8}$/), eventsDeleted: 0 });
    expect(await tablesHolding(t, [unsubscribed])).toEqual([]);
    // Still never mailed, for the reason it had.
    expect(await t.app.get(Suppressions).reasonFor(unsubscribed)).toBe('unsubscribed');
    expect(await search('only.unsub')).toEqual([]);
    // Erased already: nothing more is held.
    await erase(unsubscribed).expect(404);
  });

  it('the daily job also anonymises addresses known only from campaigns, once their last campaign e-mail is older than the months kept', async () => {
    await t.http.put('/api/admin/settings/guest-data').set('Cookie', manager).send({ keepGuestDataMonths: 12 }).expect(200);
    const longAgo = new Date(Date.now() - 2 * YEAR_MS);
    const campaign = async (
      createdAt: Date,
      recipients: { email: string; status: 'sent' | 'failed' | 'pending'; sentAt: Date | null }[],
    ) => {
      const campaignId = randomUUID();
      await t.dataSource.getRepository(CampaignEntity).insert({
        id: campaignId,
        name: 'Old offer',
        subject: 'Lights',
        content: '<p>Hello</p>',
        status: recipients.some((r) => r.status === 'pending') ? 'sending' : 'sent',
        createdAt,
        finishedAt: recipients.some((r) => r.status === 'pending') ? null : createdAt,
      });
      for (const r of recipients) {
        await t.dataSource
          .getRepository(CampaignRecipientEntity)
          .insert({ campaignId, ...r, lastError: r.status === 'failed' ? '550 no such user' : null });
      }
    };
    await campaign(longAgo, [
      { email: 'old.list@example.com', status: 'sent', sentAt: longAgo },
      { email: 'old.failed@example.com', status: 'failed', sentAt: null },
      { email: 'old.then.recent@example.com', status: 'sent', sentAt: longAgo },
      { email: 'old.news@example.com', status: 'sent', sentAt: longAgo },
    ]);
    await campaign(new Date(), [{ email: 'old.then.recent@example.com', status: 'sent', sentAt: new Date() }]);
    // A campaign still sending to an old address: kept until it is through.
    await campaign(longAgo, [{ email: 'still.sending@example.com', status: 'pending', sentAt: null }]);
    await t.app
      .get(ConsentRecords)
      .record(
        { email: 'old.news@example.com', phone: null, agreed: true, page: 'party', seasonId: '1', subjectId: null },
        longAgo,
        t.dataSource.manager,
      );

    const erased = await t.app.get(GuestRetention).anonymiseExpired();
    expect(erased.sort()).toEqual(['old.failed@example.com', 'old.list@example.com']);
    expect(await tablesHolding(t, ['old.list@example.com', 'old.failed@example.com'])).toEqual([]);
    const kept = await t.dataSource.getRepository(CampaignRecipientEntity).find({ select: { email: true } });
    expect(new Set(kept.map((r) => r.email).filter((email) => !email.endsWith('@erased.invalid')))).toEqual(
      new Set(['old.then.recent@example.com', 'old.news@example.com', 'still.sending@example.com']),
    );
  });

  it("Global Privacy Control: the visit is counted, but never linked to the guest's name or address, and placed no finer than its country", async () => {
    const email = 'gpc.guest@example.com';
    await pageView('guest-session-gpc', { userEmail: email, userName: 'Kavya Rao', userPhone: '(408) 555-0144' }, { 'Sec-GPC': '1' });
    await buyTickets(email, '(408) 555-0144', 'guest-session-gpc');
    await eventually(async () => {
      const rows = (await t.dataSource.query(
        "SELECT eventType, userName, userEmail, userPhone, geoCity, geoRegion, geoLatitude, gpc FROM analytics_events WHERE sessionId = 'guest-session-gpc'",
      )) as Record<string, unknown>[];
      expect(rows.map((r) => r.eventType).sort()).toEqual(['page_view', 'party_order_completed']);
      for (const row of rows) {
        expect(row).toMatchObject({ userName: null, userEmail: null, userPhone: null, geoCity: null, geoRegion: null, geoLatitude: null });
        expect(Number(row.gpc)).toBe(1);
      }
    });
    // The same visit without the signal is placed in its city and linked to the buyer.
    await pageView('guest-session-plain', { userEmail: 'plain@example.com' });
    await eventually(async () => {
      const [row] = (await t.dataSource.query(
        "SELECT userEmail, geoCity, geoCountry FROM analytics_events WHERE sessionId = 'guest-session-plain'",
      )) as Record<string, unknown>[];
      expect(row).toMatchObject({ userEmail: 'plain@example.com', geoCity: 'Newmarket', geoCountry: 'GB' });
    });
    const [gpcRow] = (await t.dataSource.query(
      "SELECT geoCountry FROM analytics_events WHERE sessionId = 'guest-session-gpc' AND eventType = 'page_view'",
    )) as { geoCountry: string | null }[];
    expect(gpcRow.geoCountry).toBe('GB');
  });
});

/** `table.column` of every row of every table whose text holds one of `needles`, in any case. */
async function tablesHolding(t: TestApp, needles: string[]): Promise<string[]> {
  const names =
    TEST_DATABASE === 'mysql'
      ? ((await t.dataSource.query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()')) as {
          name: string;
        }[])
      : ((await t.dataSource.query("SELECT name FROM sqlite_master WHERE type = 'table'")) as { name: string }[]);
  const hits: string[] = [];
  for (const { name } of names) {
    const rows = (await t.dataSource.query(`SELECT * FROM ${t.dataSource.driver.escape(name)}`)) as Record<string, unknown>[];
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (value === null || value === undefined) continue;
        const text = (Buffer.isBuffer(value) ? value.toString('utf8') : value instanceof Date ? '' : String(value)).toLowerCase();
        for (const needle of needles) if (text.includes(needle.toLowerCase())) hits.push(`${name}.${column}`);
      }
    }
  }
  return [...new Set(hits)];
}
