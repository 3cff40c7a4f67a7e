import { escapeHtml, type Campaign, type CampaignPreview } from '@festival/contracts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '@festival/test-kit';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'campaign-preview-staff-password';
// One transparent pixel.
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const TEMPLATE = [
  '<h1>Diwali at {{restaurant.name}}</h1>',
  '{{#if restaurant.tagline}}<p class="tagline">{{restaurant.tagline}}</p>{{else}}<p>No tagline</p>{{/if}}',
  '{{#if missing}}<p>Never shown</p>{{/if}}',
  '<p>Your feast pack awaits, {{email}}. Caf&eacute; <a href="{{siteUrl}}/feast">order here</a></p>',
].join('\n');

/** A sent e-mail with its own signed unsubscribe link written as the preview writes it. */
const withPreviewLink = (body: string, unsubscribeUrl: string) =>
  body
    .split(escapeHtml(unsubscribeUrl))
    .join('#unsubscribe')
    .split(unsubscribeUrl)
    .join('#unsubscribe')
    // The mail transport ends the body with a line break.
    .replace(/\r\n/g, '\n')
    .trimEnd();

describe(`the campaign preview on ${TEST_DATABASE}`, () => {
  let sink: SmtpSink;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, SMTP_URL: sink.url, PUBLIC_URL: 'https://festival.example' });
    const login = await t.http.post('/api/admin/login').send({ password: PASSWORD }).expect(200);
    cookie = ([] as string[])
      .concat(login.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('festival.sid='))!
      .split(';')[0]!;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const preview = (body: object) => t.http.post('/api/campaigns/preview').set('Cookie', cookie).send(body);

  it('renders a template with {{#if}} exactly as the e-mail the mail server receives, HTML and text', async () => {
    const subject = `[Test] Diwali preview ${Date.now()}`;
    const created = await t.http
      .post('/api/campaigns')
      .set('Cookie', cookie)
      .send({ name: 'Preview', subject: subject.slice(7), content: TEMPLATE, recipientEmails: ['list@example.com'] })
      .expect(201);
    await t.http
      .post(`/api/campaigns/${(created.body as Campaign).id}/test`)
      .set('Cookie', cookie)
      .send({ email: 'staff@example.com' })
      .expect(200);
    const mail = await new Promise<ReceivedMail>((resolve) => {
      const poll = () => {
        const found = sink.messages.find((m) => m.parsed.subject === subject);
        if (found) resolve(found);
        else setTimeout(poll, 25);
      };
      poll();
    });
    const unsubscribeUrl = /<([^>]+)>/.exec(mail.parsed.headers.find((h) => h.key === 'list-unsubscribe')!.value)![1]!;

    const shown = (await preview({ subject, content: TEMPLATE, email: 'staff@example.com' }).expect(200)).body as CampaignPreview;
    expect(shown.html).toContain('<p class="tagline">');
    expect(shown.html).not.toContain('Never shown');
    expect(shown.html).not.toContain('{{');
    expect(shown.html).toBe(withPreviewLink(String(mail.parsed.html), unsubscribeUrl));
    expect(shown.text).toBe(withPreviewLink(String(mail.parsed.text), unsubscribeUrl));
    expect(shown.text).toContain('Café order here (https://festival.example/feast)');
  });

  it('shows inline images as data URLs, writes guest@example.com for {{email}} unless told, and refuses what cannot render', async () => {
    const image = `data:image/png;base64,${PIXEL_PNG}`;
    const shown = (await preview({ subject: 'Hi', content: `<p>{{email}}</p><img alt="diya" src="${image}">` }).expect(200))
      .body as CampaignPreview;
    expect(shown.html).toContain(`<img alt="diya" src="${image}">`);
    expect(shown.html).toContain('<p>guest@example.com</p>');

    const broken = await preview({ subject: 'Hi', content: '{{#if}}' }).expect(400);
    expect(broken.body.message).toMatch(/^Email content is not a valid template: /);
    const extra = await preview({ subject: 'Hi', content: '<p>x</p>', recipientEmails: [] }).expect(400);
    expect(extra.body.message).toMatch(/recipientEmails/);
    await t.http.post('/api/campaigns/preview').send({ subject: 'Hi', content: '<p>x</p>' }).expect(401);
  });
});
