import { isoToZonedWallTime, type AdminPolicies, type AdminSettings, type PublicPolicy, type SiteConfig } from '@festival/contracts';
import { ConsentRecordEntity } from '../src/modules/privacy/consent-record.entity.js';
import { PolicyVersionEntity } from '../src/modules/privacy/policy-version.entity.js';
import { createPartyOrderRequest } from './support/factories.js';
import { deviceCookie, managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'diya-policies-2026';
const HOUR = 3_600_000;

describe(`the privacy policy and the ticket terms on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100' });
    manager = await managerCookie(t, PASSWORD);
  });
  afterAll(() => t.close());

  const read = async (kind: string): Promise<PublicPolicy> => (await t.http.get(`/api/policies/${kind}`).expect(200)).body as PublicPolicy;
  const admin = async (): Promise<AdminPolicies> =>
    (await t.http.get('/api/admin/policies').set('Cookie', manager).expect(200)).body as AdminPolicies;
  const save = (kind: string, body: object, cookie = manager) => t.http.put(`/api/admin/policies/${kind}`).set('Cookie', cookie).send(body);

  it('starts each season with default texts as version 1 that name what is collected and how long it is kept', async () => {
    const privacy = await read('privacy');
    expect(privacy).toMatchObject({ kind: 'privacy', title: 'Privacy policy', version: 1 });
    expect(Number.isNaN(Date.parse(privacy.savedAt))).toBe(false);
    for (const fact of [
      'page views',
      'IP address',
      'Global Privacy Control',
      'Do Not Track',
      'full card number',
      'unsubscribe',
      '24 months',
    ]) {
      expect(privacy.html).toContain(fact);
    }
    expect(privacy.html).toContain('<h2>What we collect</h2>');
    const terms = await read('terms');
    expect(terms).toMatchObject({ kind: 'terms', title: 'Ticket terms', version: 1 });
    expect(terms.html).toContain('<h2>Refunds</h2>');
    const both = await admin();
    expect(both.privacy).toMatchObject({ version: 1, isDefault: true });
    expect(both.privacy.markdown).toContain('## What we collect');
  });

  it('answers an unknown policy with a clear 400', async () => {
    const res = await t.http.get('/api/policies/cookies').expect(400);
    expect(res.body.message).toBe('kind: There is no such policy: privacy or terms');
  });

  it('saves a changed text as the next version with its date, renders a script as visible text, and logs the save', async () => {
    const before = Date.now();
    const markdown =
      '# Our privacy\n\nWe keep **little**.\n\n<script>alert("x")</script>\n\n[Home](https://example.com) [bad](javascript:alert(1))';
    const res = await save('privacy', { markdown }).expect(200);
    const saved = res.body as PublicPolicy & { markdown: string; isDefault: boolean };
    expect(saved).toMatchObject({ kind: 'privacy', version: 2, isDefault: false, markdown });
    expect(Date.parse(saved.savedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(saved.savedAt)).toBeLessThanOrEqual(Date.now() + 1000);

    const page = await read('privacy');
    expect(page.version).toBe(2);
    expect(page.savedAt).toBe(saved.savedAt);
    expect(page.html).toContain('<h1>Our privacy</h1>');
    expect(page.html).toContain('<strong>little</strong>');
    expect(page.html).toContain('&lt;script&gt;alert("x")&lt;/script&gt;');
    expect(page.html).not.toContain('<script');
    expect(page.html).toContain('<a href="https://example.com">Home</a>');
    expect(page.html).not.toContain('href="javascript:');

    const log = await t.http.get('/api/admin/activity?action=settings.change').set('Cookie', manager).expect(200);
    expect(log.body.items[0]).toMatchObject({ who: 'Manager', object: 'Privacy policy', detail: 'Version 2' });

    // The terms are versioned on their own.
    expect((await read('terms')).version).toBe(1);
  });

  it('keeps the version when the same text is saved again, and goes up by one at each change', async () => {
    const current = (await admin()).privacy;
    const again = await save('privacy', { markdown: `${current.markdown.replace(/\n/g, '\r\n')}  \n` }).expect(200);
    expect(again.body).toMatchObject({ version: current.version, savedAt: current.savedAt });
    await save('privacy', { markdown: 'Version three.' }).expect(200);
    const four = await save('privacy', { markdown: 'Version four.' }).expect(200);
    expect(four.body.version).toBe(current.version + 2);
    const terms = await save('terms', { markdown: 'Tickets are **not** transferable.' }).expect(200);
    expect(terms.body).toMatchObject({ kind: 'terms', title: 'Ticket terms', version: 2 });
    expect((await read('terms')).html).toBe('<p>Tickets are <strong>not</strong> transferable.</p>\n');
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const before = await admin();
    const rows = await t.dataSource.getRepository(PolicyVersionEntity).count();
    const cases: [object, string][] = [
      [{ markdown: '   ' }, 'markdown: The policy text is required'],
      [{}, 'markdown: Required'],
      [{ markdown: 42 }, 'markdown: Expected string, received number'],
      [{ markdown: 'x'.repeat(50_001) }, 'markdown: The policy text cannot be longer than 50,000 characters'],
      [{ markdown: 'fine', extra: true }, 'Unrecognized key: "extra"'],
    ];
    for (const [body, message] of cases) {
      const res = await save('privacy', body).expect(400);
      expect(res.body.message).toContain(message);
    }
    const unknown = await save('cookies', { markdown: 'text' }).expect(400);
    expect(unknown.body.message).toBe('kind: There is no such policy: privacy or terms');
    expect(await admin()).toEqual(before);
    expect(await t.dataSource.getRepository(PolicyVersionEntity).count()).toBe(rows);
  });

  it('lets only the manager read and edit them: 403 for the door and the bar, 401 for anyone else', async () => {
    const before = await admin();
    for (const role of ['door', 'bar'] as const) {
      const device = await deviceCookie(t, manager, `Policies ${role}`, role);
      await t.http.get('/api/admin/policies').set('Cookie', device).expect(403);
      await save('privacy', { markdown: `Written by the ${role}` }, device).expect(403);
    }
    await t.http.get('/api/admin/policies').expect(401);
    await t.http.put('/api/admin/policies/privacy').send({ markdown: 'Anonymous' }).expect(401);
    expect(await admin()).toEqual(before);
  });

  it('writes the privacy policy version on sale into each consent record', async () => {
    const version = (await read('privacy')).version;
    expect(version).toBeGreaterThan(1);
    await t.http
      .post('/api/party-payment-intent')
      .send(createPartyOrderRequest({ customerEmail: 'Guest.Consent@Example.com', adultTickets: 1, childTickets: 0, newsConsent: true }))
      .expect(200);
    const row = await t.dataSource.getRepository(ConsentRecordEntity).findOneByOrFail({ email: 'guest.consent@example.com' });
    expect(row).toMatchObject({ agreed: true, page: 'party', policyVersion: String(version) });
  });

  it('starts the next season with the default texts again, version 1', async () => {
    const get = async <T>(path: string): Promise<T> => (await t.http.get(path).set('Cookie', manager).expect(200)).body as T;
    const { event } = await get<AdminSettings>('/api/admin/settings');
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const now = Date.now();
    await t.http
      .put('/api/admin/settings/event')
      .set('Cookie', manager)
      .send({ ...event, startsAt: iso(now - 5 * HOUR), endsAt: iso(now - HOUR) })
      .expect(200);
    const site = (await t.http.get('/api/site').expect(200)).body as SiteConfig;
    const date = isoToZonedWallTime(iso(now + 400 * 24 * HOUR), site.party.timeZone).slice(0, 10);
    await t.http
      .post('/api/admin/events')
      .set('Cookie', manager)
      .send({ name: 'Diwali Policies Night', date, closingSeasonName: site.party.name })
      .expect(201);
    const privacy = await read('privacy');
    expect(privacy.version).toBe(1);
    expect(privacy.html).toContain('<h2>What we collect</h2>');
    expect((await read('terms')).version).toBe(1);
    expect((await admin()).privacy.isDefault).toBe(true);
  });
});
