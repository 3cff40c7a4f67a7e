import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { API_PORT, BASE_URL, E2E_ADMIN_PASSWORD, NGINX_PORT, NGINX_REDIRECT_PORT, ROOT, VIA_NGINX } from './environment';
import { assembleDocumentRoot, localNginxConfig } from './nginx';
import { assertLogHoldsNoSecret } from './log-check';
import { startProcess, stopProcess, waitForHttp } from './processes';
import { REFUSED_MAIL_DOMAIN } from './mailbox';
import { startSmtpSink } from '@festival/test-kit';

/**
 * Starts the built site the production way: the API process serving the shell and remotes on
 * a fresh SQLite database, and, with E2E_VIA_NGINX=1, nginx with the project's nginx.conf in
 * front of it. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const workDir = mkdtempSync(join(tmpdir(), 'festival-e2e-'));
  chmodSync(workDir, 0o755);
  const processes: ChildProcess[] = [];
  // A real SMTP server: what it receives is written to <workDir>/mail/ for the tests to read.
  const mailDir = join(workDir, 'mail');
  mkdirSync(mailDir, { recursive: true });
  // It refuses every address of REFUSED_MAIL_DOMAIN with 550 (a hard bounce), as a mail server
  // refuses a mailbox that does not exist.
  const smtp = await startSmtpSink({ refuseRecipients: (address) => address.endsWith(`@${REFUSED_MAIL_DOMAIN}`) });
  smtp.onMessage((mail, index) => writeFileSync(join(mailDir, `${String(index).padStart(4, '0')}.eml`), mail.raw));
  let started = false;
  const teardown = async () => {
    try {
      for (const child of processes.reverse()) await stopProcess(child);
      await smtp.close();
      // After the whole suite: no secret, card number or e-mail body reached the API's log.
      if (started) assertLogHoldsNoSecret(apiLogPath(workDir));
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  };
  try {
    await startServers(workDir, processes, smtp.url);
    started = true;
  } catch (error) {
    await teardown();
    throw error;
  }
  process.env.E2E_WORK_DIR = workDir;
  // The server's database, for specs that seed it (see support/seed-demo.ts).
  process.env.E2E_SQLITE_PATH = sqlitePath(workDir);
  return teardown;
}

async function startServers(workDir: string, processes: ChildProcess[], smtpUrl: string): Promise<void> {
  await assertPortFree(API_PORT);
  if (VIA_NGINX) for (const port of [NGINX_PORT, NGINX_REDIRECT_PORT]) await assertPortFree(port);

  const api = startProcess(
    'api',
    process.execPath,
    ['api/dist/main.js'],
    {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(API_PORT),
      HOST: '127.0.0.1',
      STATIC_ROOT: ROOT,
      SQLITE_PATH: sqlitePath(workDir),
      OUTBOX_DIR: join(workDir, 'outbox'),
      SMTP_URL: smtpUrl,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      // Every spec logs in from the same address; the login limit itself is proven by the API tests.
      LOGIN_ATTEMPTS_PER_15_MINUTES: '1000',
      // Every page the suite opens reports analytics, holds tickets and pays from this one address.
      ANALYTICS_EVENTS_PER_MINUTE: '100000',
      PAYMENT_STARTS_PER_10_MINUTES: '100000',
      HOLD_TICKETS_PER_ADDRESS: '100000',
      DECLINES_PER_ADDRESS_PER_HOUR: '100000',
      DECLINES_PER_EMAIL_PER_HOUR: '100000',
      // Every request's line, for the check of the log at the end (support/log-check.ts).
      LOG_LEVEL: 'info',
      // Through nginx (on this machine), the API trusts nginx's X-Forwarded-For and -Proto.
      ...(VIA_NGINX ? { TRUST_PROXY: 'loopback' } : {}),
    },
    ROOT,
    apiLogPath(workDir),
  );
  processes.push(api);
  await waitForHttp(`http://127.0.0.1:${API_PORT}/api/health`);

  if (VIA_NGINX) {
    assembleDocumentRoot(workDir);
    const confPath = join(workDir, 'nginx.conf');
    const { conf, certificate } = localNginxConfig(workDir, NGINX_PORT, NGINX_REDIRECT_PORT, API_PORT);
    writeFileSync(confPath, conf);
    // For the browsers the workers start (CHROMIUM_ARGS): the certificate's key, taken as valid.
    process.env.E2E_TLS_SPKI = certificate.spkiSha256;
    mkdirSync(join(workDir, 'logs'), { recursive: true });
    // The same check a deploy runs: nginx must accept the configuration before serving it.
    execFileSync('nginx', ['-t', '-c', confPath, '-p', workDir], { stdio: 'inherit' });
    const nginx = startProcess('nginx', 'nginx', ['-c', confPath, '-p', workDir, '-g', 'daemon off;'], process.env, workDir);
    processes.push(nginx);
    // Over HTTPS, trusting the certificate made for this run.
    await waitForHttp(`${BASE_URL}/api/health`, undefined, { ca: certificate.certificate });
  }
}

const sqlitePath = (workDir: string) => join(workDir, 'e2e.sqlite');
/** The API's output (JSON log lines) for the whole run. */
const apiLogPath = (workDir: string) => join(workDir, 'api.log');

/** A server left over from an earlier run would silently answer instead of this build. */
async function assertPortFree(port: number): Promise<void> {
  const inUse = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
  if (inUse) throw new Error(`Port ${port} is already in use: stop the process listening there first.`);
}
