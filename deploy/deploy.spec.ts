import { generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DEFAULT_REMOTES_MANIFEST, findSiteRoute, prerenderedRoutes, sitePaths } from '../packages/contracts/src/remotes.js';
import { CONFIG_VARIABLES, loadConfig } from '../api/src/config/app-config.js';

const ROOT = join(process.cwd());
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface Service {
  build?: { dockerfile: string; target: string; args?: Record<string, string> };
  image?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  networks?: Record<string, { ipv4_address?: string }>;
}

/** Compose's `${VAR:?message}` / `${VAR:-default}` interpolation, with the given variables. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_m, name: string, op?: string, arg?: string) => {
    if (vars[name] !== undefined && vars[name] !== '') return vars[name];
    if (op === '?') throw new Error(`${name} is required: ${arg}`);
    return op === '-' ? (arg ?? '') : '';
  });
}

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
  const services = compose.services;
  const apiReplicas = Object.entries(services).filter(([, s]) => s.build?.target === 'api');

  it('runs MySQL 8, at least two API replicas, nginx and a mail catcher', () => {
    expect(services.mysql.image).toMatch(/^mysql:8/);
    expect(apiReplicas.length).toBeGreaterThanOrEqual(2);
    expect(services.nginx.build?.target).toBe('web');
    expect(services.nginx.volumes).toContain('./nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(services.mailcatcher.image).toBeDefined();
  });

  it('points nginx at every API replica by its service name', () => {
    const upstream = /upstream festival_api \{([^}]*)\}/.exec(read('nginx.conf'))?.[1] ?? '';
    for (const [name] of apiReplicas) expect(upstream).toContain(`server ${name}:8080`);
  });

  it('gives each replica a configuration the API accepts in production', () => {
    const vars = {
      PUBLIC_URL: 'https://festival.example',
      MYSQL_PASSWORD: 'pw',
      ADMIN_PASSWORD: 'staff-password',
      SESSION_SECRET: 'a-session-secret-of-at-least-32-chars',
      TICKET_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
      ALLOW_SIMULATED_PAYMENTS: 'true',
    };
    for (const [, service] of apiReplicas) {
      const env = Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), vars)]));
      const config = loadConfig(env);
      expect(config.isProduction).toBe(true);
      expect(config.database).toEqual({ type: 'mysql', url: 'mysql://festival:pw@mysql:3306/festival' });
      // Trusts nginx's fixed address alone, never a whole private range a client could be in.
      expect(config.trustProxy).toBe(services.nginx.networks?.default?.ipv4_address);
      expect(config.trustProxy).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      expect(service.depends_on?.mysql.condition).toBe('service_healthy');
    }
  });

  it('passes the replicas only variables the API knows', () => {
    for (const [, service] of apiReplicas) {
      expect(Object.keys(service.environment ?? {}).filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
    }
  });

  it('refuses to start without the secrets', () => {
    const env = services['api-1'].environment ?? {};
    expect(() => interpolate(String(env.ADMIN_PASSWORD), {})).toThrow(/ADMIN_PASSWORD is required/);
    expect(() => interpolate(String(env.TICKET_SIGNING_KEY), {})).toThrow(/TICKET_SIGNING_KEY is required/);
  });

  it("builds the pages nginx serves with the site's public address, in one build stage for both images", () => {
    // The pre-rendered landing page names it in its link-preview tags (scripts/prerender.mjs).
    const dockerfile = read('deploy/Dockerfile');
    const buildStage = dockerfile.slice(dockerfile.indexOf('AS build'), dockerfile.indexOf('AS api'));
    expect(buildStage.indexOf('ARG PUBLIC_URL')).toBeGreaterThan(0);
    expect(buildStage.indexOf('ARG PUBLIC_URL')).toBeLessThan(buildStage.indexOf('scripts/build.mjs'));
    for (const service of [services.nginx, ...apiReplicas.map(([, s]) => s)]) {
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

describe('nginx.conf micro-cache', () => {
  const conf = read('nginx.conf');
  const all = locations(conf);
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
    expect(routes.filter((path) => reads.test(path)).sort()).toEqual(['/api/drinks', '/api/party-ticket-stats', '/api/site']);
    for (const near of [
      '/api/site/',
      '/api/drinks/mango-lassi',
      '/api/drink-tab/abc',
      '/api/party-tickets',
      '/api/admin/drinks',
      '/api/analytics',
    ]) {
      expect(reads.test(near)).toBe(false);
    }
    const rendered = patternOf(pages![0]);
    expect(sitePaths().filter((path) => rendered.test(path))).toEqual(prerenderedRoutes().map((route) => route.path));
    for (const near of ['/diwali-party/', '/drinks/', '/drinks/checkout', '/x/drinks', '/api/site', '/index.html']) {
      expect(rendered.test(near)).toBe(false);
    }
  });

  it('keeps answers one second, one refresh at a time, GET and HEAD only, never with a cookie, one entry per path', () => {
    for (const [, body] of cached) {
      const lines = cacheDirectives(body);
      expect(lines).toEqual(
        expect.arrayContaining([
          'proxy_cache_methods GET HEAD;',
          'proxy_cache_valid 200 1s;',
          'proxy_cache_lock on;',
          'proxy_cache_revalidate on;',
          'proxy_cache_bypass $http_cookie;',
          'proxy_no_cache $http_cookie;',
        ]),
      );
      expect(lines.find((l) => l.startsWith('proxy_cache_use_stale'))).toMatch(/\bupdating\b/);
      expect(lines.find((l) => l.startsWith('proxy_cache_key'))).toBe('proxy_cache_key $request_method$host$uri;');
      expect(lines.some((l) => l.startsWith('proxy_cache_valid') && !l.startsWith('proxy_cache_valid 200 1s'))).toBe(false);
    }
    expect(cacheDirectives(pages![1])).toEqual(cacheDirectives(hotReads![1]));
    expect(conf).toMatch(/proxy_cache_path \S+ .*keys_zone=festival_micro:/);
  });

  it('proxies the hot reads exactly as the rest of /api/, and caches nothing else', () => {
    const api = directives(all.get('/api/') ?? '');
    expect(api).toEqual(['proxy_pass http://festival_api;']);
    expect(directives(hotReads![1]).filter((l) => !cacheDirectives(hotReads![1]).includes(l))).toEqual(api);
    expect(conf.match(/^\s*proxy_cache\s/gm)).toHaveLength(2);
  });

  it("sets the proxied requests' headers once for the whole server, and no location drops the server's hidden headers", () => {
    const server = directives(conf);
    for (const header of ['Host $http_host', 'X-Forwarded-For $remote_addr', 'X-Forwarded-Proto $scheme', 'X-Request-Id $request_id']) {
      expect(server).toContain(`proxy_set_header ${header};`);
    }
    // A location's own proxy_set_header or proxy_hide_header list replaces the server's whole list.
    const serverHidden = conf
      .slice(0, conf.indexOf('location '))
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
});

describe("nginx.conf and the build's compressed copies", () => {
  const conf = read('nginx.conf');
  const server = conf.slice(conf.indexOf('server {'));
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

  it('builds the web image on Debian with nginx, the brotli module and the snippet where nginx.conf reads it', () => {
    expect(webStage).toMatch(/^FROM debian:bookworm\S* AS web$/m);
    expect(webStage).toMatch(/apt-get install [^\n]*\bnginx\b[^\n]*\blibnginx-mod-http-brotli-static\b/);
    const copy = /^COPY deploy\/nginx\/festival-brotli-static\.conf (\S+)$/m.exec(webStage)?.[1] ?? '';
    expect(copy).toBe('/etc/nginx/snippets/festival-brotli-static.conf');
    expect(new RegExp(`^${brotliInclude!.replace(/[.]/g, '\\.').replace('*', '.*')}$`).test(copy)).toBe(true);
    expect(read('.ci/run')).toMatch(/libnginx-mod-http-brotli-static/);
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
  const all = locations(conf);
  const tryFiles = (path: string) => directives(all.get(nginxLocation(all, path)) ?? '').find((l) => l.startsWith('try_files '));
  /** `map $uri $prerendered_page`: the build's file of each pre-rendered page. */
  const prerenderedFiles = new Map(
    [...(/map \$uri \$prerendered_page \{([^}]*)\}/.exec(conf)?.[1] ?? '').matchAll(/^\s*(\S+)\s+(\S+);/gm)].map((m) => [m[1], m[2]]),
  );

  it('serves every page of the table: pre-rendered ones rendered by the API, else their build file; the others the shell', () => {
    expect(sitePaths().length).toBeGreaterThan(10);
    expect(directives(all.get('@prerendered') ?? '')).toEqual(['try_files $prerendered_page /index.html =404;']);
    for (const path of sitePaths()) {
      const route = findSiteRoute(path);
      if (route?.path === path && route.prerendered) {
        const lines = directives(all.get(nginxLocation(all, path)) ?? '');
        expect([path, lines]).toEqual([
          path,
          expect.arrayContaining([
            'proxy_pass http://festival_api;',
            'proxy_intercept_errors on;',
            'error_page 404 500 502 503 504 = @prerendered;',
          ]),
        ]);
        expect([path, prerenderedFiles.get(path)]).toEqual([path, `/prerendered/${path === '/' ? 'index' : path.slice(1)}.html`]);
      } else {
        expect([path, tryFiles(path)]).toEqual([path, 'try_files /index.html =404;']);
      }
    }
    expect(prerenderedFiles.size).toBe(prerenderedRoutes().length);
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
    ];
    for (const path of unknown) {
      expect(findSiteRoute(path)).toBeUndefined();
      const files = tryFiles(path);
      // No page is tried: the request ends in the 404, which error_page answers with the shell.
      expect([path, files?.endsWith(' =404;') && !files.includes('.html')]).toEqual([path, true]);
    }
  });
});

describe('README.md', () => {
  it('lists every environment variable the API reads', () => {
    const readme = read('README.md');
    const missing = CONFIG_VARIABLES.filter((name) => !readme.includes(`| \`${name}\``));
    expect(missing).toEqual([]);
  });
});
