// `npm test`: every check — lint, type-check, unit and integration tests (SQLite, and
// MySQL/MariaDB when TEST_DATABASE_URL is set), browser unit tests, the short load and the fault
// scripts, the abuse pass, and the Playwright e2e suite in Chromium against the built site.
// Installs and builds first when needed.
//
// The checks run in two lanes side by side, each in order: one keeps the processors busy (the
// unit suites, and the API's unit and SQLite integration suites on Node 24, the runtime
// production ships: docs/runtime.md), the other waits more on a database, timers and the
// network (the MariaDB suite on this Node, in two Jest workers each on a database of its own,
// the fault scripts, the load, the abuse pass), then runs lint, formatting and the type-check,
// so that both end at about the same time.
// Nothing in one lane shares a port or a database with the other: the fault scripts and their
// broken-build twins (Jest's `bench` project) run in the waiting lane, one after another. The
// e2e suite runs alone after both. Every output line is prefixed with its lane; the summary gives
// each step's time.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ensureChromium, ensureFfmpeg, ensureRedisServer } from './chromium.mjs';
import { ensureBuilt, ensureInstalled } from './ensure.mjs';
import { log, ROOT } from './lib.mjs';

const results = [];

/** Runs a command with its output lines prefixed by `lane`; resolves with its exit code. */
function runPrefixed(lane, cmd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = `\x1b[2m${lane}│\x1b[0m `;
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(prefix + line + '\n'));
    }
    child.on('error', reject);
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** A lane: its steps run one after another. */
function lane(name) {
  return async function step(title, cmd, args, env = {}) {
    log(`${name}: ${title}`);
    const started = Date.now();
    const code = await runPrefixed(name, cmd, args, { ...process.env, FORCE_COLOR: '1', ...env });
    const seconds = Math.round((Date.now() - started) / 1000);
    results.push({ name: title, ok: code === 0, seconds });
    log(`${name}: ${title} ${code === 0 ? 'passed' : '\x1b[31mfailed\x1b[0m'} in ${seconds} s`);
  };
}

await ensureInstalled();
await ensureBuilt();
let chromium;
let ffmpeg;
try {
  chromium = await ensureChromium();
  ffmpeg = await ensureFfmpeg();
  // The integration specs of the limits shared through Redis start their own redis-server.
  process.env.REDIS_SERVER_PATH = await ensureRedisServer();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const mysql = Boolean(process.env.TEST_DATABASE_URL);
const db = mysql ? 'mysql' : 'sqlite';
const started = Date.now();

async function busyLane() {
  const step = lane('checks');
  await step('unit tests (contracts, deploy, web)', 'npx', ['jest', '--selectProjects', 'contracts', 'deploy', 'web']);
  // Node 24 from the npm registry, better-sqlite3 compiled for it once (scripts/test-node24.mjs).
  await step('api unit and integration tests (SQLite) on Node 24', process.execPath, ['scripts/test-node24.mjs']);
}

async function waitingLane() {
  const step = lane('stands');
  if (mysql) {
    // Two workers, each on its own database of that server (api/test/support/test-database.ts).
    await step('api integration tests on MySQL/MariaDB', 'npx', ['jest', '--selectProjects', 'api-integration', '--maxWorkers=2']);
  }
  // The fault scripts against a deliberately broken copy of the API build (they must fail) and
  // against the real build (they must pass), on SQLite.
  await step('unit tests (bench: the fault scripts against a broken build)', 'npx', ['jest', '--selectProjects', 'bench']);
  // A short party night (bounded in guests and time, 127.0.0.1 only): no 5xx, no oversold
  // tickets, every paid order present. The long run is `npm run loadtest`.
  await step('short load: the party night', process.execPath, [
    'bench/loadtest.mjs',
    '--guests',
    '100',
    '--seconds',
    '10',
    '--replicas',
    mysql ? '2' : '1',
    '--db',
    db,
    '--capacity',
    '80',
  ]);
  // Fault scripts (bounded, 127.0.0.1 only): the mail server stopped mid-campaign, Stripe's
  // webhooks replayed twice and out of order, the API killed during checkouts; then also
  // MariaDB restarted under load (on a private server of its own, which it stops and starts).
  for (const fault of ['smtp-outage', 'webhook-replay', 'api-kill']) {
    await step(`fault: ${fault}`, process.execPath, [`bench/faults/${fault}.mjs`, '--db', db]);
  }
  if (mysql) {
    await step('fault: db-restart', process.execPath, ['bench/faults/db-restart.mjs', '--guests', '100', '--seconds', '20']);
  }
  // The abuse attacks (docs/RELIABILITY.md, "Abuse") against the embedded server with the
  // default limits (bounded, 127.0.0.1 only); CI runs them again through nginx in front of two
  // replicas on MariaDB.
  await step('abuse: the attacks of docs/RELIABILITY.md', process.execPath, ['bench/security/abuse.mjs', '--db', 'sqlite']);
  // Last in this lane, so both lanes end at about the same time (measured on two cores: the
  // MariaDB suite in two workers ends well before the Node 24 suite of the other lane).
  await step('lint', 'npx', ['eslint', '--max-warnings=0', '.']);
  await step('formatting', 'npx', ['prettier', '--check', '.']);
  await step('message catalogues', process.execPath, ['scripts/messages.mjs', '--check']);
  await step('type-check', process.execPath, ['scripts/typecheck.mjs']);
}

await Promise.all([busyLane(), waitingLane()]);
// The browser suite runs alone once both lanes are done: its pages are timed by a real Chromium,
// and a machine busy with the other checks would make its waits, not the product, decide.
// With E2E_VIA_NGINX=1 (as CI runs it) the pages come through nginx and the project's nginx.conf.
const viaNginx = process.env.E2E_VIA_NGINX === '1';
await lane('e2e')(
  `e2e tests in Chromium${viaNginx ? ' through nginx over HTTPS' : ''}`,
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
  {
    CHROMIUM_PATH: chromium,
    FFMPEG_PATH: ffmpeg,
  },
);

const failed = results.filter((r) => !r.ok);
console.log('');
for (const r of results) console.log(`${r.ok ? '\x1b[32m✓' : '\x1b[31m✗'} ${r.name}\x1b[0m (${r.seconds} s)`);
console.log(`checks: ${results.length - failed.length} passed, ${failed.length} failed, in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed.length === 0 ? 0 : 1);
