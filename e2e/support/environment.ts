import { fileURLToPath } from 'node:url';

/** Repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The API (serving the built site itself) during the e2e run. */
export const API_PORT = Number(process.env.E2E_API_PORT ?? 8090);
/** nginx in front of it, when the suite runs through nginx (E2E_VIA_NGINX=1). */
export const NGINX_PORT = Number(process.env.E2E_NGINX_PORT ?? 8091);
export const VIA_NGINX = process.env.E2E_VIA_NGINX === '1';

export const BASE_URL = `http://127.0.0.1:${VIA_NGINX ? NGINX_PORT : API_PORT}`;

/** The staff password the e2e server runs with. */
export const E2E_ADMIN_PASSWORD = 'e2e-staff-password';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
