import { fileURLToPath } from 'node:url';
import { chromiumArgs } from '@festival/test-kit';

/** Repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The API (serving the built site itself) during the e2e run. */
export const API_PORT = Number(process.env.E2E_API_PORT ?? 8090);
/** nginx in front of it over HTTPS, when the suite runs through nginx (E2E_VIA_NGINX=1). */
export const NGINX_PORT = Number(process.env.E2E_NGINX_PORT ?? 8091);
/** nginx's plain-HTTP server (production's port 80), which only redirects to HTTPS. */
export const NGINX_REDIRECT_PORT = Number(process.env.E2E_NGINX_REDIRECT_PORT ?? NGINX_PORT + 1);
export const VIA_NGINX = process.env.E2E_VIA_NGINX === '1';

/**
 * The site: through nginx over HTTPS (a self-signed certificate made for the run), or the API
 * process itself over plain HTTP, as `npm start` serves it.
 */
export const BASE_URL = VIA_NGINX ? `https://127.0.0.1:${NGINX_PORT}` : `http://127.0.0.1:${API_PORT}`;

/** The staff password the e2e server runs with. */
export const E2E_ADMIN_PASSWORD = 'e2e-staff-password';

/** The test kit's Chromium switches, and the run's certificate where the suite goes through nginx. */
export const CHROMIUM_ARGS = [
  ...chromiumArgs,
  // Through nginx, Chromium takes the run's self-signed certificate as valid, by its key (set by
  // the global setup, before any browser starts). Merely ignoring certificate errors is not
  // enough: Chromium then keeps nothing in its HTTP cache (no revalidation with If-None-Match)
  // and the door page's service worker does not serve the page offline.
  ...(VIA_NGINX && process.env.E2E_TLS_SPKI ? [`--ignore-certificate-errors-spki-list=${process.env.E2E_TLS_SPKI}`] : []),
];
