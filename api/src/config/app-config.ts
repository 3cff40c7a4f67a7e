import { developmentTicketKey, parseTicketSigningKey } from './ticket-signing-key.js';
import { parseMetricsConfig, type MetricsConfig } from './metrics-config.js';
import { z } from 'zod';
import { promoCodeTextSchema, TICKET_HOLD_MINUTES } from '@festival/contracts';

/** The development default of the staff password, used only outside production. */
export const DEV_ADMIN_PASSWORD = 'diwali-admin';
const DEV_SESSION_SECRET = 'development-session-secret-change-me';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(z.url({ message: 'must be an absolute URL such as https://example.com' }).optional()),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^(mysql|mariadb):\/\/.+/, 'must be a mysql://user:password@host:port/database URL')
      .optional(),
  ),
  SQLITE_PATH: z.string().default('.data/festival.sqlite'),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must be an smtp://host:port URL')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Festival <festival@restaurant.example>'),
  OUTBOX_DIR: z.string().default('.data/outbox'),
  ADMIN_PASSWORD: optionalString,
  SESSION_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  ADMIN_SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(8 * 60 * 60),
  ADMIN_SESSION_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(12 * 60 * 60),
  LOGIN_ATTEMPTS_PER_15_MINUTES: z.coerce.number().int().min(1).default(10),
  ANALYTICS_EVENTS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\/.+/, 'must be a redis://host:port URL')
      .optional(),
  ),
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1, 'must be at least 1 day').default(400),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalString.pipe(z.url({ message: 'must be a URL such as http://127.0.0.1:12111' }).optional()),
  ALLOW_SIMULATED_PAYMENTS: booleanFlag,
  ALLOW_TEST_PAYMENTS: booleanFlag,
  TICKET_CAPACITY: z.coerce.number().int().min(0).default(200),
  TICKET_HOLD_SECONDS: z.coerce
    .number()
    .int()
    .min(5, 'must be at least 5 seconds')
    .max(24 * 60 * 60, 'must be at most a day (86400 seconds)')
    .default(TICKET_HOLD_MINUTES * 60),
  HOLD_TICKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
  PAYMENT_STARTS_PER_10_MINUTES: z.coerce.number().int().min(1).default(60),
  DECLINES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(15),
  DECLINES_PER_EMAIL_PER_HOUR: z.coerce.number().int().min(1).default(5),
  TAB_LIMIT_CENTS: z.coerce.number().int().min(100, 'must be at least 100 cents').default(15_000),
  PROMO_CODES: z.string().default('DIWALI5,FESTIVAL5'),
  // No proxy in front by default (the embedded server faces its clients): X-Forwarded-For is ignored.
  TRUST_PROXY: z.string().default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STATIC_ROOT: optionalString,
  REMOTES_MANIFEST: optionalString,
  CAMPAIGN_RATE_PER_SECOND: z.coerce.number().positive().max(1000).default(5),
  CAMPAIGN_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  CAMPAIGN_RETRY_BASE_MS: z.coerce.number().int().min(0).default(60_000),
  CAMPAIGN_POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(2_000),
  UNSUBSCRIBE_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  TICKET_SIGNING_KEY: optionalString,
  // My tickets (docs/guest-account.md): sign-in links asked per address and per e-mail.
  MY_TICKETS_LINKS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  MY_TICKETS_LINKS_PER_EMAIL_PER_HOUR: z.coerce.number().int().min(1).default(5),
  // Apple Wallet passes (docs/wallet-passes.md): offered only when every one is set.
  WALLET_PASS_CERT: optionalString,
  WALLET_PASS_KEY: optionalString,
  WALLET_PASS_KEY_PASSPHRASE: optionalString,
  WALLET_WWDR_CERT: optionalString,
  WALLET_PASS_TYPE_ID: optionalString,
  WALLET_TEAM_ID: optionalString,
  // Prometheus metrics on a port of their own (docs/operations.md); 0 serves none.
  METRICS_PORT: optionalString,
  // Backups (docs/operations.md): `npm run backup` writes here; older archives are deleted.
  BACKUP_DIR: z.string().default('.data/backups'),
  BACKUP_RETENTION_DAYS: z.coerce.number().int().min(1, 'must be at least 1 day').default(14),
});

