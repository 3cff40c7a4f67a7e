import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LocalNginxOptions {
  /** Where nginx keeps its pid, logs and cache. */
  workDir: string;
  /** The document root (the builds, laid out as the production image does). */
  documentRoot: string;
  /** The site's port on 127.0.0.1: HTTPS (production's 443). */
  listenPort: number;
  /**
   * The plain-HTTP port on 127.0.0.1 (production's 80), which answers every request with a 301
   * to the same path on `https://<host>:<listenPort>`. By default `listenPort + 1`.
   */
  redirectPort?: number;
  /**
   * The folder holding `fullchain.pem` and `privkey.pem` (production's /etc/nginx/certs), as
   * localCertificate makes them. By default `<workDir>/certs`.
   */
  certificateDir?: string;
  /**
   * The API replicas on 127.0.0.1, in the order nginx tries them: a local upstream group that
   * `$festival_api` names instead of the compose service (no DNS here). Production's shape,
   * the service name looked up through a resolver, is `apiByName`; give one of the two.
   */
  apiPorts?: number[];
  /**
   * Production's shape kept: `$festival_api` stays the service name `api`, looked up through the
   * resolver, here a DNS server on 127.0.0.1:`resolverPort` (production's is Docker's,
   * 127.0.0.11), at the replicas' `port` (production's 8080).
   */
  apiByName?: { resolverPort: number; port: number };
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

export interface LocalCertificate {
  /** The folder holding both files (LocalNginxOptions' `certificateDir`). */
  dir: string;
  /** `<dir>/fullchain.pem`: the self-signed certificate, PEM. */
  certificatePath: string;
  /** `<dir>/privkey.pem`: its private key (P-256), PEM. */
  keyPath: string;
  /** The certificate's PEM text, for a client to trust it (a CA list of one). */
  certificate: string;
  /**
   * The base64 SHA-256 of its public key (SubjectPublicKeyInfo, DER): Chromium started with
   * `--ignore-certificate-errors-spki-list=<this>` takes the certificate as valid (no certificate
   * error, so its HTTP cache and service workers behave as on a real site).
   */
  spkiSha256: string;
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost, valid two days, made with this
 * machine's openssl into `<workDir>/certs` under production's file names (fullchain.pem,
 * privkey.pem). Made once per folder: a second call returns the files already there.
 */
export function localCertificate(workDir: string, dir = join(workDir, 'certs')): LocalCertificate {
  const certificatePath = join(dir, 'fullchain.pem');
  const keyPath = join(dir, 'privkey.pem');
  if (!existsSync(certificatePath) || !existsSync(keyPath)) {
    mkdirSync(dir, { recursive: true });
    // openssl prints its progress on standard error; only a failure matters (execFileSync throws).
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        keyPath,
        '-out',
        certificatePath,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
  }
  const certificate = readFileSync(certificatePath, 'utf8');
  const spki = new X509Certificate(certificate).publicKey.export({ type: 'spki', format: 'der' });
  return { dir, certificatePath, keyPath, certificate, spkiSha256: createHash('sha256').update(spki).digest('base64') };
}

/**
 * Turns the project's production nginx.conf into one that runs on this machine: the same
 * directives, with the listen ports, the certificate, the document root, the pid, the log, the
 * cache and the API upstream pointed at local places. The site is served over HTTPS on
 * `listenPort` (production's 443) and the plain-HTTP server (production's 80) on `redirectPort`
 * redirects to it, port included. The API: production's `$festival_api` (the compose service
 * `api`, looked up through Docker's DNS) names a local upstream group of `apiPorts` instead,
 * or, with `apiByName`, stays the name, looked up through a local DNS server. Throws when
 * nginx.conf no longer has the shape this expects, so a test never runs against a
 * half-replaced configuration.
 */
export function localNginxConfig(
  productionConf: string,
  {
    workDir,
    documentRoot,
    listenPort,
    redirectPort = listenPort + 1,
    certificateDir = join(workDir, 'certs'),
    apiPorts,
    apiByName,
    snippetsDir = join(workDir, 'snippets'),
  }: LocalNginxOptions,
): string {
  if ((apiPorts === undefined) === (apiByName === undefined)) throw new Error('localNginxConfig: give apiPorts or apiByName');
  const upstream = apiPorts
    ? `  upstream festival_api_local {\n${apiPorts.map((port) => `    server 127.0.0.1:${port};`).join('\n')}\n  }\n`
    : '';
  const api = apiPorts ? 'festival_api_local' : `api:${apiByName!.port}`;
  const resolver = apiByName ? `resolver 127.0.0.1:${apiByName.resolverPort} ` : 'resolver 127.0.0.11 ';
  const replaced = productionConf
    .replace(/^pid .*;$/m, `pid ${join(workDir, 'nginx.pid')};`)
    .replace(/access_log \/var\/log\/nginx\/access\.log/, `access_log ${join(workDir, 'logs', 'access.log')}`)
    .replace(/proxy_cache_path \/var\/cache\/nginx\/festival_api /, `proxy_cache_path ${join(workDir, 'cache')} `)
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${redirectPort};`)
    .replace(/^(\s*)listen 443 ssl( http2)?;/m, `$1listen 127.0.0.1:${listenPort} ssl$2;`)
    .replace(/return 301 https:\/\/\$host\$request_uri;/, `return 301 https://$host:${listenPort}$request_uri;`)
    .replace(/(ssl_certificate(?:_key)?) \/etc\/nginx\/certs\//g, `$1 ${certificateDir}/`)
    .replace(/root \/var\/www\/acme;/, `root ${join(workDir, 'acme')};`)
    .replace(/root \/usr\/share\/nginx\/html;/, `root ${documentRoot};`)
    .replace(/include \/etc\/nginx\/snippets\//g, `include ${snippetsDir}/`)
    .replace(/^(\s*)resolver 127\.0\.0\.11 (.*)$/m, `${upstream}$1${resolver}$2`)
    .replace(/^(\s*)set \$festival_api api:8080;$/m, `$1set $festival_api ${api};`);
  for (const expected of [
    'pid ',
    `listen 127.0.0.1:${redirectPort};`,
    `listen 127.0.0.1:${listenPort} ssl`,
    `return 301 https://$host:${listenPort}$request_uri;`,
    `ssl_certificate ${certificateDir}/fullchain.pem;`,
    `ssl_certificate_key ${certificateDir}/privkey.pem;`,
    `root ${join(workDir, 'acme')};`,
    `root ${documentRoot}`,
    resolver,
    `set $festival_api ${api};`,
    ...(apiPorts ?? []).map((port) => `server 127.0.0.1:${port};`),
    `proxy_cache_path ${join(workDir, 'cache')} `,
    `include ${snippetsDir}/festival-brotli-static`,
  ]) {
    if (!replaced.includes(expected)) throw new Error(`nginx.conf no longer has the shape the tests expect (${expected})`);
  }
  if (/^\s*(listen (80|443)\b|ssl_certificate(_key)? \/etc\/)/m.test(replaced)) {
    throw new Error('nginx.conf no longer has the shape the tests expect (a production port or certificate left)');
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
