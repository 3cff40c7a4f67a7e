import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minVersion, satisfies } from 'semver';
import { parse } from 'yaml';
import { DEFAULT_REMOTES_MANIFEST, findSiteRoute, prerenderedPaths, sitePaths } from '../packages/contracts/src/remotes.js';
import { CONFIG_VARIABLES, loadConfig } from '../api/src/config/app-config.js';

const ROOT = join(process.cwd());
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface Service {
  build?: { dockerfile: string; target: string; args?: Record<string, string> };
  image?: string;
  container_name?: string;
  deploy?: { replicas?: number };
  profiles?: string[];
  env_file?: string | (string | { path: string })[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  networks?: Record<string, { ipv4_address?: string }>;
  healthcheck?: { test: string[] };
}

/** Compose's `${VAR:?message}` / `${VAR:-default}` interpolation, with the given variables. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_m, name: string, op?: string, arg?: string) => {
    if (vars[name] !== undefined && vars[name] !== '') return vars[name];
    if (op === '?') throw new Error(`${name} is required: ${arg}`);
    return op === '-' ? (arg ?? '') : '';
  });
}

/** The `NAME=value` lines of an env file (comments and blank lines skipped; values as written). */
function parseEnvFile(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) vars[m[1]] = m[2].replace(/^'(.*)'$/, '$1');
  }
  return vars;
}

/** Every variable an env file names, set or commented out (`# NAME=...`). */
const namedIn = (text: string) => new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));

