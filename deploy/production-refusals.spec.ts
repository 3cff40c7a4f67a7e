// The built API started the way the production image starts it (`node api/dist/main.js`,
// NODE_ENV=production) with one bad setting at a time: it must stop at once, before opening a
// database or a port, with a single line on stderr naming the variable, and a non-zero exit.
// `npm test` builds first; run alone, this builds the API when api/dist/main.js is missing.
import { execFile, execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const MAIN = join(ROOT, 'api', 'dist', 'main.js');

/** A production configuration the API accepts: each case spoils one variable of it. */
const good = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://festival.example',
  ADMIN_PASSWORD: 'the-staff-password-of-the-restaurant',
  SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
  TICKET_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
  SMTP_URL: 'smtp://relay.example:587',
  STRIPE_SECRET_KEY: 'sk_live_0000',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_0000',
  STRIPE_WEBHOOK_SECRET: 'whsec_0000',
  LOG_LEVEL: 'silent',
};

const cases: [what: string, env: Record<string, string | undefined>, line: RegExp][] = [
  ["the example's staff password", { ADMIN_PASSWORD: 'a-long-shared-staff-password' }, /^ADMIN_PASSWORD: still the example's placeholder/],
  [
    "the example's session secret",
    { SESSION_SECRET: 'at-least-32-random-characters-here' },
    /^SESSION_SECRET: still the example's placeholder/,
  ],
  [
    'Stripe test keys',
    { STRIPE_SECRET_KEY: 'sk_test_0000', STRIPE_PUBLISHABLE_KEY: 'pk_test_0000' },
    /^STRIPE_SECRET_KEY \/ STRIPE_PUBLISHABLE_KEY: Stripe test keys take no real payments.*ALLOW_TEST_PAYMENTS=true/,
  ],
  ['a plain-HTTP Stripe API address', { STRIPE_API_URL: 'http://127.0.0.1:12111' }, /^STRIPE_API_URL: must be https:\/\//],
  ['no mail relay', { SMTP_URL: undefined }, /^SMTP_URL: required in production/],
];

interface Run {
  code: number | null;
  stderr: string;
  timedOut: boolean;
}

describe('the built API in production', () => {
  let work: string;

  beforeAll(() => {
    if (!existsSync(MAIN)) execFileSync('npm', ['run', 'build', '--silent', '-w', 'api'], { cwd: ROOT, stdio: 'inherit' });
    work = mkdtempSync(join(tmpdir(), 'festival-refusals-'));
  }, 180_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** Runs the API with `env` alone (nothing inherited but PATH); a run that is still going after 20 s started a server. */
  const start = (env: Record<string, string | undefined>) =>
    new Promise<Run>((resolve) => {
      const clean = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
      execFile(
        process.execPath,
        [MAIN],
        {
          cwd: work,
          timeout: 20_000,
          // Were the configuration accepted, the server would stay on this machine only, on a free port and a scratch database.
          env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', SQLITE_PATH: join(work, 'x.sqlite'), ...clean },
        },
        (error, _stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stderr, timedOut: Boolean(error?.killed) }),
      );
    });

  it.each(cases)('refuses %s with one line on stderr and a non-zero exit', async (_what, spoil, line) => {
    const run = await start({ ...good, ...spoil });
    expect(run.timedOut).toBe(false);
    expect(run.code).not.toBe(0);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0].replace(/^Invalid configuration: /, '')).toMatch(line);
  });

  it('lets Stripe test keys through with ALLOW_TEST_PAYMENTS=true (another bad setting stops the run, naming itself alone)', async () => {
    const run = await start({
      ...good,
      STRIPE_SECRET_KEY: 'sk_test_0000',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_0000',
      ALLOW_TEST_PAYMENTS: 'true',
      SESSION_SECRET: 'change-me-to-a-secret-of-your-own',
    });
    // Only the placeholder is named: the test keys were let through.
    expect(run.stderr.trim()).toMatch(/^Invalid configuration: SESSION_SECRET: still the example's placeholder/);
    expect(run.stderr).not.toMatch(/STRIPE/);
  });
});
