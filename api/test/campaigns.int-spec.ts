import { randomUUID } from 'node:crypto';
import type { Campaign } from '@festival/contracts';
import { CampaignQueue } from '../src/modules/campaigns/campaign-queue.js';
import { CampaignRecipientEntity } from '../src/modules/campaigns/campaign-recipient.entity.js';
import { CampaignSender } from '../src/modules/campaigns/campaign-sender.js';
import { CampaignEntity } from '../src/modules/campaigns/campaign.entity.js';
import { UnsubscribeLinks } from '../src/modules/campaigns/unsubscribe-links.js';
import { Suppressions } from '../src/modules/privacy/suppressions.service.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '@festival/test-kit';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'campaign-staff-password';
/** A quick sender for tests: a high rate, short retry waits, frequent polls. */
const QUICK = { CAMPAIGN_RATE_PER_SECOND: '200', CAMPAIGN_RETRY_BASE_MS: '30', CAMPAIGN_POLL_INTERVAL_MS: '20' };
// One transparent pixel.
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

interface Staff {
  t: TestApp;
  cookie: string;
}

let sink: SmtpSink;

async function staffApp(env: Record<string, string> = {}, options: { keepDatabase?: boolean } = {}): Promise<Staff> {
  const t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, SMTP_URL: sink.url, ...QUICK, ...env }, options);
  const login = await t.http.post('/api/admin/login').send({ password: PASSWORD }).expect(200);
  const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
  const cookie = cookies.find((c) => c.startsWith('festival.sid='))!.split(';')[0];
  return { t, cookie };
}

/** The same database as `staff`, for a second app (a restart, or another replica). */
function sameDatabase(staff: Staff): Record<string, string> {
  return staff.t.config.database.type === 'sqlite' ? { SQLITE_PATH: staff.t.config.database.path } : {};
}

function uniqueSubject(label: string): string {
  return `${label} ${randomUUID().slice(0, 8)}`;
}

function addresses(count: number, tag: string): string[] {
  return Array.from({ length: count }, (_, i) => `guest${i + 1}.${tag}@example.com`);
}

async function createCampaign(
  staff: Staff,
  fields: { subject: string; recipientEmails: string[]; content?: string; name?: string },
): Promise<Campaign> {
  const res = await staff.t.http
    .post('/api/campaigns')
    .set('Cookie', staff.cookie)
    .send({
      name: fields.name ?? 'Diwali promotion',
      content: fields.content ?? '<h1>Happy Diwali</h1><p>Feast packs are here.</p>',
      ...fields,
    })
    .expect(201);
  return res.body as Campaign;
}

async function listCampaigns(staff: Staff): Promise<Campaign[]> {
  return (await staff.t.http.get('/api/campaigns').set('Cookie', staff.cookie).expect(200)).body as Campaign[];
}

async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function waitForStatus(staff: Staff, id: string, status: Campaign['status']): Promise<Campaign> {
  return eventually(`campaign ${id} to be ${status}`, async () =>
    (await listCampaigns(staff)).find((c) => c.id === id && c.status === status),
  );
}

function mailsWith(subject: string): ReceivedMail[] {
  return sink.messages.filter((m) => m.parsed.subject === subject);
}

function waitForMails(subject: string, count: number): Promise<ReceivedMail[]> {
  return eventually(`${count} e-mails "${subject}"`, async () => {
    const mails = mailsWith(subject);
    return mails.length >= count ? mails : undefined;
  });
}

function recipientsOf(mails: ReceivedMail[]): string[] {
  return mails.flatMap((m) => m.envelopeTo).sort();
}

function header(mail: ReceivedMail, name: string): string | undefined {
  return mail.parsed.headers.find((h) => h.key === name.toLowerCase())?.value;
}