/** Every variable the API's code reads: the configuration schema, and any `process.env.X` anywhere in api/src. */
function variablesTheApiReads(): string[] {
  const found = new Set(CONFIG_VARIABLES);
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.ts$/.test(entry.name) && !/\.spec\.ts$/.test(entry.name)) {
        for (const m of read(path).matchAll(/process\.env(?:\.(\w+)|\[['"](\w+)['"]\])/g)) found.add(m[1] ?? m[2]);
      }
    }
  };
  walk('api/src');
  return [...found];
}

const ticketSigningKey = () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
  const services = compose.services;
  const apiServices = Object.entries(services).filter(([, s]) => s.build?.target === 'api');
  const [apiName, api] = apiServices[0];
  const example = read('deploy/production.env.example');
  /** The example as an operator fills it in: every placeholder replaced. */
  const filledIn: Record<string, string> = {
    ...parseEnvFile(example),
    MYSQL_PASSWORD: 'a-database-password',
    MYSQL_ROOT_PASSWORD: 'a-root-password',
    ADMIN_PASSWORD: 'the-staff-password-of-the-restaurant',
    SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
    TICKET_SIGNING_KEY: ticketSigningKey(),
    ALLOW_SIMULATED_PAYMENTS: 'true',
  };
  /** A replica's environment as compose gives it: .env whole (env_file), then `environment` over it. */
  const replicaEnv = (dotEnv: Record<string, string>) => ({
    ...dotEnv,
    ...Object.fromEntries(Object.entries(api.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), dotEnv)])),
  });

  it('runs MySQL 8, one replicated API service, nginx, and a mail catcher only in the dev profile', () => {
    expect(services.mysql.image).toMatch(/^mysql:8/);
    expect(apiServices).toHaveLength(1);
    expect(services.nginx.build?.target).toBe('web');
    expect(services.nginx.volumes).toContain('./nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(services.mailcatcher.image).toBeDefined();
    expect(services.mailcatcher.profiles).toEqual(['dev']);
    // Never on a public interface: its web UI has no login and shows every guest's e-mail.
    for (const port of services.mailcatcher.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
    for (const [name, service] of Object.entries(services)) {
      // Prometheus and Grafana run only with `--profile monitoring` (deploy/metrics.spec.ts).
      if (!['mailcatcher', 'prometheus', 'grafana'].includes(name)) expect([name, service.profiles]).toEqual([name, undefined]);
    }
  });

  it('can scale the API (deploy.replicas, or --scale api=N): no fixed container name or published port', () => {
    expect(api.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(api.container_name).toBeUndefined();
    expect(api.ports).toBeUndefined();
    expect(services.nginx.depends_on?.[apiName].condition).toBe('service_healthy');
  });

  it("points nginx at the API service by its name and port, through Docker's DNS, so the replica count can change", () => {
    const conf = read('nginx.conf');
    const server = serverListening(conf, 443);
    const port = api.environment?.PORT;
    expect(api.healthcheck?.test.join(' ')).toContain(`127.0.0.1:${port}/api/health/ready`);
    // A name in a variable is looked up while nginx runs, through Docker's DNS; no upstream
    // block, whose name nginx 1.22 would look up once at start.
    expect(directives(server.slice(0, server.indexOf('location ')))).toContain(`set $festival_api ${apiName}:${port};`);
    expect(directives(conf)).toContain('resolver 127.0.0.11 valid=10s ipv6=off;');
    expect(conf).not.toMatch(/^\s*upstream\b/m);
    const proxied = [...conf.matchAll(/^\s*proxy_pass (\S+);$/gm)].map((m) => m[1]);
    expect(proxied.length).toBeGreaterThan(0);
    expect(new Set(proxied)).toEqual(new Set(['http://$festival_api']));
  });

  it("builds the web image on Debian's nginx with its brotli_static module: the nginx CI runs the site through", () => {
    const dockerfile = read('deploy/Dockerfile');
    const webStage = dockerfile.slice(dockerfile.lastIndexOf('FROM ', dockerfile.indexOf(' AS web')));
    expect(webStage).toMatch(/^FROM debian:bookworm-slim AS web$/m);
    expect(webStage).toMatch(/apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-static/);
    const ci = read('.ci/run');
    expect(ci).toMatch(/command -v nginx .*missing\+=\(nginx\)/);
    expect(ci).toMatch(/missing\+=\(libnginx-mod-http-brotli-static\)/);
  });

  it("serialises the replicas' migrations with a MySQL named lock", () => {
    const migrate = read('api/src/database/migrate.ts');
    expect(migrate).toMatch(/GET_LOCK\(/);
    expect(migrate).toMatch(/RELEASE_LOCK\(/);
  });

  it('passes .env whole to the replicas, and no default that would turn an empty value into another', () => {
    const envFiles = [api.env_file].flat().map((f) => (typeof f === 'string' ? f : f?.path));
    expect(envFiles).toContain('.env');
    for (const [name, value] of Object.entries(api.environment ?? {}))
      expect([name, String(value)]).not.toEqual([name, expect.stringContaining(':-')]);
    // An operator who empties PROMO_CODES gets no promo codes, not the two published in the repository.
    expect(loadConfig(replicaEnv({ ...filledIn, PROMO_CODES: '' })).promoCodes).toEqual([]);
    expect(loadConfig(replicaEnv({ ...filledIn, PROMO_CODES: 'LIGHTS10' })).promoCodes).toEqual(['LIGHTS10']);
  });

  it('gives each replica a configuration the API accepts in production, once the example is filled in', () => {
    const config = loadConfig(replicaEnv(filledIn));
    expect(config.isProduction).toBe(true);
    expect(config.database).toEqual({ type: 'mysql', url: 'mysql://festival:a-database-password@mysql:3306/festival' });
    expect(config.mail.smtpUrl).toBe(filledIn.SMTP_URL);
    // Trusts nginx's fixed address alone, never a whole private range a client could be in.
    expect(config.trustProxy).toBe(services.nginx.networks?.default?.ipv4_address);
    expect(config.trustProxy).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(api.depends_on?.mysql.condition).toBe('service_healthy');
  });

  it("refuses to start with the example's placeholders left in", () => {
    const { TICKET_SIGNING_KEY, ALLOW_SIMULATED_PAYMENTS } = filledIn;
    expect(() => loadConfig(replicaEnv({ ...parseEnvFile(example), TICKET_SIGNING_KEY, ALLOW_SIMULATED_PAYMENTS }))).toThrow(
      /ADMIN_PASSWORD: still the example's placeholder[\s\S]*SESSION_SECRET: still the example's placeholder/,
    );
    expect(() => loadConfig(replicaEnv({ ...filledIn, MYSQL_PASSWORD: 'change-me' }))).toThrow(/DATABASE_URL: the database password/);
  });

  it('sets in `environment` only variables the API knows', () => {
    expect(Object.keys(api.environment ?? {}).filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
  });

  it('refuses to start without the secrets', () => {
    const env = api.environment ?? {};
    for (const name of ['ADMIN_PASSWORD', 'SESSION_SECRET', 'TICKET_SIGNING_KEY', 'SMTP_URL']) {
      expect(() => interpolate(String(env[name]), {})).toThrow(new RegExp(`${name} is required`));
    }
  });

  it("builds the pages nginx serves with the site's public address, in one build stage for both images", () => {
    // The pre-rendered landing page names it in its link-preview tags (scripts/prerender.mjs).
    const dockerfile = read('deploy/Dockerfile');
    const buildStage = dockerfile.slice(dockerfile.indexOf('AS build'), dockerfile.indexOf('\nFROM ', dockerfile.indexOf('AS build')));
    expect(buildStage.indexOf('ARG PUBLIC_URL')).toBeGreaterThan(0);
    expect(buildStage.indexOf('ARG PUBLIC_URL')).toBeLessThan(buildStage.indexOf('scripts/build.mjs'));
    for (const service of [services.nginx, api]) {
      expect(interpolate(String(service.build?.args?.PUBLIC_URL), { PUBLIC_URL: 'https://festival.example' })).toBe(
        'https://festival.example',
      );
      expect(() => interpolate(String(service.build?.args?.PUBLIC_URL), {})).toThrow(/PUBLIC_URL is required/);
    }
  });

  it('builds both images from targets the Dockerfile defines, with the default remote manifest', () => {
    const dockerfile = read('deploy/Dockerfile');
    for (const target of ['api', 'web']) expect(dockerfile).toMatch(new RegExp(`^FROM .* AS ${target}$`, 'm'));
    expect(JSON.parse(read('deploy/remotes.json'))).toEqual(DEFAULT_REMOTES_MANIFEST);
  });
});

describe('the example configurations', () => {
  it('deploy/production.env.example names every variable the API reads', () => {
    const named = namedIn(read('deploy/production.env.example'));
    expect(variablesTheApiReads().filter((name) => !named.has(name))).toEqual([]);
  });

  it('.env.example (npm start) sets only variables the API reads, and no secret production would accept', () => {
    const text = read('.env.example');
    const known = variablesTheApiReads();
    expect([...namedIn(text)].filter((name) => !known.includes(name))).toEqual([]);
    const set = parseEnvFile(text);
    expect(set.NODE_ENV ?? 'development').not.toBe('production');
  });

  it('the README lists every variable the API reads', () => {
    const readme = read('README.md');
    expect(variablesTheApiReads().filter((name) => !readme.includes(`| \`${name}\``))).toEqual([]);
  });
});

/** The body of the block that starts at `open` (the index of its `{`), without its braces. */
function blockAt(conf: string, open: number): string {
  let depth = 1;
  let i = open + 1;
  for (; depth > 0 && i < conf.length; i += 1) {
    if (conf[i] === '{') depth += 1;
    if (conf[i] === '}') depth -= 1;
  }
  return conf.slice(open + 1, i - 1);
}

/** The bodies of nginx.conf's `server { ... }` blocks, in the file's order. */
function serverBlocks(conf: string): string[] {
  return [...conf.matchAll(/^\s*server\s*\{/gm)].map((m) => blockAt(conf, m.index + m[0].length - 1));
}

/** The server block that listens on `port` (`listen <port> ...;`). */
function serverListening(conf: string, port: number): string {
  const found = serverBlocks(conf).filter((body) => directives(body).some((l) => new RegExp(`^listen ${port}\\b`).test(l)));
  if (found.length !== 1) throw new Error(`nginx.conf has ${found.length} servers listening on ${port}, not one`);
  return found[0];
}

/** The body of every `location` block of nginx.conf, by its match (`= /x`, `~ ^/api/...$`, `/api/`). */
function locations(conf: string): Map<string, string> {
  const found = new Map<string, string>();
  const opening = /location\s+([^{]+?)\s*\{/g;
  for (let m = opening.exec(conf); m; m = opening.exec(conf)) {
    let depth = 1;
    let i = opening.lastIndex;
    for (; depth > 0 && i < conf.length; i += 1) {
      if (conf[i] === '{') depth += 1;
      if (conf[i] === '}') depth -= 1;
    }
    found.set(m[1].trim(), conf.slice(opening.lastIndex, i - 1));
  }
  return found;
}

const directives = (body: string) =>
  body
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

/** Every GET route the API's controllers declare, as a concrete path (`:id` filled in). */
function apiGetRoutes(): string[] {
  const modules = join(ROOT, 'api/src/modules');
  const routes: string[] = [];
  for (const dir of readdirSync(modules)) {
    for (const file of readdirSync(join(modules, dir)).filter((f) => f.endsWith('.controller.ts'))) {
      const source = read(`api/src/modules/${dir}/${file}`);
      const prefix = /@Controller\((?:'([^']*)')?\)/.exec(source)?.[1] ?? '';
      for (const get of source.matchAll(/@Get\((?:'([^']*)')?\)/g)) {
        const path = ['/api', prefix, get[1] ?? ''].filter(Boolean).join('/').replace(/\/+/g, '/');
        routes.push(path.replace(/:\w+/g, 'sample'));
      }
    }
  }
  return routes;
}

/** The directives of the micro-cache in a location's body. */
const cacheDirectives = (body: string) =>
  directives(body).filter((l) => l.startsWith('proxy_cache') || l.startsWith('proxy_ignore_headers') || l.startsWith('proxy_no_cache'));

describe('nginx.conf over HTTPS', () => {
  const conf = read('nginx.conf');
  const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
  const nginx = compose.services.nginx;
  const tls = serverListening(conf, 443);
  const plain = serverListening(conf, 80);
  const hsts = /^add_header Strict-Transport-Security "max-age=\d+[^"]*" always;$/;

  it('serves the site on 443 with TLS 1.2 and 1.3 only and the certificate from /etc/nginx/certs', () => {
    const lines = directives(tls);
    expect(lines.filter((l) => l.startsWith('listen '))).toEqual(['listen 443 ssl;']);
    expect(lines).toEqual(
      expect.arrayContaining([
        'ssl_certificate /etc/nginx/certs/fullchain.pem;',
        'ssl_certificate_key /etc/nginx/certs/privkey.pem;',
        'ssl_protocols TLSv1.2 TLSv1.3;',
        'root /usr/share/nginx/html;',
      ]),
    );
    // Every page and the API are in this server; the port-80 server has two locations of its own.
    expect(serverBlocks(conf)).toEqual([plain, tls]);
    expect(locations(tls).has('/api/')).toBe(true);
    expect(conf.match(/^\s*location\s/gm)).toHaveLength(locations(tls).size + 2);
  });

  it('tells the API the request came over HTTPS, so the staff session cookie is Secure', () => {
    expect(directives(tls)).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    // The staff cookie's Secure flag follows the request's scheme as the trusted proxy states it.
    const session = read('api/src/modules/auth/session.middleware.ts');
    expect(session).toMatch(/proxy: true,/);
    expect(session).toMatch(/secure: 'auto'/);
  });

  it('sends HSTS from the HTTPS server only', () => {
    expect(directives(tls).filter((l) => l.startsWith('add_header Strict-Transport-Security'))).toEqual([expect.stringMatching(hsts)]);
    expect(conf.match(/add_header Strict-Transport-Security/g)).toHaveLength(1);
    expect(plain).not.toMatch(/Strict-Transport-Security/);
  });

  it('answers plain HTTP only with a 301 to the same address over HTTPS, besides the ACME challenge files', () => {
    const lines = directives(plain);
    expect(lines.filter((l) => l.startsWith('listen '))).toEqual(['listen 80;']);
    const found = locations(plain);
    expect([...found.keys()].sort()).toEqual(['/', '^~ /.well-known/acme-challenge/']);
    expect(directives(found.get('/')!)).toEqual(['return 301 https://$host$request_uri;']);
    expect(directives(found.get('^~ /.well-known/acme-challenge/')!)).toEqual(
      expect.arrayContaining(['root /var/www/acme;', 'try_files $uri =404;']),
    );
    // Nothing of the site: no files, no API, no headers of its own.
    expect(plain).not.toMatch(/proxy_pass|add_header|root \/usr\/share/);
  });

  it('is published on 80 and 443 by compose, with the certificate folder and the ACME webroot mounted read-only', () => {
    expect((nginx.ports ?? []).map((port) => interpolate(port, {}))).toEqual(['80:80', '443:443']);
    const mounts = new Map((nginx.volumes ?? []).map((volume) => [volume.split(':')[1], volume]));
    expect(mounts.get('/etc/nginx/certs')).toBe('./certs:/etc/nginx/certs:ro');
    expect(mounts.get('/var/www/acme')).toBe('./acme:/var/www/acme:ro');
    // The files nginx.conf names are in the mounted folder.
    for (const [, file] of conf.matchAll(/ssl_certificate(?:_key)? (\S+);/g)) expect(file).toMatch(/^\/etc\/nginx\/certs\/[^/]+\.pem$/);
  });

  it('never builds a certificate into the web image, and keeps the host copies out of git and the build context', () => {
    const dockerfile = read('deploy/Dockerfile');
    const webStage = dockerfile.slice(dockerfile.lastIndexOf('FROM ', dockerfile.indexOf(' AS web')));
    expect(webStage).toMatch(/^EXPOSE 80 443$/m);
    const copied = [...webStage.matchAll(/^(?:COPY|ADD) (.*)$/gm)].map((m) => m[1]);
    expect(copied.length).toBeGreaterThan(0);
    expect(copied.filter((line) => /certs|acme|\.pem|\.key/.test(line))).toEqual([]);
    expect(read('.gitignore')).toMatch(/^\/certs\/$/m);
    expect(read('.gitignore')).toMatch(/^\/acme\/$/m);
  });
});

describe('nginx.conf micro-cache', () => {
  const conf = read('nginx.conf');
  // The site's server (HTTPS); the port-80 server only redirects.
  const site = serverListening(conf, 443);
  const all = locations(site);
  const cached = [...all].filter(([, body]) => /^\s*proxy_cache\s+festival_micro;/m.test(body));
  const [hotReads, pages] = [
    cached.find(([match]) => match.startsWith('~ ^/api/')),
    cached.find(([match]) => !match.startsWith('~ ^/api/')),
  ];
  const patternOf = (match: string) => new RegExp(match.replace(/^~\s+/, ''));

  it('is two locations: exactly the public hot reads among every GET route of the API, and exactly the pre-rendered pages', () => {
    expect(cached).toHaveLength(2);
    const reads = patternOf(hotReads![0]);
    const routes = apiGetRoutes();
    expect(routes.length).toBeGreaterThan(15);
    expect(routes.filter((path) => reads.test(path)).sort()).toEqual([
      '/api/drinks',
      '/api/feast-packs',
      '/api/party-ticket-stats',
      '/api/site',
    ]);
    for (const near of [
      '/api/site/',
      '/api/drinks/mango-lassi',
      '/api/drink-tab/abc',
      '/api/party-tickets',
      '/api/admin/drinks',
      '/api/admin/feast-packs',
      '/api/analytics',
    ]) {
      expect(reads.test(near)).toBe(false);
    }
    const rendered = patternOf(pages![0]);
    expect(sitePaths().filter((path) => rendered.test(path))).toEqual(prerenderedPaths());
    for (const near of ['/diwali-party/', '/drinks/', '/drinks/checkout', '/x/drinks', '/hi/drinks/', '/api/site', '/index.html']) {
      expect(rendered.test(near)).toBe(false);
    }
  });

  it('keeps answers one second, one refresh at a time, GET and HEAD only, never with a cookie or a language choice, one entry per path', () => {
    for (const [, body] of cached) {
      const lines = cacheDirectives(body);
      expect(lines).toEqual(
        expect.arrayContaining([
          'proxy_cache_methods GET HEAD;',
          'proxy_cache_valid 200 1s;',
          'proxy_cache_lock on;',
          'proxy_cache_revalidate on;',
        ]),
      );
      expect(lines.find((l) => l.startsWith('proxy_cache_bypass'))).toMatch(/^proxy_cache_bypass \$http_cookie( \$arg_lang)?;$/);
      expect(lines.find((l) => l.startsWith('proxy_no_cache'))).toMatch(/^proxy_no_cache \$http_cookie( \$arg_lang)?;$/);
      expect(lines.find((l) => l.startsWith('proxy_cache_use_stale'))).toMatch(/\bupdating\b/);
      expect(lines.find((l) => l.startsWith('proxy_cache_key'))).toBe('proxy_cache_key $request_method$host$uri;');
      expect(lines.some((l) => l.startsWith('proxy_cache_valid') && !l.startsWith('proxy_cache_valid 200 1s'))).toBe(false);
    }
    // The pages also leave a guest's language choice (the switch's ?lang= link) to the API.
    const withoutLanguage = (lines: string[]) => lines.map((l) => l.replace(' $arg_lang;', ';'));
    expect(cacheDirectives(pages![1])).toEqual(
      expect.arrayContaining(['proxy_cache_bypass $http_cookie $arg_lang;', 'proxy_no_cache $http_cookie $arg_lang;']),
    );
    expect(withoutLanguage(cacheDirectives(pages![1]))).toEqual(cacheDirectives(hotReads![1]));
    expect(conf).toMatch(/proxy_cache_path \S+ .*keys_zone=festival_micro:/);
  });

  it('proxies the hot reads exactly as the rest of /api/, and caches nothing else', () => {
    const api = directives(all.get('/api/') ?? '');
    expect(api).toEqual(['proxy_pass http://$festival_api;']);
    expect(directives(hotReads![1]).filter((l) => !cacheDirectives(hotReads![1]).includes(l))).toEqual(api);
    expect(conf.match(/^\s*proxy_cache\s/gm)).toHaveLength(2);
  });

  it("sets the proxied requests' headers once for the whole server, and no location drops the server's hidden headers", () => {
    const server = directives(site.slice(0, site.indexOf('location ')));
    for (const header of ['Host $http_host', 'X-Forwarded-For $remote_addr', 'X-Forwarded-Proto $scheme', 'X-Request-Id $request_id']) {
      expect(server).toContain(`proxy_set_header ${header};`);
    }
    // A location's own proxy_set_header or proxy_hide_header list replaces the server's whole list.
    const serverHidden = site
      .slice(0, site.indexOf('location '))
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.startsWith('proxy_hide_header '));
    expect(serverHidden.length).toBeGreaterThanOrEqual(5);
    for (const [match, body] of all) {
      const lines = directives(body);
      expect([match, lines.some((l) => l.startsWith('proxy_set_header '))]).toEqual([match, false]);
      if (lines.some((l) => l.startsWith('proxy_hide_header ')))
        expect([match, lines]).toEqual([match, expect.arrayContaining(serverHidden)]);
    }
  });
});

describe('nginx.conf client addresses and logs', () => {
  const conf = read('nginx.conf');

  it("replaces the client's own X-Forwarded-For with the address nginx saw, never appends to it", () => {
    const forwarded = [...conf.matchAll(/proxy_set_header X-Forwarded-For (\S+);/g)].map((m) => m[1]);
    expect(forwarded.length).toBeGreaterThan(0);
    expect(new Set(forwarded)).toEqual(new Set(['$remote_addr']));
  });

  it('logs paths without query strings (tokens and client secrets travel there)', () => {
    const format = /log_format (\w+) '([^']*)'/.exec(conf);
    expect(format).not.toBeNull();
    expect(format![2]).toContain('$uri');
    expect(format![2]).not.toMatch(/\$request\b|\$request_uri|\$args|\$query_string|\$http_referer/);
    const logs = [...conf.matchAll(/access_log (\S+)(?: (\w+))?;/g)];
    expect(logs.length).toBeGreaterThan(0);
    for (const [, , name] of logs) expect(name).toBe(format![1]);
  });

  it("logs each request's id and passes it to the API, which logs every line of that request with it", () => {
    const format = /log_format (\w+) '([^']*)'/.exec(conf);
    expect(format![2]).toContain('$request_id');
    expect(directives(conf)).toContain('proxy_set_header X-Request-Id $request_id;');
  });
});

describe("nginx.conf and the build's compressed copies", () => {
  const conf = read('nginx.conf');
  const server = serverListening(conf, 443);
  const snippet = read('deploy/nginx/festival-brotli-static.conf');
  const dockerfile = read('deploy/Dockerfile');
  const webStage = dockerfile.slice(dockerfile.lastIndexOf('FROM ', dockerfile.indexOf(' AS web')));
  /** The snippet nginx.conf includes for brotli_static: a pattern, so a missing file is no error. */
  const brotliInclude = /^\s*include (\/etc\/nginx\/snippets\/festival-brotli-static\*\.conf);$/m.exec(server)?.[1];

  it('sends the .gz copies for the whole server (static files), and no location turns it off', () => {
    expect(directives(server.slice(0, server.indexOf('location ')))).toContain('gzip_static on;');
    expect(conf).not.toMatch(/gzip_static off/);
    expect(conf).toMatch(/^\s*gzip_vary on;$/m);
  });

  it('sends the .br copies through a snippet that only the image with the brotli module carries', () => {
    expect(brotliInclude).toBeDefined();
    expect(server.indexOf(brotliInclude!)).toBeLessThan(server.indexOf('location '));
    expect(directives(snippet)).toEqual(['brotli_static on;']);
    // The module, as Debian links it, is loaded where installed; nothing when it is not.
    expect(directives(conf.slice(0, conf.indexOf('http {')))).toContain('include /etc/nginx/modules-enabled/*.conf;');
    expect(conf).not.toMatch(/^\s*brotli_static/m);
    expect(conf).not.toMatch(/^\s*load_module/m);
  });

  it('puts the snippet in the web image, beside its module, where nginx.conf includes it from', () => {
    const copied = /^COPY deploy\/nginx\/festival-brotli-static\.conf (\S+)$/m.exec(webStage)?.[1];
    expect(copied).toBe('/etc/nginx/snippets/festival-brotli-static.conf');
    expect(webStage).toMatch(/libnginx-mod-http-brotli-static/);
    expect(new RegExp(`^${brotliInclude!.replace(/[.]/g, '\\.').replace('*', '.*')}$`).test(copied!)).toBe(true);
  });
});

/**
 * The location nginx picks for a path: an exact (`=`) match, else the longest prefix when it is
 * `^~`, else the first regular expression that matches, in the file's order, else the longest prefix.
 */
function nginxLocation(all: Map<string, string>, path: string): string {
  const matches = [...all.keys()];
  const exact = matches.find((match) => match === `= ${path}`);
  if (exact) return exact;
  const prefixes = matches
    .filter((match) => !match.startsWith('=') && !match.startsWith('~'))
    .filter((match) => path.startsWith(match.replace(/^\^~\s+/, '')))
    .sort((a, b) => b.replace(/^\^~\s+/, '').length - a.replace(/^\^~\s+/, '').length);
  if (prefixes[0]?.startsWith('^~')) return prefixes[0];
  const regex = matches.find(
    (match) => /^~\*?\s/.test(match) && new RegExp(match.replace(/^~\*?\s+/, ''), match.startsWith('~*') ? 'i' : '').test(path),
  );
  return regex ?? prefixes[0] ?? '';
}

describe("nginx.conf and the site's route table", () => {
  const conf = read('nginx.conf');
  const all = locations(serverListening(conf, 443));
  const tryFiles = (path: string) => directives(all.get(nginxLocation(all, path)) ?? '').find((l) => l.startsWith('try_files '));
  /** `map $uri $prerendered_page`: the build's file of each pre-rendered page. */
  const prerenderedFiles = new Map(
    [...(/map \$uri \$prerendered_page \{([^}]*)\}/.exec(conf)?.[1] ?? '').matchAll(/^\s*(\S+)\s+(\S+);/gm)].map((m) => [m[1], m[2]]),
  );

  it('serves every page of the table: pre-rendered ones rendered by the API, else their build file; the others the shell', () => {
    expect(sitePaths().length).toBeGreaterThan(10);
    expect(directives(all.get('@prerendered') ?? '')).toEqual(['try_files $prerendered_page /index.html =404;']);
    for (const path of sitePaths()) {
      if (prerenderedPaths().includes(path)) {
        const lines = directives(all.get(nginxLocation(all, path)) ?? '');
        expect([path, lines]).toEqual([
          path,
          expect.arrayContaining([
            'proxy_pass http://$festival_api;',
            'proxy_intercept_errors on;',
            'error_page 404 500 502 503 504 = @prerendered;',
          ]),
        ]);
        expect([path, prerenderedFiles.get(path)]).toEqual([
          path,
          `/prerendered/${path.endsWith('/') ? `${path.slice(1)}index` : path.slice(1)}.html`,
        ]);
      } else {
        expect([path, tryFiles(path)]).toEqual([path, 'try_files /index.html =404;']);
      }
    }
    expect(prerenderedFiles.size).toBe(prerenderedPaths().length);
  });

  it("answers any other path with the shell's 404 page and a 404 status", () => {
    expect(directives(conf)).toContain('error_page 404 /index.html;');
    const unknown = [
      '/nope',
      '/drinks/nope',
      '/admin/nope',
      '/diwali-party/nope',
      '/diwali-party/',
      '/drinks/',
      '/admin/',
      '/drinks/checkout/x',
      '/admin/bar/x',
      '/adminx',
      '/drinks-menu',
      '/x/drinks',
      '/hi/drinks/',
      '/hi/drinks/nope',
      '/fr/drinks',
      '/hi/admin',
      '/en/drinks',
    ];
    for (const path of unknown) {
      expect(findSiteRoute(path)).toBeUndefined();
      const files = tryFiles(path);
      // No page is tried: the request ends in the 404, which error_page answers with the shell.
      expect([path, files?.endsWith(' =404;') && !files.includes('.html')]).toEqual([path, true]);
    }
  });
});

/**
 * Whether `.dockerignore` leaves a path out of the build context: the last pattern that matches
 * the path or one of its folders decides (`!` takes it back in), as docker does.
 */
function dockerIgnores(rules: string, path: string): boolean {
  const patterns = rules
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((line) => {
      const negate = line.startsWith('!');
      const glob = line.replace(/^!/, '').replace(/^\/+|\/+$/g, '');
      let source = '';
      for (let i = 0; i < glob.length; i += 1) {
        if (glob.startsWith('**/', i)) {
          source += '(?:.*/)?';
          i += 2;
        } else if (glob.startsWith('**', i)) {
          source += '.*';
          i += 1;
        } else if (glob[i] === '*') source += '[^/]*';
        else if (glob[i] === '?') source += '[^/]';
        else source += glob[i].replace(/[.+^${}()|[\]\\]/g, '\\$&');
      }
      return { negate, regex: new RegExp(`^${source}$`) };
    });
  const parts = path.split('/');
  const candidates = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let ignored = false;
  for (const { negate, regex } of patterns) if (candidates.some((c) => regex.test(c))) ignored = !negate;
  return ignored;
}

describe('.dockerignore', () => {
  const rules = read('.dockerignore');

  it('keeps secrets, data, local installs, version control and test output out of the build context', () => {
    for (const path of [
      '.env',
      '.env.production',
      '.env.local',
      'deploy/.env',
      '.data/festival.sqlite',
      '.data/outbox/0001.eml',
      'api/.data/festival.sqlite',
      'festival.sqlite',
      'node_modules/react/index.js',
      'api/node_modules/x/index.js',
      'shell/dist/index.html',
      '.git/HEAD',
      'test-results/x.txt',
      'e2e/test-results/x.txt',
      'playwright-report/index.html',
      'tls/site.key',
      'certs/fullchain.pem',
      'certs/privkey.pem',
      'acme/.well-known/acme-challenge/token',
    ]) {
      expect([path, dockerIgnores(rules, path)]).toEqual([path, true]);
    }
  });

  it('keeps every file the build needs: each tracked source and package file, .dockerignore itself included', () => {
    const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      // Left out on purpose: CI, recorded results, and every environment file (examples too: the build reads none).
      .filter((path) => path && !path.startsWith('.ci/') && !path.startsWith('bench/results/') && !/(^|\/)\.env(\.|$)/.test(path));
    expect(tracked).toEqual(expect.arrayContaining(['package-lock.json', '.npmrc', 'api/package.json']));
    expect(tracked.filter((path) => dockerIgnores(rules, path))).toEqual([]);
  });
});

interface LockEntry {
  dev?: boolean;
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** The Dockerfile's stages, by name: their `FROM` image and their instructions. */
function dockerStages(dockerfile: string): Map<string, { from: string; body: string }> {
  const stages = new Map<string, { from: string; body: string }>();
  const text = dockerfile.replace(/\\\n/g, ' ');
  const starts = [...text.matchAll(/^FROM (\S+)(?: AS (\S+))?$/gm)];
  starts.forEach((m, i) => stages.set(m[2] ?? String(i), { from: m[1], body: text.slice(m.index, starts[i + 1]?.index ?? text.length) }));
  return stages;
}

/**
 * The packages `npm ci --omit=dev --workspace <w>...` installs, from package-lock.json: the
 * workspaces' production dependencies (optional and required peers included), followed through
 * workspace links, resolved the way Node finds them (nearest node_modules first).
 */
function productionClosure(workspaces: string[]): Map<string, LockEntry> {
  const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> };
  const found = new Map<string, LockEntry>();
  const locate = (from: string, name: string): string | undefined => {
    for (let dir = from; ;) {
      const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (lock.packages[key]) return key;
      if (!dir) return undefined;
      const cut = dir.lastIndexOf('/node_modules/');
      dir = cut >= 0 ? dir.slice(0, cut) : '';
    }
  };
  const visit = (location: string) => {
    if (found.has(location)) return;
    let entry = lock.packages[location];
    if (entry.link && entry.resolved) {
      found.set(location, entry);
      location = entry.resolved;
      entry = lock.packages[location];
      if (found.has(location)) return;
    }
    found.set(location, entry);
    const optionalPeers = Object.entries(entry.peerDependenciesMeta ?? {}).filter(([, m]) => m.optional);
    const wanted: [string, boolean][] = [
      ...Object.keys(entry.dependencies ?? {}).map((n): [string, boolean] => [n, true]),
      ...Object.keys(entry.optionalDependencies ?? {}).map((n): [string, boolean] => [n, false]),
      ...Object.keys(entry.peerDependencies ?? {})
        .filter((n) => !optionalPeers.some(([p]) => p === n))
        .map((n): [string, boolean] => [n, true]),
    ];
    for (const [name, required] of wanted) {
      const at = locate(location, name);
      if (at) visit(at);
      else if (required) throw new Error(`${location} needs ${name}, which package-lock.json does not hold`);
    }
  };
  for (const workspace of workspaces) visit(workspace);
  return found;
}

/** A package name from its lock location (`node_modules/a/node_modules/@b/c` is `@b/c`). */
const packageName = (location: string) => location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe("the API image's dependencies", () => {
  const stages = dockerStages(read('deploy/Dockerfile'));
  const api = stages.get('api')!;
  const depsStageName = /^COPY --from=(\S+) \S*node_modules\S* /m.exec(api.body)?.[1] ?? '';
  const install = /^RUN (.*\bnpm ci\b.*)$/m.exec(stages.get(depsStageName)?.body ?? '')?.[1] ?? '';
  const workspaces = [...install.matchAll(/(?:--workspace[= ]|-w )(\S+)/g)].map((m) => m[1]);
  const closure = productionClosure(workspaces);
  const names = new Set([...closure.keys()].filter((l) => l.includes('node_modules/')).map(packageName));

  it('come from their own stage: `npm ci --omit=dev` of the api workspace, not the build’s node_modules', () => {
    expect(depsStageName).not.toBe('');
    expect(depsStageName).not.toBe('build');
    expect(install).toMatch(/--omit=dev\b/);
    expect(workspaces).toEqual(['api']);
    expect(api.body).not.toMatch(/^COPY --from=build \S*node_modules/m);
    // That stage sees only the package files of the api and the contracts it links.
    const copied = [...(stages.get(depsStageName)?.body ?? '').matchAll(/^COPY (?!--from)(.*)$/gm)].map((m) => m[1]);
    expect(copied.join(' ')).not.toMatch(/^\. |\s\.\s/);
  });

  it('hold what the API imports, and no frontend package (React, antd, the charts, fonts, Stripe.js, Vite)', () => {
    const apiPackage = JSON.parse(read('api/package.json')) as { dependencies: Record<string, string> };
    for (const name of Object.keys(apiPackage.dependencies)) expect([name, names.has(name)]).toEqual([name, true]);
    expect(names.has('zod')).toBe(true);
    const frontendOnly =
      /^(react|react-dom|react-router|react-router-dom|antd|zustand|vite|@festival\/(web-kit|router|query|test-kit)|@ant-design\/.*|@antv\/.*|@fontsource\/.*|@stripe\/.*|@tanstack\/.*|@rc-component\/.*|rc-.*|d3-.*)$/;
    expect([...names].filter((name) => frontendOnly.test(name))).toEqual([]);
    expect([...closure].filter(([, entry]) => entry.dev).map(([location]) => location)).toEqual([]);
  });

  it('needs no React on the server: the pre-render bundle the API runs carries its own', () => {
    expect(read('shell/vite.prerender.config.ts')).toMatch(/ssr:\s*\{\s*noExternal:\s*true/);
    expect(api.body).toMatch(/^COPY --from=build \/app\/shell\/dist-prerender /m);
  });
});

describe('the Node runtime', () => {
  const { engines } = JSON.parse(read('package.json')) as { engines: { node: string } };
  const claimed = engines.node;
  const lowest = minVersion(claimed)!.version;
  // The Node 24 release the API's tests run on in CI (scripts/test-node24.mjs).
  const tested = '24.21.0';

  it('every Node stage of the image runs the LTS line package.json claims', () => {
    const majors = [...read('deploy/Dockerfile').matchAll(/^FROM node:(\d+)-/gm)].map((m) => m[1]);
    expect(majors.length).toBeGreaterThanOrEqual(3);
    expect(majors).toEqual(majors.map(() => String(minVersion(claimed)!.major)));
    expect(read('.nvmrc').trim()).toBe(String(minVersion(claimed)!.major));
  });

  it('no locked dependency refuses a Node version package.json claims (no EBADENGINE)', () => {
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    expect(satisfies(tested, claimed)).toBe(true);
    const refusing = Object.entries(lock.packages)
      .filter(([location, info]) => location !== '' && info.engines && !Array.isArray(info.engines) && info.engines.node)
      .filter(([, info]) => {
        const range = (info.engines as { node: string }).node;
        return !satisfies(lowest, range) || !satisfies(tested, range);
      })
      .map(([location, info]) => `${packageName(location)}@${info.version}`);
    expect(refusing).toEqual([]);
  });
});
