// `npm test`: every check, in order — lint, type-check, unit and integration tests (SQLite,
// and MySQL/MariaDB when TEST_DATABASE_URL is set), browser unit tests, the short load and the
// fault scripts, and the Playwright e2e suite in Chromium against the built site. Installs and
// builds first when needed.
import { ensureChromium, ensureFfmpeg } from './chromium.mjs';
import { ensureBuilt, ensureInstalled } from './ensure.mjs';
import { log, run } from './lib.mjs';

const results = [];

async function step(name, cmd, args, env = {}) {
  log(name);
  const started = Date.now();
  const code = await run(cmd, args, { env: { ...process.env, ...env } });
  results.push({ name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
  if (code !== 0) console.error(`\x1b[31m✗ ${name} failed\x1b[0m`);
}

await ensureInstalled();
await ensureBuilt();
let chromium;
let ffmpeg;
try {
  chromium = await ensureChromium();
  ffmpeg = await ensureFfmpeg();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

await step('lint', 'npx', ['eslint', '--max-warnings=0', '.']);
await step('formatting', 'npx', ['prettier', '--check', '.']);
await step('type-check', process.execPath, ['scripts/typecheck.mjs']);
// `bench` runs the fault scripts against a deliberately broken copy of the API build (they must
// fail) and against the real build (they must pass), on SQLite.
await step('unit tests (contracts, deploy, api, bench, web)', 'npx', [
  'jest',
  '--selectProjects',
  'contracts',
  'deploy',
  'api',
  'bench',
  'web',
]);
await step('api integration tests on SQLite', 'npx', ['jest', '--selectProjects', 'api-integration'], {
  TEST_DATABASE_URL: '',
});
if (process.env.TEST_DATABASE_URL) {
  await step('api integration tests on MySQL/MariaDB', 'npx', ['jest', '--selectProjects', 'api-integration', '--runInBand']);
}
// A short party night (bounded in guests and time, 127.0.0.1 only): no 5xx, no oversold
// tickets, every paid order present. The long run is `npm run loadtest`.
await step('short load: the party night', process.execPath, [
  'bench/loadtest.mjs',
  '--guests',
  '100',
  '--seconds',
  '10',
  '--replicas',
  process.env.TEST_DATABASE_URL ? '2' : '1',
  '--db',
  process.env.TEST_DATABASE_URL ? 'mysql' : 'sqlite',
  '--capacity',
  '80',
]);
// Fault scripts (bounded, 127.0.0.1 only): the mail server stopped mid-campaign, Stripe's
// webhooks replayed twice and out of order, the API killed during checkouts. SQLite, or
// MySQL/MariaDB when TEST_DATABASE_URL is set; then also MariaDB restarted under load (on a
// private server of its own, which it stops and starts).
for (const fault of ['smtp-outage', 'webhook-replay', 'api-kill']) {
  await step(`fault: ${fault}`, process.execPath, [
    `bench/faults/${fault}.mjs`,
    '--db',
    process.env.TEST_DATABASE_URL ? 'mysql' : 'sqlite',
  ]);
}
if (process.env.TEST_DATABASE_URL) {
  await step('fault: db-restart', process.execPath, ['bench/faults/db-restart.mjs', '--guests', '100', '--seconds', '20']);
}
// The abuse attacks (docs/RELIABILITY.md, "Abuse") against the embedded server with the default limits (bounded,
// 127.0.0.1 only); CI runs them again through nginx in front of two replicas on MariaDB.
await step('abuse: the attacks of docs/RELIABILITY.md', process.execPath, ['bench/security/abuse.mjs', '--db', 'sqlite']);
await step('e2e tests in Chromium', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
  CHROMIUM_PATH: chromium,
  FFMPEG_PATH: ffmpeg,
});

const failed = results.filter((r) => !r.ok);
console.log('');
for (const r of results) console.log(`${r.ok ? '\x1b[32m✓' : '\x1b[31m✗'} ${r.name}\x1b[0m (${r.seconds} s)`);
console.log(`checks: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length === 0 ? 0 : 1);
