import { randomUUID } from 'node:crypto';
import { priceFeastOrder, type Campaign, type CampaignRecipientReport, type FeastCatalog } from '@festival/contracts';
import { startSmtpSink, type SmtpSink } from '@festival/test-kit';
import { UnsubscribeLinks } from '../src/modules/campaigns/unsubscribe-links.js';
import { Suppressions } from '../src/modules/privacy/suppressions.service.js';
import { EmailSuppressionEntity } from '../src/modules/privacy/email-suppression.entity.js';
import { createPartyOrderRequest } from './support/factories.js';
import { managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'audience-staff-password';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
/** A quick sender for tests: a high rate, short retry waits, frequent polls. */
const QUICK = { CAMPAIGN_RATE_PER_SECOND: '200', CAMPAIGN_RETRY_BASE_MS: '30', CAMPAIGN_POLL_INTERVAL_MS: '20' };

let clients = 0;
const nextClient = () => `198.51.100.${(clients++ % 250) + 1}`;

async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe(`campaign audiences and the suppression list on ${TEST_DATABASE}`, () => {
  let sink: SmtpSink;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      ADMIN_PASSWORD: PASSWORD,
      SMTP_URL: sink.url,
      TICKET_CAPACITY: '60',
      HOLD_TICKETS_PER_ADDRESS: '100',
      ...QUICK,
    });
    cookie = await managerCookie(t, PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const get = async <T>(path: string, status = 200): Promise<T> => (await t.http.get(path).set('Cookie', cookie).expect(status)).body as T;
  const countOf = async (audience: string) => {
    const { count, suppressed } = await get<{ count: number; suppressed: number }>(`/api/campaigns/audiences/${audience}`);
    return { count, suppressed };
  };

  /** A party order placed as the party page does; paid with the test card unless `pay` is false. */
  async function partyOrder(customerEmail: string, newsConsent: boolean | undefined, pay = true): Promise<string> {
    const held = await t.http
      .post('/api/party-payment-intent')
      .set('X-Forwarded-For', nextClient())
      .send(
        createPartyOrderRequest({ customerEmail, adultTickets: 1, childTickets: 0, ...(newsConsent === undefined ? {} : { newsConsent }) }),
      )
      .expect(200);
    if (!pay) return held.body.orderId as string;
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: held.body.clientSecret, ...CARD })
      .expect(200);
    const confirmed = await t.http
      .post('/api/confirm-payment')
      .send({ paymentIntentId: paid.body.id, type: 'party_ticket', clientSecret: held.body.clientSecret })
      .expect(200);
    expect(confirmed.body.status).toBe('paid');
    return held.body.orderId as string;
  }

  /** A feast pack pre-order, paid, as the checkout places it. */
  async function paidFeastOrder(customerEmail: string, newsConsent: boolean): Promise<void> {
    const catalog = (await t.http.get('/api/feast-packs').expect(200)).body as FeastCatalog;
    const [pack] = catalog.packs;
    const held = await t.http
      .post('/api/feast-order-intent')
      .set('X-Forwarded-For', nextClient())
      .send({
        customerName: 'Feast Guest',
        customerEmail,
        customerPhone: '(408) 555-0199',
        items: [{ packId: pack.id, quantity: 1 }],
        slotId: catalog.slots[0].id,
        totalAmount: priceFeastOrder([{ price: pack.price, quantity: 1 }], catalog.taxRateBasisPoints).totalCents,
        newsConsent,
      })
      .expect(200);
    const paid = await t.http
      .post('/api/payments/simulated/confirm')
      .send({ clientSecret: held.body.clientSecret, ...CARD })
      .expect(200);
    const confirmed = await t.http
      .post('/api/confirm-payment')
      .send({ paymentIntentId: paid.body.id, type: 'feast_order', clientSecret: held.body.clientSecret })
      .expect(200);
    expect(confirmed.body.status).toBe('paid');
  }

  async function createCampaign(body: Record<string, unknown>): Promise<Campaign> {
    const res = await t.http
      .post('/api/campaigns')
      .set('Cookie', cookie)
      .send({ name: 'Diwali news', subject: `News ${randomUUID().slice(0, 8)}`, content: '<p>Happy Diwali, {{email}}</p>', ...body })
      .expect(201);
    return res.body as Campaign;
  }

  async function sendAndFinish(campaign: Campaign): Promise<CampaignRecipientReport[]> {
    await t.http.post(`/api/campaigns/${campaign.id}/send`).set('Cookie', cookie).expect(202);
    await eventually(`campaign ${campaign.subject} to finish`, async () => {
      const all = await get<Campaign[]>('/api/campaigns');
      return all.find((c) => c.id === campaign.id && (c.status === 'sent' || c.status === 'failed'));
    });
    return get<CampaignRecipientReport[]>(`/api/campaigns/${campaign.id}/recipients`);
  }

  const deliveredTo = (subject: string) =>
    sink.messages
      .filter((m) => m.parsed.subject === subject)
      .flatMap((m) => m.envelopeTo)
      .sort();

  it('counts and lists the guests who agreed to news: a later unticked box keeps them, the suppressed and last season are left out', async () => {
    // Last season: a paid buyer who agreed.
    await partyOrder('last.season@example.com', true);
    const site = (await t.http.get('/api/site').expect(200)).body as { party: { name: string } };
    await t.http
      .post('/api/admin/events')
      .set('Cookie', cookie)
      .send({ name: 'Diwali DJ Night 2027', date: '2027-10-30', closingSeasonName: site.party.name })
      .expect(201);
    await t.http
      .put('/api/admin/feast-packs')
      .set('Cookie', cookie)
      .send({
        open: true,
        packs: [{ name: 'Vegetarian Feast Pack', description: 'Paneer, biryani, breads, sweets', price: 3999, vegetarian: true }],
        slots: [{ date: '2027-10-29', time: '13:30', capacity: 40 }],
      })
      .expect(200);

    // This season.
    await partyOrder('Asha@Example.com', true);
    await partyOrder('ravi@example.com', undefined);
    await partyOrder('meena@example.com', true);
    await partyOrder('meena@example.com', false);
    await partyOrder('kiran@example.com', true, false);
    await paidFeastOrder('lakshmi@example.com', true);
    await paidFeastOrder('dev@example.com', false);
    await partyOrder('gone@example.com', true);
    await partyOrder('erased@example.com', true);
    const suppressions = t.app.get(Suppressions);
    await suppressions.suppress('gone@example.com', 'unsubscribed', new Date());
    await suppressions.forgetAddress('erased@example.com', new Date());
    // The erased guest's row holds only the address's hash.
    const keys = (await t.dataSource.getRepository(EmailSuppressionEntity).find()).map((row) => row.email);
    expect(keys).not.toContain('erased@example.com');
    expect(keys.some((key) => key.startsWith('sha256:'))).toBe(true);

    expect(await countOf('agreed')).toEqual({ count: 5, suppressed: 2 });
    expect(await countOf('ticket-buyers')).toEqual({ count: 2, suppressed: 2 });
    expect(await countOf('feast-buyers')).toEqual({ count: 1, suppressed: 0 });

    const everyone = await createCampaign({ audience: 'agreed' });
    // The suppressed members are written too, to be skipped with their reason.
    expect(everyone.recipientEmails).toEqual([
      'asha@example.com',
      'erased@example.com',
      'gone@example.com',
      'kiran@example.com',
      'lakshmi@example.com',
      'last.season@example.com',
      'meena@example.com',
    ]);
    expect(everyone.progress).toMatchObject({ total: 7, pending: 7 });
    expect((await createCampaign({ audience: 'ticket-buyers' })).recipientEmails).toEqual([
      'asha@example.com',
      'erased@example.com',
      'gone@example.com',
      'meena@example.com',
    ]);
    expect((await createCampaign({ audience: 'feast-buyers' })).recipientEmails).toEqual(['lakshmi@example.com']);

    // Sent as written, less whoever unsubscribed since.
    await suppressions.suppress('kiran@example.com', 'unsubscribed', new Date());
    const report = await sendAndFinish(everyone);
    expect(report).toEqual([
      { email: 'asha@example.com', status: 'sent', reason: null },
      { email: 'erased@example.com', status: 'skipped', reason: 'erased' },
      { email: 'gone@example.com', status: 'skipped', reason: 'unsubscribed' },
      { email: 'kiran@example.com', status: 'skipped', reason: 'unsubscribed' },
      { email: 'lakshmi@example.com', status: 'sent', reason: null },
      { email: 'last.season@example.com', status: 'sent', reason: null },
      { email: 'meena@example.com', status: 'sent', reason: null },
    ]);
    expect(deliveredTo(everyone.subject)).toEqual([
      'asha@example.com',
      'lakshmi@example.com',
      'last.season@example.com',
      'meena@example.com',
    ]);
  });

  it('refuses an unknown audience, a list with an audience, and an audience nobody is in, with a 400 that says why', async () => {
    const unknown = await get<{ message: string }>('/api/campaigns/audiences/everyone', 400);
    expect(unknown.message).toBe('Unknown audience: use agreed, ticket-buyers or feast-buyers');
    const base = { name: 'n', subject: 's', content: '<p>c</p>' };
    const mixed = await t.http
      .post('/api/campaigns')
      .set('Cookie', cookie)
      .send({ ...base, audience: 'agreed', recipientEmails: ['a@example.com'] })
      .expect(400);
    expect(mixed.body.message).toBe('recipientEmails: Only a pasted or uploaded list takes addresses');
    const noList = await t.http
      .post('/api/campaigns')
      .set('Cookie', cookie)
      .send({ ...base, audience: 'list' })
      .expect(400);
    expect(noList.body.message).toBe('recipientEmails: Required');
    const badAudience = await t.http
      .post('/api/campaigns')
      .set('Cookie', cookie)
      .send({ ...base, audience: 'friends' })
      .expect(400);
    expect(badAudience.body.message).toMatch(/^audience: /);
    await t.app.get(Suppressions).suppress('lakshmi@example.com', 'unsubscribed', new Date());
    const before = (await get<Campaign[]>('/api/campaigns')).length;
    const empty = await t.http
      .post('/api/campaigns')
      .set('Cookie', cookie)
      .send({ ...base, audience: 'feast-buyers' })
      .expect(400);
    expect(empty.body.message).toBe('Feast pack buyers who agreed: nobody can be mailed yet.');
    expect(await get<Campaign[]>('/api/campaigns')).toHaveLength(before);
  });

  it('marks an address the mail server refuses with 550 as bounced, and every later campaign skips it with its reason', async () => {
    sink.refuseRecipient('Bouncing@example.com');
    const links = t.app.get(UnsubscribeLinks);
    const unsubscribe = new URL(links.url('leaving@example.com'));
    await t.http.post(`${unsubscribe.pathname}${unsubscribe.search}`).type('form').send('List-Unsubscribe=One-Click').expect(200);

    const first = await createCampaign({ recipientEmails: ['bouncing@example.com', 'reader@example.com', 'leaving@example.com'] });
    const firstReport = await sendAndFinish(first);
    expect(firstReport[0]).toMatchObject({ email: 'bouncing@example.com', status: 'failed' });
    expect(firstReport[0].reason).toMatch(/550/);
    expect(firstReport.slice(1)).toEqual([
      { email: 'reader@example.com', status: 'sent', reason: null },
      { email: 'leaving@example.com', status: 'skipped', reason: 'unsubscribed' },
    ]);
    expect(deliveredTo(first.subject)).toEqual(['reader@example.com']);
    const bounced = await t.dataSource.getRepository(EmailSuppressionEntity).findOneByOrFail({ email: 'bouncing@example.com' });
    expect(bounced.reason).toBe('bounced');
    expect(bounced.detail).toMatch(/550.*Mailbox unavailable/);
    const test = await t.http
      .post(`/api/campaigns/${first.id}/test`)
      .set('Cookie', cookie)
      .send({ email: 'bouncing@example.com' })
      .expect(409);
    expect(test.body).toEqual({ message: 'bouncing@example.com is on the suppression list (bounced).' });

    const next = await createCampaign({
      recipientEmails: ['bouncing@example.com', 'reader@example.com', 'leaving@example.com', 'erased@example.com'],
    });
    expect(await sendAndFinish(next)).toEqual([
      { email: 'bouncing@example.com', status: 'skipped', reason: 'bounced' },
      { email: 'reader@example.com', status: 'sent', reason: null },
      { email: 'leaving@example.com', status: 'skipped', reason: 'unsubscribed' },
      { email: 'erased@example.com', status: 'skipped', reason: 'erased' },
    ]);
    expect(deliveredTo(next.subject)).toEqual(['reader@example.com']);
    const [done] = (await get<Campaign[]>('/api/campaigns')).filter((c) => c.id === next.id);
    expect(done.progress).toMatchObject({ total: 4, sent: 1, skipped: 3, failed: 0 });
    expect(await get<{ message: string }>('/api/campaigns/00000000-0000-4000-8000-000000000000/recipients', 404)).toEqual({
      message: 'Campaign not found',
    });
  });
});
