import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_REMOTES_MANIFEST } from '../../packages/contracts/src/remotes';
import { ROOT } from './environment';

/**
 * Turns the project's production nginx.conf into one that runs here: same directives, with
 * the listen port, the document root, the pid and the API upstream pointed at local places.
 */
export function localNginxConfig(workDir: string, listenPort: number, apiPort: number): string {
  const conf = readFileSync(join(ROOT, 'nginx.conf'), 'utf8');
  const replaced = conf
    .replace(/^pid .*;$/m, `pid ${join(workDir, 'nginx.pid')};`)
    .replace(/access_log \/var\/log\/nginx\/access\.log/, `access_log ${join(workDir, 'logs', 'access.log')}`)
    .replace(/proxy_cache_path \/var\/cache\/nginx\/festival_api /, `proxy_cache_path ${join(workDir, 'cache')} `)
    .replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`)
    .replace(/root \/usr\/share\/nginx\/html;/, `root ${join(workDir, 'html')};`)
    .replace(/upstream festival_api \{[^}]*\}/, `upstream festival_api {\n    server 127.0.0.1:${apiPort};\n    keepalive 8;\n  }`);
  for (const expected of [
    'pid ',
    `listen 127.0.0.1:${listenPort}`,
    `root ${workDir}`,
    `server 127.0.0.1:${apiPort}`,
    `proxy_cache_path ${join(workDir, 'cache')} `,
  ]) {
    if (!replaced.includes(expected)) throw new Error(`nginx.conf no longer has the shape the test expects (${expected})`);
  }
  return replaced;
}

/** Lays out the builds the way the production image does: the shell at the root, remotes below. */
export function assembleDocumentRoot(workDir: string): string {
  const html = join(workDir, 'html');
  mkdirSync(join(html, 'remotes'), { recursive: true });
  const shellDist = join(ROOT, 'shell', 'dist');
  for (const entry of readdirSync(shellDist)) symlinkSync(join(shellDist, entry), join(html, entry));
  for (const remote of ['public-site', 'drinks-app', 'admin-app']) {
    symlinkSync(join(ROOT, remote, 'dist'), join(html, 'remotes', remote));
  }
  writeFileSync(join(html, 'remotes.json'), JSON.stringify(DEFAULT_REMOTES_MANIFEST, null, 2));
  return html;
}
