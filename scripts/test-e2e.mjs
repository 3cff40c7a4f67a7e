// Runs the e2e suite outside `npm test`:
//   node scripts/test-e2e.mjs --nginx [spec ...]   through nginx, configured by the project's own
//       nginx.conf (pointed at the local API and builds) after `nginx -t` has accepted it, over
//       HTTPS with a self-signed certificate made for the run by openssl, the plain-HTTP port
//       redirecting to it;
//   node scripts/test-e2e.mjs [spec ...]           from the embedded server, as `npm start` serves.
// Named specs (file names or patterns, as Playwright takes them) narrow the run.
// CI runs `npm test` with E2E_VIA_NGINX=1 (its one e2e pass goes through nginx), then the specs
// whose checks differ on the embedded server with this script (.ci/run).
import { ensureChromium, ensureFfmpeg } from './chromium.mjs';
import { log, run } from './lib.mjs';

const args = process.argv.slice(2);
const viaNginx = args.includes('--nginx');
const specs = args.filter((a) => a !== '--nginx');
log(
  `e2e ${viaNginx ? 'through nginx over HTTPS (nginx -t first)' : 'from the embedded server'}${specs.length ? `: ${specs.join(' ')}` : ''}`,
);
const chromium = await ensureChromium();
const ffmpeg = await ensureFfmpeg();
process.exit(
  await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...specs], {
    env: { ...process.env, E2E_VIA_NGINX: viaNginx ? '1' : '0', CHROMIUM_PATH: chromium, FFMPEG_PATH: ffmpeg },
  }),
);
