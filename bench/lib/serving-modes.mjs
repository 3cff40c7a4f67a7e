// The servers a browser benchmark (page weight, Lighthouse) measures the built site through:
// the `--url` given, or the stand's embedded server (the API process serving the builds, as
// `npm start` does) and then, where nginx is installed, nginx with the project's nginx.conf in
// front of it over HTTPS.
import { execFileSync, spawnSync } from 'node:child_process';

/**
 * One way the site is served: `via` says which, `url` where; `spkiSha256` is the key of nginx's
 * certificate, made for the run, for Chromium's `--ignore-certificate-errors-spki-list`.
 * @typedef {{ via: 'url', url: string } | { via: 'embedded', url: string } | { via: 'nginx', url: string, spkiSha256: string }} ServingMode
 */

/**
 * Starts what the options ask for, in order: the `--url` alone when given; else the stand's site
 * on `--port`, then nginx on `--nginx-port` in front of it unless `--no-nginx` or nginx is not
 * installed. Nothing is started without a stand.
 * @param {import('./stand.mjs').Stand | undefined} stand
 * @param {{ url?: string, port: string, 'nginx-port': string, 'no-nginx': boolean }} args
 * @returns {Promise<ServingMode[]>}
 */
export async function servingModes(stand, args) {
  if (args.url) return [{ via: 'url', url: args.url }];
  if (!stand) return [];
  /** @type {ServingMode[]} */
  const modes = [];
  const site = await stand.startSite({ port: Number(args.port) });
  modes.push({ via: 'embedded', url: site.url });
  if (!args['no-nginx'] && hasNginx()) {
    const nginx = await stand.startNginx({ port: Number(args['nginx-port']), apiPorts: [Number(args.port)] });
    modes.push({ via: 'nginx', url: nginx.url, spkiSha256: nginx.spkiSha256 });
  }
  return modes;
}

/** Whether nginx is on PATH. */
export function hasNginx() {
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** nginx's name and version (`nginx/1.22.1`), or `nginx`. */
export function nginxVersion() {
  // nginx prints its version on standard error.
  const result = spawnSync('nginx', ['-v'], { encoding: 'utf8' });
  return /nginx\/\S+/.exec(`${result.stderr}${result.stdout}`)?.[0] ?? 'nginx';
}
