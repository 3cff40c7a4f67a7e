import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LocalNginxOptions {
  /** Where nginx keeps its pid, logs and cache. */
  workDir: string;
  /** The document root (the builds, laid out as the production image does). */
  documentRoot: string;
  listenPort: number;
  /** The API replicas on 127.0.0.1, in the upstream's order. */
  apiPorts: number[];
  /**
   * The folder nginx.conf's snippets (`/etc/nginx/snippets/festival-*.conf`) are read from:
   * the repository's deploy/nginx where this machine's nginx has the brotli_static module (see
   * brotliStaticModuleEnabled), else a folder without them. By default `<workDir>/snippets`.
   */
  snippetsDir?: string;
}

/**
 * Whether this machine's nginx loads ngx_http_brotli_static_module: Debian's
 * libnginx-mod-http-brotli-static links its load file into /etc/nginx/modules-enabled/,
 * which nginx.conf includes.
 */
export function brotliStaticModuleEnabled(modulesEnabled = '/etc/nginx/modules-enabled'): boolean {
  return existsSync(modulesEnabled) && readdirSync(modulesEnabled).some((file) => /brotli-static/.test(file));
}

/**
 * Readies a working folder for this machine's dynamic nginx modules, which nginx.conf loads
 * through /etc/nginx/modules-enabled/: Debian's load files name each module relative to the
 * prefix (`modules/...so`), so `<workDir>/modules` links to Debian's folder. Returns the
 * options of localNginxConfig that include the web image's brotli snippet (in `snippetsDir`,
 * the repository's deploy/nginx) where the module is loaded, none otherwise.
 */
export function localNginxModules(
  workDir: string,
  snippetsDir: string,
  systemModules = '/usr/lib/nginx/modules',
): Pick<LocalNginxOptions, 'snippetsDir'> {
  const link = join(workDir, 'modules');
  if (existsSync(systemModules) && !existsSync(link)) {
    mkdirSync(workDir, { recursive: true });
    symlinkSync(systemModules, link);
  }
  return brotliStaticModuleEnabled() ? { snippetsDir } : {};
}

/**
 * Turns the project's production nginx.conf into one that runs on this machine: the same
 * directives, with the listen port, the document root, the pid, the log, the cache and the API
 * upstream pointed at local places. The whole upstream block is replaced: production's
 * `server api:8080 resolve` (the compose service through Docker's DNS, nginx 1.27.3 or later)
 * becomes the local ports, which Debian's older nginx also runs. Throws when nginx.conf no longer has the shape this expects,
 * so a test never runs against a half-replaced configuration.
 */
export function localNginxConfig(
  productionConf: string,
  { workDir, documentRoot, listenPort, apiPorts, snippetsDir = join(workDir, 'snippets') }: LocalNginxOptions,
): string {
  const servers = apiPorts.map((port) => `    server 127.0.0.1:${port};`).join('\n');
  const replaced = productionConf
    .replace(/^pid .*;$/m, `pid ${join(workDir, 'nginx.pid')};`)
    .replace(/access_log \/var\/log\/nginx\/access\.log/, `access_log ${join(workDir, 'logs', 'access.log')}`)
    .replace(/proxy_cache_path \/var\/cache\/nginx\/festival_api /, `proxy_cache_path ${join(workDir, 'cache')} `)
    .replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`)
    .replace(/root \/usr\/share\/nginx\/html;/, `root ${documentRoot};`)
    .replace(/include \/etc\/nginx\/snippets\//g, `include ${snippetsDir}/`)
    .replace(/upstream festival_api \{[^}]*\}/, `upstream festival_api {\n${servers}\n    keepalive 8;\n  }`);
  for (const expected of [
    'pid ',
    `listen 127.0.0.1:${listenPort}`,
    `root ${documentRoot}`,
    ...apiPorts.map((port) => `server 127.0.0.1:${port}`),
    `proxy_cache_path ${join(workDir, 'cache')} `,
    `include ${snippetsDir}/festival-brotli-static`,
  ]) {
    if (!replaced.includes(expected)) throw new Error(`nginx.conf no longer has the shape the tests expect (${expected})`);
  }
  return replaced;
}

/**
 * Lays out the builds in `html` the way the production image does: the shell at the root, the
 * remotes under /remotes/<folder>, and the remotes manifest, so nginx serves the site from it.
 */
export function assembleDocumentRoot(root: string, html: string, remotesManifest: unknown): string {
  mkdirSync(join(html, 'remotes'), { recursive: true });
  const shellDist = join(root, 'shell', 'dist');
  for (const entry of readdirSync(shellDist)) symlinkSync(join(shellDist, entry), join(html, entry));
  for (const remote of ['public-site', 'drinks-app', 'admin-app']) symlinkSync(join(root, remote, 'dist'), join(html, 'remotes', remote));
  writeFileSync(join(html, 'remotes.json'), JSON.stringify(remotesManifest, null, 2));
  return html;
}
