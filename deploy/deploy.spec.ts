import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DEFAULT_REMOTES_MANIFEST } from '../packages/contracts/src/remotes.js';
import { CONFIG_VARIABLES, loadConfig } from '../api/src/config/app-config.js';

const ROOT = join(process.cwd());
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface Service {
  build?: { dockerfile: string; target: string };
  image?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
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
      ALLOW_SIMULATED_PAYMENTS: 'true',
    };
    for (const [, service] of apiReplicas) {
      const env = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), vars)]),
      );
      const config = loadConfig(env);
      expect(config.isProduction).toBe(true);
      expect(config.database).toEqual({ type: 'mysql', url: 'mysql://festival:pw@mysql:3306/festival' });
      expect(config.trustProxy).toBe('uniquelocal');
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
  });

  it('builds both images from targets the Dockerfile defines, with the default remote manifest', () => {
    const dockerfile = read('deploy/Dockerfile');
    for (const target of ['api', 'web']) expect(dockerfile).toMatch(new RegExp(`^FROM .* AS ${target}$`, 'm'));
    expect(JSON.parse(read('deploy/remotes.json'))).toEqual(DEFAULT_REMOTES_MANIFEST);
  });
});

describe('README.md', () => {
  it('lists every environment variable the API reads', () => {
    const readme = read('README.md');
    const missing = CONFIG_VARIABLES.filter((name) => !readme.includes(`| \`${name}\``));
    expect(missing).toEqual([]);
  });
});
