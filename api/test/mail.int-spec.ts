import { readdirSync, readFileSync } from 'node:fs';
import { MailDeliveryError, MailService } from '../src/modules/mail/mail.service.js';
import { startSmtpSink, type SmtpSink } from '@festival/test-kit';
import { createTestApp } from './support/test-app.js';

describe('outgoing mail', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('delivers through SMTP_URL with the configured sender', async () => {
    const t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Festival <festival@restaurant.example>' });
    try {
      await t.app.get(MailService).send({ to: 'guest@example.com', subject: 'Hello', text: 'Happy Diwali', html: '<p>Happy Diwali</p>' });
      const [mail] = await sink.waitFor(1);
      expect(mail.envelopeTo).toEqual(['guest@example.com']);
      expect(mail.parsed.subject).toBe('Hello');
      expect(mail.parsed.from?.address).toBe('festival@restaurant.example');
      expect(mail.parsed.text?.trim()).toBe('Happy Diwali');
    } finally {
      await t.close();
    }
  });

  it('tells a temporary refusal from a permanent one', async () => {
    const t = await createTestApp({ SMTP_URL: sink.url });
    try {
      const mail = t.app.get(MailService);
      sink.setMode('tempfail');
      const temporary = await mail.send({ to: 'a@example.com', subject: 's', text: 't' }).catch((e: unknown) => e);
      expect(temporary).toBeInstanceOf(MailDeliveryError);
      expect(temporary).toMatchObject({ permanent: false, responseCode: 451 });
      sink.setMode('permfail');
      const permanent = await mail.send({ to: 'b@example.com', subject: 's', text: 't' }).catch((e: unknown) => e);
      expect(permanent).toMatchObject({ permanent: true, responseCode: 550 });
    } finally {
      sink.setMode('accept');
      await t.close();
    }
  });

  it('treats an unreachable server as temporary', async () => {
    const t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const error = await t.app
        .get(MailService)
        .send({ to: 'a@example.com', subject: 's', text: 't' })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ permanent: false });
    } finally {
      await t.close();
    }
  });

  it('writes .eml files to the outbox when no SMTP server is configured', async () => {
    const t = await createTestApp();
    try {
      await t.app.get(MailService).send({ to: 'guest@example.com', subject: 'Outbox', text: 'Saved' });
      const files = readdirSync(t.config.mail.outboxDir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      expect(readFileSync(`${t.config.mail.outboxDir}/${files[0]}`, 'utf8')).toMatch(/Subject: Outbox/);
    } finally {
      await t.close();
    }
  });
});
