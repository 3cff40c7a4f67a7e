import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { registeredRoutes } from './support/routes.js';
import { deviceCookie, managerCookie } from './support/staff.js';
import { createTestApp, TEST_DATABASE, type TestApp } from './support/test-app.js';

const PASSWORD = 'marigold-lanterns-2025';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

interface Operation {
  security: { staffSession?: string[] }[];
  'x-staff-roles': string[];
  requestBody?: { content: { 'application/json': { schema: { $ref: string } } } };
  parameters: { name: string; in: string; required: boolean }[];
  responses: Record<string, unknown>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
}

/**
 * The document validated as OpenAPI by @seriousme/openapi-schema-validator's own command, in a
 * plain Node process (the package is ESM with `import.meta`, which Jest's CommonJS can't load).
 */
async function validateOpenApi(document: unknown): Promise<{ valid: boolean; errors?: unknown }> {
  const require = createRequire(__filename);
  const cli = join(dirname(require.resolve('@seriousme/openapi-schema-validator/package.json')), 'bin/validate-api-cli.js');
  const dir = mkdtempSync(join(tmpdir(), 'festival-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const { stdout } = await promisify(execFile)(process.execPath, [cli, file]).catch((error: { stdout: string }) => ({
      stdout: error.stdout,
    }));
    return JSON.parse(stdout) as { valid: boolean; errors?: unknown };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe(`GET /api/docs on ${TEST_DATABASE}`, () => {
  let t: TestApp;
  let manager: string;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: PASSWORD, LOGIN_ATTEMPTS_PER_15_MINUTES: '100' });
    manager = await managerCookie(t, PASSWORD);
    doc = (
      await t.http
        .get('/api/docs')
        .set('Cookie', manager)
        .expect(200)
        .expect('Content-Type', /application\/json/)
    ).body as OpenApiDocument;
  });
  afterAll(() => t.close());

  it('is for staff: a guest gets 401, a door device gets the document', async () => {
    expect((await t.http.get('/api/docs').expect(401)).body).toEqual({ message: 'Staff login required' });
    const door = await deviceCookie(t, manager, 'Door docs', 'door');
    expect((await t.http.get('/api/docs').set('Cookie', door).expect(200)).body).toEqual(doc);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validateOpenApi(doc);
    expect(result).toEqual({ valid: true });
  });

  it('lists every route the app has, and nothing more', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => METHODS.includes(method))
        .map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    // A route can appear twice in Express's stack (a body parser mounted on it): once is enough.
    const registered = [...new Set(registeredRoutes(t.app).map((r) => `${r.method} ${r.path}`))];
    expect(registered.length).toBeGreaterThan(40);
    expect(documented.sort()).toEqual(registered.sort());
  });

  it('says who may call each route, as the controllers declare it', () => {
    expect(doc.paths['/api/site'].get).toMatchObject({ security: [], 'x-staff-roles': [] });
    expect(doc.paths['/api/orders'].get).toMatchObject({ security: [{ staffSession: [] }], 'x-staff-roles': ['manager'] });
    expect(doc.paths['/api/admin/bar/orders/{id}'].patch['x-staff-roles']).toEqual(['manager', 'bar']);
    expect(doc.paths['/api/admin/check-ins'].post['x-staff-roles']).toEqual(['manager', 'door']);
    expect(doc.paths['/api/docs'].get['x-staff-roles']).toEqual(['manager', 'door', 'bar']);
    expect(Object.keys(doc.paths['/api/campaigns/{id}'].delete.responses)).toContain('204');
    expect(Object.keys(doc.paths['/api/party-quote'].post.responses)).toEqual(expect.arrayContaining(['200', '400']));
  });

  it('describes requests with the zod contracts', () => {
    const quote = doc.paths['/api/party-quote'].post.requestBody!.content['application/json'].schema.$ref;
    const schema = doc.components.schemas[quote.replace('#/components/schemas/', '')];
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual(['adultTickets', 'childTickets', 'items', 'promoCode']);
    expect(doc.paths['/api/admin/check-ins/search'].get.parameters).toEqual([
      expect.objectContaining({ name: 'q', in: 'query', required: true }),
    ]);
    expect(doc.paths['/api/campaigns/{id}/send'].post.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    ]);
  });
});