type Env = z.infer<typeof envSchema>;

/** Every environment variable the API reads (the README's table lists each one). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

export interface AppConfig {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string | undefined;
  database: { type: 'sqlite'; path: string } | { type: 'mysql'; url: string };
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  admin: {
    password: string;
    usingDevelopmentPassword: boolean;
    sessionSecret: string;
    /** Idle lifetime of a staff session; each request renews it. */
    sessionTtlSeconds: number;
    /** Absolute lifetime of a staff session from its login, however busy it was. */
    sessionMaxAgeSeconds: number;
    loginAttemptsPer15Minutes: number;
  };
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string | undefined;
        /** Another Stripe API address (a local stand-in in tests); unset is Stripe itself. */
        apiUrl: string | undefined;
      }
    | undefined;
  /** Where the per-client limits count: Redis when set, else the database (docs/operations.md). */
  rateLimits: { redisUrl: string | undefined };
  ticketCapacity: number;
  /** How long an unpaid order holds its tickets against capacity. */
  ticketHoldSeconds: number;
  /**
   * Unpaid tickets one client address may hold at once (docs/RELIABILITY.md, "Abuse"); a buyer
   * (an e-mail address, a browser) holds one order at a time, a new one replacing the last.
   */
  holdTicketsPerAddress: number;
  /** Card-testing defences on the three routes that start a payment. */
  paymentStarts: {
    /** Payment starts per client address per route per 10 minutes (to each API replica). */
    per10Minutes: number;
    /** Declined cards in the last hour after which a client address may start no payment. */
    declinesPerAddressPerHour: number;
    /** The same, per e-mail address. */
    declinesPerEmailPerHour: number;
  };
  /** What a drinks tab may run up before the bar approves more, in cents. */
  tabLimitCents: number;
  /**
   * `PROMO_CODES`, trimmed and upper-case: only what an empty `promo_codes` table is filled with
   * at start (each 5 % off, no limit, active); the manager's promo codes are the table's.
   */
  promoCodes: string[];
  trustProxy: string;
  /**
   * Visitor analytics: events one IP address may send per minute (to each API replica), and how
   * many days raw events are kept (the funnel, people and attribution counters are kept for good).
   */
  analytics: { eventsPerMinute: number; retentionDays: number };
  logLevel: Env['LOG_LEVEL'];
  /** Folder holding the built frontends (shell/dist, public-site/dist, ...); unset serves the API alone. */
  staticRoot: string | undefined;
  /** A JSON file served as /remotes.json instead of the default manifest. */
  remotesManifestPath: string | undefined;
  campaigns: {
    /** Campaign messages per second, shared by every replica. */
    ratePerSecond: number;
    /** Delivery attempts per recipient before a temporary refusal counts as a failure. */
    maxAttempts: number;
    /** First retry delay; each further retry waits twice as long. */
    retryBaseMs: number;
    /** How often an idle sender looks for work (campaigns started elsewhere, retries due). */
    pollIntervalMs: number;
    /** Signs unsubscribe links: UNSUBSCRIBE_SECRET, or the session secret when unset. */
    unsubscribeSecret: string;
  };
  /**
   * The Ed25519 private key that signs ticket codes (docs/door.md), as PKCS#8 PEM: from
   * TICKET_SIGNING_KEY, or outside production derived from the session secret (so every replica
   * and every restart of a development site signs alike).
   */
  ticketSigning: { privateKeyPem: string; fromConfiguration: boolean };
  /** My tickets: sign-in links one client address, and one e-mail address, may ask for per hour. */
  myTickets: { linksPerAddressPerHour: number; linksPerEmailPerHour: number };
  /** The Apple Wallet pass certificate (paths of PEM files), or undefined unless every variable is set. */
  wallet: WalletConfig | undefined;
  /** The internal port of the Prometheus metrics (never the public one). */
  metrics: MetricsConfig;
  /** Where `npm run backup` writes its archives, and for how many days they are kept. */
  backup: { dir: string; retentionDays: number };
}

export interface WalletConfig {
  certPath: string;
  keyPath: string;
  keyPassphrase: string;
  wwdrPath: string;
  passTypeId: string;
  teamId: string;
}