/** The path and query of the link in the List-Unsubscribe header. */
function unsubscribePath(mail: ReceivedMail): string {
  const url = /<([^>]+)>/.exec(header(mail, 'List-Unsubscribe') ?? '')?.[1];
  if (!url) throw new Error('no List-Unsubscribe link');
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

describe(`e-mail campaigns on ${TEST_DATABASE}`, () => {
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  afterEach(() => sink.setMode('accept'));

  describe('creating', () => {
    let staff: Staff;
    beforeAll(async () => {
      staff = await staffApp();
    });
    afterAll(() => staff.t.close());

    it('creates a draft with each address once, listed newest first', async () => {
      const first = await createCampaign(staff, { subject: 'First', recipientEmails: ['a@example.com'] });
      const second = await createCampaign(staff, {
        subject: 'Second',
        recipientEmails: [' Guest@Example.com', 'guest@example.com', 'other@example.com'],
      });
      expect(second).toMatchObject({
        name: 'Diwali promotion',
        subject: 'Second',
        status: 'draft',
        recipientEmails: ['guest@example.com', 'other@example.com'],
        failureReason: null,
        progress: { total: 2, pending: 2, sent: 0, failed: 0, skipped: 0 },
      });
      expect(new Date(second.createdAt).getTime()).not.toBeNaN();
      const ids = (await listCampaigns(staff)).map((c) => c.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    });

    it('refuses incomplete or invalid campaigns with a 400 that says why', async () => {
      const missing = await staff.t.http
        .post('/api/campaigns')
        .set('Cookie', staff.cookie)
        .send({ name: '', subject: 'x', content: 'y', recipientEmails: [] })
        .expect(400);
      expect(missing.body.message).toBe('name: Campaign name is required; recipientEmails: Add at least one email address');
      const absent = await staff.t.http
        .post('/api/campaigns')
        .set('Cookie', staff.cookie)
        .send({ name: 7, subject: 'x', recipientEmails: 'ok@example.com' })
        .expect(400);
      expect(absent.body.message).toBe(
        'name: Expected string, received number; content: Required; recipientEmails: Expected array, received string',
      );
      const badAddress = await staff.t.http
        .post('/api/campaigns')
        .set('Cookie', staff.cookie)
        .send({ name: 'n', subject: 's', content: 'c', recipientEmails: ['ok@example.com', 'john@'] })
        .expect(400);
      expect(badAddress.body.message).toBe('recipientEmails.1: Not a valid e-mail address: john@');
      const badTemplate = await staff.t.http
        .post('/api/campaigns')
        .set('Cookie', staff.cookie)
        .send({ name: 'n', subject: 's', content: '<p>{{#if email}}unclosed</p>', recipientEmails: ['ok@example.com'] })
        .expect(400);
      expect(badTemplate.body.message).toMatch(/^Email content is not a valid template: /);
    });

    it('answers an unknown campaign with 404', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const res = await staff.t.http.post(`/api/campaigns/${id}/send`).set('Cookie', staff.cookie).expect(404);
        expect(res.body).toEqual({ message: 'Campaign not found' });
        await staff.t.http.delete(`/api/campaigns/${id}`).set('Cookie', staff.cookie).expect(404);
      }
    });

    it('sends a test e-mail to one address without changing the status', async () => {
      const subject = uniqueSubject('Test send');
      const campaign = await createCampaign(staff, { subject, recipientEmails: ['list@example.com'] });
      const res = await staff.t.http
        .post(`/api/campaigns/${campaign.id}/test`)
        .set('Cookie', staff.cookie)
        .send({ email: 'Staff@Restaurant.example' })
        .expect(200);
      expect(res.body).toEqual({ sentTo: 'staff@restaurant.example' });
      const [mail] = await waitForMails(`[Test] ${subject}`, 1);
      expect(mail.envelopeTo).toEqual(['staff@restaurant.example']);
      expect((await listCampaigns(staff)).find((c) => c.id === campaign.id)?.status).toBe('draft');
      const invalid = await staff.t.http
        .post(`/api/campaigns/${campaign.id}/test`)
        .set('Cookie', staff.cookie)
        .send({ email: 'nobody' })
        .expect(400);
      expect(invalid.body.message).toBe('email: Not a valid e-mail address: nobody');
    });
  });

  describe('sending', () => {
    let staff: Staff;
    beforeAll(async () => {
      staff = await staffApp({ PUBLIC_URL: 'https://festival.example' });
    });
    afterAll(() => staff.t.close());

    it('delivers one message per recipient with the text part, address, image and unsubscribe headers', async () => {
      const subject = uniqueSubject('Feast packs');
      const recipients = addresses(3, 'legal');
      const content = `<h1>Happy Diwali, {{email}}</h1><p>Visit <a href="https://festival.example/diwali-party">our party</a>.</p><img src="data:image/png;base64,${PIXEL_PNG}" alt="Diya">`;
      const campaign = await createCampaign(staff, { subject, recipientEmails: recipients, content });

      const started = await staff.t.http.post(`/api/campaigns/${campaign.id}/send`).set('Cookie', staff.cookie).expect(202);
      expect(started.body.status).toBe('sending');
      const done = await waitForStatus(staff, campaign.id, 'sent');
      expect(done.progress).toEqual({ total: 3, pending: 0, sent: 3, failed: 0, skipped: 0 });
      expect(done.finishedAt).not.toBeNull();
      const progress = await staff.t.http.get('/api/campaigns/progress').set('Cookie', staff.cookie).expect(200);
      expect(progress.body.find((p: { id: string }) => p.id === campaign.id)).toEqual({
        id: campaign.id,
        status: 'sent',
        failureReason: null,
        progress: done.progress,
        finishedAt: done.finishedAt,
      });

      const mails = mailsWith(subject);
      expect(recipientsOf(mails)).toEqual(recipients.sort());
      for (const mail of mails) {
        const to = mail.envelopeTo[0];
        expect(mail.parsed.text).toContain(`Happy Diwali, ${to}`);
        expect(mail.parsed.text).toContain('our party (https://festival.example/diwali-party)');
        expect(mail.parsed.text).toContain('1480 Lakeview Avenue, San Jose, CA 95131, US');
        expect(mail.parsed.html).toContain('1480 Lakeview Avenue, San Jose, CA 95131, US');
        expect(mail.parsed.replyTo?.[0]?.address).toBe('hello@saffronleaf.example');
        expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
        expect(header(mail, 'List-Unsubscribe')).toMatch(/^<https:\/\/festival\.example\/api\/unsubscribe\?token=[\w-]+\.[\w-]+>$/);
        const link = /<([^>]+)>/.exec(header(mail, 'List-Unsubscribe')!)![1];
        expect(mail.parsed.html).toContain(`href="${link}"`);
        expect(mail.parsed.text).toContain(`Unsubscribe: ${link}`);
        // The image travels as an inline attachment the HTML points at, not as a data URI.
        expect(mail.parsed.html).not.toContain('data:image');
        const [image] = mail.parsed.attachments;
        expect(image).toMatchObject({ mimeType: 'image/png', disposition: 'inline' });
        expect(Buffer.from(image.content as ArrayBuffer).equals(Buffer.from(PIXEL_PNG, 'base64'))).toBe(true);
        expect(mail.parsed.html).toContain(`src="cid:${image.contentId!.replace(/[<>]/g, '')}"`);
      }
    });

    it('refuses to send a campaign that is not a draft', async () => {
      const subject = uniqueSubject('Once');
      const campaign = await createCampaign(staff, { subject, recipientEmails: ['once@example.com'] });
      await staff.t.http.post(`/api/campaigns/${campaign.id}/send`).set('Cookie', staff.cookie).expect(202);
      const again = await staff.t.http.post(`/api/campaigns/${campaign.id}/send`).set('Cookie', staff.cookie).expect(409);
      expect(again.body.message).toMatch(/^Only a draft campaign can be sent; this one is (sending|sent)\.$/);
      await waitForStatus(staff, campaign.id, 'sent');
      const afterwards = await staff.t.http.post(`/api/campaigns/${campaign.id}/send`).set('Cookie', staff.cookie).expect(409);
      expect(afterwards.body).toEqual({ message: 'Only a draft campaign can be sent; this one is sent.' });
      expect(mailsWith(subject)).toHaveLength(1);
    });

    it('unsubscribes by one-click POST without cookies, and skips the address in every later campaign', async () => {
      const first = uniqueSubject('Before unsubscribing');
      const campaign = await createCampaign(staff, { subject: first, recipientEmails: ['leaving@example.com', 'staying@example.com'] });
      await staff.t.http.post(`/api/campaigns/${campaign.id}/send`).set('Cookie', staff.cookie).expect(202);
      const [mail] = (await waitForMails(first, 2)).filter((m) => m.envelopeTo[0] === 'leaving@example.com');

      const path = unsubscribePath(mail);
      const oneClick = await staff.t.http.post(path).type('form').send('List-Unsubscribe=One-Click').expect(200);
      expect(oneClick.body).toEqual({ unsubscribed: true });
      // Asking twice is fine.
      await staff.t.http.post(path).type('form').send('List-Unsubscribe=One-Click').expect(200);

      const later = uniqueSubject('After unsubscribing');
      const next = await createCampaign(staff, { subject: later, recipientEmails: ['LEAVING@example.com', 'staying@example.com'] });
      await staff.t.http.post(`/api/campaigns/${next.id}/send`).set('Cookie', staff.cookie).expect(202);
      const done = await waitForStatus(staff, next.id, 'sent');
      expect(done.progress).toMatchObject({ total: 2, sent: 1, skipped: 1 });
      expect(recipientsOf(mailsWith(later))).toEqual(['staying@example.com']);

      const test = await staff.t.http
        .post(`/api/campaigns/${next.id}/test`)
        .set('Cookie', staff.cookie)
        .send({ email: 'leaving@example.com' })
        .expect(409);
      expect(test.body).toEqual({ message: 'leaving@example.com has unsubscribed from these e-mails.' });
    });

    it('shows people a confirmation page, and unsubscribes only when they press the button', async () => {
      const links = staff.t.app.get(UnsubscribeLinks);
      const path = new URL(links.url('reader@example.com')).pathname + new URL(links.url('reader@example.com')).search;
      const page = await staff.t.http.get(path).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.text).toContain('reader@example.com');
      expect(page.text).toContain('<button type="submit">Unsubscribe</button>');
      expect(await staff.t.app.get(Suppressions).reasonFor('reader@example.com')).toBeNull();

      const pressed = await staff.t.http.post(path).set('Accept', 'text/html').type('form').send('List-Unsubscribe=One-Click').expect(200);
      expect(pressed.text).toContain("You're unsubscribed");
      expect(await staff.t.app.get(Suppressions).reasonFor('reader@example.com')).toBe('unsubscribed');
      expect((await staff.t.http.get(path).expect(200)).text).toContain("You're unsubscribed");
    });

    it('refuses a forged or damaged token', async () => {
      const links = staff.t.app.get(UnsubscribeLinks);
      const [payload] = links.token('victim@example.com').split('.');
      const [, otherMac] = links.token('attacker@example.com').split('.');
      for (const token of [`${payload}.${otherMac}`, payload, '', 'x.y.z']) {
        const page = await staff.t.http.get(`/api/unsubscribe?token=${encodeURIComponent(token)}`).expect(400);
        expect(page.text).toContain('This unsubscribe link is not valid');
        const json = await staff.t.http.post(`/api/unsubscribe?token=${encodeURIComponent(token)}`).expect(400);
        expect(json.body).toEqual({ message: 'This unsubscribe link is not valid.' });
      }
      await staff.t.http.post('/api/unsubscribe').expect(400);
      expect(await staff.t.app.get(Suppressions).reasonFor('victim@example.com')).toBeNull();
    });
  });

  describe('failures', () => {
    let staff: Staff;
    beforeAll(async () => {
      staff = await staffApp({ CAMPAIGN_MAX_ATTEMPTS: '20' });
    });
    afterAll(() => staff.t.close());

    it('retries temporary refusals with backoff until the server takes the message', async () => {
      sink.setMode('tempfail');
      const subject = uniqueSubject('Greylisted');
      const recipients = addresses(2, 'retry');
      const campaign = await createCampaign(staff, { subject, recipientEmails: recipients });
      await staff.t.http.post(`/api/campaigns/${campaign.id}/send`).set('Cookie', staff.cookie).expect(202);

      const rows = staff.t.dataSource.getRepository(CampaignRecipientEntity);
      const waiting = await eventually('two refused attempts per recipient', async () => {
        const all = await rows.findBy({ campaignId: campaign.id });
        return all.every((r) => r.attempts >= 2) ? all : undefined;
      });
      for (const r of waiting) {
        expect(r.status === 'pending' || r.status === 'sending').toBe(true);
        if (r.status === 'pending') {
          expect(r.lastError).toMatch(/Try again later/);
          expect(r.nextAttemptAt).not.toBeNull();
        }
      }
      expect(mailsWith(subject)).toHaveLength(0);

      sink.setMode('accept');
      const done = await waitForStatus(staff, campaign.id, 'sent');
      expect(done.progress).toMatchObject({ sent: 2, failed: 0 });
      expect(recipientsOf(mailsWith(subject))).toEqual(recipients.sort());
    });

    it('marks a permanently refused recipient failed, and a campaign nobody could receive failed with the reason', async () => {
      sink.setMode('permfail');
      const subject = uniqueSubject('Bounced');
      const campaign = await createCampaign(staff, { subject, recipientEmails: addresses(2, 'bounce') });
      await staff.t.http.post(`/api/campaigns/${campaign.id}/send`).set('Cookie', staff.cookie).expect(202);
      const failed = await waitForStatus(staff, campaign.id, 'failed');
      expect(failed.progress).toMatchObject({ total: 2, failed: 2, sent: 0 });
      expect(failed.failureReason).toMatch(/^No message could be delivered \(2 failed\)\. .*Mailbox unavailable/);
      // A permanent refusal is not retried.
      const rows = await staff.t.dataSource.getRepository(CampaignRecipientEntity).findBy({ campaignId: campaign.id });
      expect(rows.map((r) => r.attempts)).toEqual([1, 1]);
    });
  });

  describe('giving up', () => {
    // Its own app: on MySQL every test app shares one database, and another sender with a
    // different attempt limit would take part.
    let limited: Staff;
    beforeAll(async () => {
      limited = await staffApp({ CAMPAIGN_MAX_ATTEMPTS: '2' });
    });
    afterAll(() => limited.t.close());

    it('gives up on a recipient after the configured attempts', async () => {
      sink.setMode('tempfail');
      const subject = uniqueSubject('Never accepted');
      const campaign = await createCampaign(limited, { subject, recipientEmails: ['late@example.com'] });
      await limited.t.http.post(`/api/campaigns/${campaign.id}/send`).set('Cookie', limited.cookie).expect(202);
      const failed = await waitForStatus(limited, campaign.id, 'failed');
      expect(failed.failureReason).toBe(
        'No message could be delivered (1 failed). Gave up after 2 attempts: Message failed: 451 Try again later',
      );
    });
  });

  describe('reliability', () => {
    it('a sender stopped half way and restarted delivers each recipient exactly once', async () => {
      const first = await staffApp({ CAMPAIGN_RATE_PER_SECOND: '5' });
      const subject = uniqueSubject('Restarted');
      const recipients = addresses(8, 'restart');
      const campaign = await createCampaign(first, { subject, recipientEmails: recipients });
      await first.t.http.post(`/api/campaigns/${campaign.id}/send`).set('Cookie', first.cookie).expect(202);
      await waitForMails(subject, 2);
      await first.t.app.close();
      const beforeRestart = mailsWith(subject).length;
      expect(beforeRestart).toBeLessThan(recipients.length);

      const second = await staffApp({ ...sameDatabase(first), CAMPAIGN_RATE_PER_SECOND: '50' }, { keepDatabase: true });
      try {
        const done = await waitForStatus(second, campaign.id, 'sent');
        expect(done.progress).toMatchObject({ total: 8, sent: 8, failed: 0 });
        expect(recipientsOf(mailsWith(subject))).toEqual(recipients.sort());
      } finally {
        await second.t.close();
        await first.t.close();
      }
    });

    it('never re-sends to a recipient whose sender died mid-send: it is marked failed, the rest go out', async () => {
      const first = await staffApp();
      const subject = uniqueSubject('After a crash');
      const recipients = addresses(3, 'crash');
      const campaign = await createCampaign(first, { subject, recipientEmails: recipients });
      // The sender dies while talking to the SMTP server about the first recipient.
      await first.t.app.get(CampaignSender).stop();
      const longAgo = new Date(Date.now() - 60 * 60_000);
      await first.t.dataSource.getRepository(CampaignEntity).update({ id: campaign.id }, { status: 'sending', startedAt: longAgo });
      await first.t.dataSource
        .getRepository(CampaignRecipientEntity)
        .update(
          { campaignId: campaign.id, email: recipients[0] },
          { status: 'sending', claimedBy: 'dead-sender', claimedAt: longAgo, attempts: 1 },
        );
      await first.t.app.close();

      const second = await staffApp(sameDatabase(first), { keepDatabase: true });
      try {
        const done = await waitForStatus(second, campaign.id, 'sent');
        expect(done.progress).toMatchObject({ total: 3, sent: 2, failed: 1 });
        expect(recipientsOf(mailsWith(subject))).toEqual(recipients.slice(1).sort());
        const abandoned = await second.t.dataSource
          .getRepository(CampaignRecipientEntity)
          .findOneByOrFail({ campaignId: campaign.id, email: recipients[0] });
        expect(abandoned).toMatchObject({ status: 'failed', attempts: 1 });
        expect(abandoned.lastError).toMatch(/^Delivery interrupted/);
      } finally {
        await second.t.close();
        await first.t.close();
      }
    });

    it('two senders running at once never send anyone a second message', async () => {
      const one = await staffApp();
      const two = await staffApp(sameDatabase(one), { keepDatabase: true });
      try {
        const subject = uniqueSubject('Two replicas');
        const recipients = addresses(30, 'replicas');
        const campaign = await createCampaign(one, { subject, recipientEmails: recipients });
        await one.t.http.post(`/api/campaigns/${campaign.id}/send`).set('Cookie', one.cookie).expect(202);
        two.t.app.get(CampaignSender).wake();
        const done = await waitForStatus(two, campaign.id, 'sent');
        expect(done.progress).toMatchObject({ total: 30, sent: 30 });
        expect(recipientsOf(mailsWith(subject))).toEqual(recipients.sort());
      } finally {
        await two.t.close();
        await one.t.close();
      }
    });

    it('of two senders claiming the same recipient at the same moment, exactly one wins', async () => {
      const one = await staffApp();
      const two = await staffApp(sameDatabase(one), { keepDatabase: true });
      try {
        await one.t.app.get(CampaignSender).stop();
        await two.t.app.get(CampaignSender).stop();
        const campaign = await createCampaign(one, { subject: 'Claims', recipientEmails: addresses(20, 'claims') });
        await one.t.dataSource.getRepository(CampaignEntity).update({ id: campaign.id }, { status: 'sending' });
        const rows = await one.t.dataSource.getRepository(CampaignRecipientEntity).findBy({ campaignId: campaign.id });
        const queues = [one.t.app.get(CampaignQueue), two.t.app.get(CampaignQueue)];
        for (const row of rows) {
          const now = new Date();
          const claims = await Promise.all(queues.map((q, i) => q.claim(row.id, campaign.id, `sender-${i}`, now)));
          expect(claims.filter(Boolean)).toHaveLength(1);
        }
      } finally {
        await two.t.close();
        await one.t.close();
      }
    });

    it('deleting a sending campaign stops it first', async () => {
      const staff = await staffApp({ CAMPAIGN_RATE_PER_SECOND: '4' });
      try {
        const subject = uniqueSubject('Deleted mid-way');
        const campaign = await createCampaign(staff, { subject, recipientEmails: addresses(10, 'deleted') });
        await staff.t.http.post(`/api/campaigns/${campaign.id}/send`).set('Cookie', staff.cookie).expect(202);
        await waitForMails(subject, 1);
        await staff.t.http.delete(`/api/campaigns/${campaign.id}`).set('Cookie', staff.cookie).expect(204);
        const sentBeforeDelete = mailsWith(subject).length;
        expect((await listCampaigns(staff)).map((c) => c.id)).not.toContain(campaign.id);
        expect(await staff.t.dataSource.getRepository(CampaignRecipientEntity).countBy({ campaignId: campaign.id })).toBe(0);

        // The sender takes campaigns in turn: once a later one is through, the deleted one is over.
        const barrier = uniqueSubject('Barrier');
        const next = await createCampaign(staff, { subject: barrier, recipientEmails: ['barrier@example.com'] });
        await staff.t.http.post(`/api/campaigns/${next.id}/send`).set('Cookie', staff.cookie).expect(202);
        await waitForStatus(staff, next.id, 'sent');
        expect(mailsWith(subject).length).toBe(sentBeforeDelete);
        expect(sentBeforeDelete).toBeLessThan(10);
      } finally {
        await staff.t.close();
      }
    });
  });
});
