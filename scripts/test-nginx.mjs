// Runs the e2e suite through nginx, configured by the project's own nginx.conf (pointed at the
// local API and builds), after `nginx -t` has accepted that configuration: over HTTPS with a
// self-signed certificate made for the run by openssl, the plain-HTTP port redirecting to it.
import { ensureChromium, ensureFfmpeg } from './chromium.mjs';
import { log, run } from './lib.mjs';

log('e2e through nginx over HTTPS (nginx -t first)');
const chromium = await ensureChromium();
const ffmpeg = await ensureFfmpeg();
process.exit(
  await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    env: { ...process.env, E2E_VIA_NGINX: '1', CHROMIUM_PATH: chromium, FFMPEG_PATH: ffmpeg },
  }),
);