/** The site's address for links in e-mails: PUBLIC_URL, or this server on localhost. */
export function publicBaseUrl(config: Pick<AppConfig, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/**
 * Values of the shipped examples (deploy/production.env.example, .env.example) and the
 * development defaults: anyone can read them, so production refuses them as secrets.
 */
export const PLACEHOLDER_SECRETS: readonly string[] = [
  DEV_ADMIN_PASSWORD,
  DEV_SESSION_SECRET,
  'a-long-shared-staff-password',
  'at-least-32-random-characters-here',
];

/** A placeholder: one of the examples' values, or anything that says "change me". */
export const isPlaceholderSecret = (value: string): boolean => PLACEHOLDER_SECRETS.includes(value) || /^change[-_ ]?me/i.test(value);

/** The password of a mysql:// URL, decoded ('' when it has none or is no URL). */
function databasePassword(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}

/** Stripe's test-mode keys (secret, publishable, restricted). */
const STRIPE_TEST_KEY = /^(sk|pk|rk)_test_/;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    // One line per bad variable, so a log collector shows each whole.
    super(problems.map((p) => `Invalid configuration: ${p}`).join('\n'));
    this.name = 'ConfigError';
  }
}

/**
 * Reads and checks every variable at once. Throws a ConfigError that lists every bad
 * variable, so a misconfigured deploy fails with the whole list rather than the first.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    }
    throw new ConfigError(problems);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';

  if (isProduction) {
    if (!env.ADMIN_PASSWORD) problems.push('ADMIN_PASSWORD: required in production');
    if (!env.SESSION_SECRET) problems.push('SESSION_SECRET: required in production');
    if (!env.PUBLIC_URL) problems.push('PUBLIC_URL: required in production');
    if (!env.TICKET_SIGNING_KEY) problems.push('TICKET_SIGNING_KEY: required in production');
  }
  const ticketKey = env.TICKET_SIGNING_KEY ? parseTicketSigningKey(env.TICKET_SIGNING_KEY) : null;
  if (env.TICKET_SIGNING_KEY && !ticketKey) {
    problems.push('TICKET_SIGNING_KEY: must be an Ed25519 private key (PKCS#8 PEM, or the base64 of its DER)');
  }
  const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    problems.push('STRIPE_SECRET_KEY / STRIPE_PUBLISHABLE_KEY: set both or neither');
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET && isProduction) {
    problems.push('STRIPE_WEBHOOK_SECRET: required in production when Stripe is configured');
  }
  if (isProduction && !env.STRIPE_SECRET_KEY && !env.ALLOW_SIMULATED_PAYMENTS) {
    problems.push('STRIPE_SECRET_KEY: required in production (or set ALLOW_SIMULATED_PAYMENTS=true to run the simulated gateway)');
  }
  if (isProduction) {
    // The examples' values and test modes that look like a working site but are not one.
    for (const name of ['ADMIN_PASSWORD', 'SESSION_SECRET', 'UNSUBSCRIBE_SECRET'] as const) {
      const value = env[name];
      if (value && isPlaceholderSecret(value))
        problems.push(`${name}: still the example's placeholder; set a secret of your own in production`);
    }
    if (env.DATABASE_URL && isPlaceholderSecret(databasePassword(env.DATABASE_URL))) {
      problems.push("DATABASE_URL: the database password is still the example's placeholder (MYSQL_PASSWORD)");
    }
    const testKeys = (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] as const).filter((name) => STRIPE_TEST_KEY.test(env[name] ?? ''));
    if (testKeys.length > 0 && !env.ALLOW_TEST_PAYMENTS) {
      problems.push(
        `${testKeys.join(' / ')}: Stripe test keys take no real payments; use the live keys in production (or set ALLOW_TEST_PAYMENTS=true)`,
      );
    }
    if (env.STRIPE_API_URL?.startsWith('http://')) {
      problems.push('STRIPE_API_URL: must be https:// in production (card payments never travel unencrypted)');
    }
    if (!env.SMTP_URL) {
      problems.push('SMTP_URL: required in production (without it e-mails only land in OUTBOX_DIR, the development outbox)');
    }
  }
  const sessionSecret = env.SESSION_SECRET ?? DEV_SESSION_SECRET;
  const promoCodes: string[] = [];
  for (const entry of env.PROMO_CODES.split(',').map((c) => c.trim())) {
    if (entry === '') continue;
    const checked = promoCodeTextSchema.safeParse(entry);
    if (!checked.success) problems.push(`PROMO_CODES: ${entry}: ${checked.error.issues[0].message}`);
    else if (!promoCodes.includes(checked.data)) promoCodes.push(checked.data);
  }
  const metrics = parseMetricsConfig(env.METRICS_PORT, env.NODE_ENV);
  if (typeof metrics === 'string') problems.push(metrics);
  if (problems.length > 0 || typeof metrics === 'string') throw new ConfigError(problems);

  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, ''),
    database: env.DATABASE_URL ? { type: 'mysql', url: env.DATABASE_URL } : { type: 'sqlite', path: env.SQLITE_PATH },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.OUTBOX_DIR },
    admin: {
      password: env.ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD,
      usingDevelopmentPassword: !env.ADMIN_PASSWORD,
      sessionSecret,
      sessionTtlSeconds: env.ADMIN_SESSION_TTL_SECONDS,
      sessionMaxAgeSeconds: env.ADMIN_SESSION_MAX_AGE_SECONDS,
      loginAttemptsPer15Minutes: env.LOGIN_ATTEMPTS_PER_15_MINUTES,
    },
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiUrl: env.STRIPE_API_URL,
          }
        : undefined,
    rateLimits: { redisUrl: env.REDIS_URL },
    ticketCapacity: env.TICKET_CAPACITY,
    ticketHoldSeconds: env.TICKET_HOLD_SECONDS,
    holdTicketsPerAddress: env.HOLD_TICKETS_PER_ADDRESS,
    paymentStarts: {
      per10Minutes: env.PAYMENT_STARTS_PER_10_MINUTES,
      declinesPerAddressPerHour: env.DECLINES_PER_ADDRESS_PER_HOUR,
      declinesPerEmailPerHour: env.DECLINES_PER_EMAIL_PER_HOUR,
    },
    tabLimitCents: env.TAB_LIMIT_CENTS,
    promoCodes,
    trustProxy: env.TRUST_PROXY,
    analytics: { eventsPerMinute: env.ANALYTICS_EVENTS_PER_MINUTE, retentionDays: env.ANALYTICS_RETENTION_DAYS },
    logLevel: env.LOG_LEVEL,
    staticRoot: env.STATIC_ROOT,
    remotesManifestPath: env.REMOTES_MANIFEST,
    campaigns: {
      ratePerSecond: env.CAMPAIGN_RATE_PER_SECOND,
      maxAttempts: env.CAMPAIGN_MAX_ATTEMPTS,
      retryBaseMs: env.CAMPAIGN_RETRY_BASE_MS,
      pollIntervalMs: env.CAMPAIGN_POLL_INTERVAL_MS,
      unsubscribeSecret: env.UNSUBSCRIBE_SECRET ?? sessionSecret,
    },
    ticketSigning: {
      privateKeyPem: (ticketKey ?? developmentTicketKey(sessionSecret)).export({ type: 'pkcs8', format: 'pem' }).toString(),
      fromConfiguration: ticketKey !== null,
    },
    myTickets: {
      linksPerAddressPerHour: env.MY_TICKETS_LINKS_PER_ADDRESS_PER_HOUR,
      linksPerEmailPerHour: env.MY_TICKETS_LINKS_PER_EMAIL_PER_HOUR,
    },
    wallet:
      env.WALLET_PASS_CERT && env.WALLET_PASS_KEY && env.WALLET_WWDR_CERT && env.WALLET_PASS_TYPE_ID && env.WALLET_TEAM_ID
        ? {
            certPath: env.WALLET_PASS_CERT,
            keyPath: env.WALLET_PASS_KEY,
            // An unencrypted key needs none.
            keyPassphrase: env.WALLET_PASS_KEY_PASSPHRASE ?? '',
            wwdrPath: env.WALLET_WWDR_CERT,
            passTypeId: env.WALLET_PASS_TYPE_ID,
            teamId: env.WALLET_TEAM_ID,
          }
        : undefined,
    metrics,
    backup: { dir: env.BACKUP_DIR, retentionDays: env.BACKUP_RETENTION_DAYS },
  };
}
