import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { sitePaths } from '@festival/contracts';
import { mountFrontends } from './frontends.js';

const SHELL_HTML = '<!doctype html><html><head><title>Diwali Festival</title></head><body><div id="root"></div></body></html>';

describe('the embedded frontends', () => {
  let staticRoot: string;
  let app: express.Express;

  beforeAll(() => {
    // A built shell without pre-rendered pages: every page gets its index.html.
    staticRoot = mkdtempSync(join(tmpdir(), 'festival-frontends-'));
    mkdirSync(join(staticRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(staticRoot, 'shell', 'dist', 'index.html'), SHELL_HTML);
    app = express();
    mountFrontends(app, staticRoot, undefined);
  });
  afterAll(() => rmSync(staticRoot, { recursive: true, force: true }));

  it("serve the shell with status 200 at every page of the site's route table", async () => {
    expect(sitePaths()).toEqual(expect.arrayContaining(['/', '/diwali-party', '/drinks/checkout', '/admin/bar']));
    for (const path of sitePaths()) {
      const res = await request(app).get(path);
      expect([path, res.status, res.text]).toEqual([path, 200, SHELL_HTML]);
    }
    await request(app).get('/drinks/confirmation?payment_intent=pi_1&redirect_status=succeeded').expect(200);
  });

  it.each(['/nope', '/drinks/nope', '/admin/nope', '/diwali-party/nope', '/drinks/checkout/x', '/admin/'])(
    'serve the shell, which shows its 404 page, with status 404 at %s',
    async (path) => {
      const res = await request(app).get(path).expect(404);
      expect(res.text).toBe(SHELL_HTML);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    },
  );
});
