import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { ConfigError, DEV_ADMIN_PASSWORD, loadConfig } from './app-config.js';

const ticketKey = () => generateKeyPairSync('ed25519').privateKey;

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('gives the embedded defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ type: 'sqlite', path: '.data/festival.sqlite' });
    expect(config.admin).toMatchObject({ password: DEV_ADMIN_PASSWORD, usingDevelopmentPassword: true });
    expect(config.stripe).toBeUndefined();
    expect(config.promoCodes).toHaveLength(2);
  });

  it('holds unpaid tickets 15 minutes unless TICKET_HOLD_SECONDS says otherwise, within 5 seconds and a day', () => {
    expect(loadConfig({}).ticketHoldSeconds).toBe(900);
    expect(loadConfig({ TICKET_HOLD_SECONDS: '20' }).ticketHoldSeconds).toBe(20);
    expect(problemsOf({ TICKET_HOLD_SECONDS: '2' })).toEqual(['TICKET_HOLD_SECONDS: must be at least 5 seconds']);
    expect(problemsOf({ TICKET_HOLD_SECONDS: '90000' })).toEqual(['TICKET_HOLD_SECONDS: must be at most a day (86400 seconds)']);
    expect(problemsOf({ TICKET_HOLD_SECONDS: 'soon' })).toEqual([expect.stringMatching(/^TICKET_HOLD_SECONDS: /)]);
  });

  it('chooses MySQL from DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'mysql://u:p@db:3306/festival' }).database).toEqual({
      type: 'mysql',
      url: 'mysql://u:p@db:3306/festival',
    });
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'eighty', DATABASE_URL: 'postgres://x', SMTP_URL: 'mail.example' });
    expect(problems).toEqual([
      expect.stringMatching(/^PORT: /),
      expect.stringMatching(/^DATABASE_URL: must be a mysql:/),
      expect.stringMatching(/^SMTP_URL: must be an smtp:/),
    ]);
  });

  it('refuses to start in production without the secrets', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toEqual(
      expect.arrayContaining([
        'ADMIN_PASSWORD: required in production',
        'SESSION_SECRET: required in production',
        'PUBLIC_URL: required in production',
        'TICKET_SIGNING_KEY: required in production',
        expect.stringMatching(/^STRIPE_SECRET_KEY: required in production/),
      ]),
    );
  });

  /** A production configuration the API accepts, to spoil one variable at a time. */
  const production = (overrides: Record<string, string> = {}) => ({
    NODE_ENV: 'production',
    ADMIN_PASSWORD: 'a-staff-password-of-our-own',
    SESSION_SECRET: 'a-session-secret-of-32-characters!!',
    PUBLIC_URL: 'https://festival.example',
    TICKET_SIGNING_KEY: ticketKey().export({ type: 'pkcs8', format: 'pem' }).toString(),
    DATABASE_URL: 'mysql://festival:a-db-password@mysql:3306/festival',
    SMTP_URL: 'smtp://relay.example:587',
    STRIPE_SECRET_KEY: 'sk_live_123',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_123',
    STRIPE_WEBHOOK_SECRET: 'whsec_123',
    ...overrides,
  });

  it('accepts a production configuration with live Stripe keys and a mail relay', () => {
    expect(problemsOf(production())).toEqual([]);
  });

  it("refuses the examples' placeholder secrets in production, and only there", () => {
    for (const [name, value] of [
      ['ADMIN_PASSWORD', 'a-long-shared-staff-password'],
      ['ADMIN_PASSWORD', DEV_ADMIN_PASSWORD],
      ['SESSION_SECRET', 'at-least-32-random-characters-here'],
      ['SESSION_SECRET', 'change-me-to-32-random-characters'],
      ['UNSUBSCRIBE_SECRET', 'change-me-unsubscribe-secret'],
    ]) {
      expect(problemsOf(production({ [name]: value }))).toEqual([
        `${name}: still the example's placeholder; set a secret of your own in production`,
      ]);
      expect(problemsOf({ [name]: value })).toEqual([]);
    }
    expect(problemsOf(production({ DATABASE_URL: 'mysql://festival:change-me@mysql:3306/festival' }))).toEqual([
      "DATABASE_URL: the database password is still the example's placeholder (MYSQL_PASSWORD)",
    ]);
  });

  it('refuses Stripe test keys in production unless ALLOW_TEST_PAYMENTS=true', () => {
    const testKeys = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123' };
    expect(problemsOf(production(testKeys))).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY \/ STRIPE_PUBLISHABLE_KEY: Stripe test keys take no real payments/),
    ]);
    expect(problemsOf(production({ STRIPE_PUBLISHABLE_KEY: 'pk_test_123' }))).toEqual([
      expect.stringMatching(/^STRIPE_PUBLISHABLE_KEY: Stripe test keys take no real payments/),
    ]);
    expect(problemsOf(production({ ...testKeys, ALLOW_TEST_PAYMENTS: 'true' }))).toEqual([]);
    expect(problemsOf({ ...testKeys })).toEqual([]);
  });

  it('refuses a plain-HTTP Stripe API address and a missing mail relay in production', () => {
    expect(problemsOf(production({ STRIPE_API_URL: 'http://127.0.0.1:12111' }))).toEqual([
      expect.stringMatching(/^STRIPE_API_URL: must be https:\/\/ in production/),
    ]);
    expect(problemsOf(production({ STRIPE_API_URL: 'https://stripe-proxy.example' }))).toEqual([]);
    expect(problemsOf(production({ SMTP_URL: '' }))).toEqual([expect.stringMatching(/^SMTP_URL: required in production/)]);
    expect(problemsOf({ STRIPE_API_URL: 'http://127.0.0.1:12111' })).toEqual([]);
  });

  it('says each problem on a line of its own', () => {
    expect(() => loadConfig(production({ SMTP_URL: '', ADMIN_PASSWORD: 'change-me' }))).toThrow(ConfigError);
    const error = new ConfigError(['A: one', 'B: two']);
    expect(error.message.split('\n')).toEqual(['Invalid configuration: A: one', 'Invalid configuration: B: two']);
  });

  it('allows the simulated gateway in production only when asked to', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ADMIN_PASSWORD: 'a-long-staff-password',
      SESSION_SECRET: 'a-session-secret-of-32-characters!!',
      PUBLIC_URL: 'https://festival.example',
      TICKET_SIGNING_KEY: ticketKey().export({ type: 'pkcs8', format: 'pem' }).toString(),
      SMTP_URL: 'smtp://relay.example:587',
      ALLOW_SIMULATED_PAYMENTS: 'true',
    });
    expect(config.isProduction).toBe(true);
    expect(config.stripe).toBeUndefined();
  });

  it('normalises promo codes: trimmed, upper case, empty entries and repeats dropped; refuses one the settings would not take', () => {
    expect(loadConfig({ PROMO_CODES: ' diwali5 , ,Lights10,DIWALI5 ' }).promoCodes).toEqual(['DIWALI5', 'LIGHTS10']);
    expect(loadConfig({ PROMO_CODES: '' }).promoCodes).toEqual([]);
    expect(problemsOf({ PROMO_CODES: 'DIWALI5,FREE PARTY' })).toEqual([
      'PROMO_CODES: FREE PARTY: Promo code can only have letters, digits, - and _',
    ]);
  });

  it('reads the campaign sender settings, signing unsubscribe links with the session secret by default', () => {
    const defaults = loadConfig({ SESSION_SECRET: 'a-session-secret-of-32-characters!!' });
    expect(defaults.campaigns).toEqual({
      ratePerSecond: 5,
      maxAttempts: 5,
      retryBaseMs: 60_000,
      pollIntervalMs: 2_000,
      unsubscribeSecret: 'a-session-secret-of-32-characters!!',
    });
    const tuned = loadConfig({ CAMPAIGN_RATE_PER_SECOND: '0.5', UNSUBSCRIBE_SECRET: 'an-unsubscribe-secret-1234' });
    expect(tuned.campaigns).toMatchObject({ ratePerSecond: 0.5, unsubscribeSecret: 'an-unsubscribe-secret-1234' });
    expect(problemsOf({ CAMPAIGN_RATE_PER_SECOND: '0', UNSUBSCRIBE_SECRET: 'short' })).toEqual([
      expect.stringMatching(/^CAMPAIGN_RATE_PER_SECOND: /),
      'UNSUBSCRIBE_SECRET: must be at least 16 characters',
    ]);
  });

  it('limits analytics events per address to 120 a minute unless told otherwise', () => {
    expect(loadConfig({}).analytics.eventsPerMinute).toBe(120);
    expect(loadConfig({ ANALYTICS_EVENTS_PER_MINUTE: '600' }).analytics.eventsPerMinute).toBe(600);
    expect(problemsOf({ ANALYTICS_EVENTS_PER_MINUTE: '0' })).toEqual([expect.stringMatching(/^ANALYTICS_EVENTS_PER_MINUTE: /)]);
  });

  it('keeps raw analytics events 400 days unless ANALYTICS_RETENTION_DAYS says otherwise, at least a day', () => {
    expect(loadConfig({}).analytics.retentionDays).toBe(400);
    expect(loadConfig({ ANALYTICS_RETENTION_DAYS: '30' }).analytics.retentionDays).toBe(30);
    expect(problemsOf({ ANALYTICS_RETENTION_DAYS: '0' })).toEqual(['ANALYTICS_RETENTION_DAYS: must be at least 1 day']);
  });

  it('limits holds, payment starts, declined cards and tabs by default, each configurable', () => {
    const config = loadConfig({});
    expect(config.holdTicketsPerAddress).toBe(60);
    expect(config.paymentStarts).toEqual({ per10Minutes: 60, declinesPerAddressPerHour: 15, declinesPerEmailPerHour: 5 });
    expect(config.tabLimitCents).toBe(15_000);
    expect(loadConfig({ TAB_LIMIT_CENTS: '25000' }).tabLimitCents).toBe(25_000);
    expect(problemsOf({ TAB_LIMIT_CENTS: '50' })).toEqual(['TAB_LIMIT_CENTS: must be at least 100 cents']);
  });

  it('reads the ticket signing key as PKCS#8 PEM or base64 DER, and refuses anything but an Ed25519 private key', () => {
    const key = ticketKey();
    const pem = key.export({ type: 'pkcs8', format: 'pem' }).toString();
    const der = key.export({ type: 'pkcs8', format: 'der' });
    const publicOf = (config: ReturnType<typeof loadConfig>) =>
      createPrivateKey(config.ticketSigning.privateKeyPem).export({ format: 'jwk' }).x;
    const expected = key.export({ format: 'jwk' }).x;
    for (const value of [pem, pem.replace(/\n/g, '\\n'), der.toString('base64'), der.toString('base64url')]) {
      const config = loadConfig({ TICKET_SIGNING_KEY: value });
      expect(config.ticketSigning.fromConfiguration).toBe(true);
      expect(publicOf(config)).toBe(expected);
    }
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    for (const bad of ['not-a-key', rsa, key.export({ format: 'jwk' }).d!]) {
      expect(problemsOf({ TICKET_SIGNING_KEY: bad })).toEqual([
        'TICKET_SIGNING_KEY: must be an Ed25519 private key (PKCS#8 PEM, or the base64 of its DER)',
      ]);
    }
  });

  it('derives a development ticket key from the session secret, the same on every replica and restart', () => {
    const a = loadConfig({ SESSION_SECRET: 'a-session-secret-of-32-characters!!' }).ticketSigning;
    const b = loadConfig({ SESSION_SECRET: 'a-session-secret-of-32-characters!!' }).ticketSigning;
    const c = loadConfig({ SESSION_SECRET: 'another-session-secret-of-32-chars' }).ticketSigning;
    expect(a).toEqual({ privateKeyPem: expect.stringContaining('BEGIN PRIVATE KEY'), fromConfiguration: false });
    expect(b.privateKeyPem).toBe(a.privateKeyPem);
    expect(c.privateKeyPem).not.toBe(a.privateKeyPem);
  });
});
