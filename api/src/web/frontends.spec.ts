import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
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

  it("send a guest to a translated page in their language: the one they chose, else their browser's", async () => {
    const tamilPhone = await request(app).get('/drinks?ticket=abc').set('Accept-Language', 'ta-IN,ta;q=0.9,en;q=0.8').expect(302);
    expect(tamilPhone.headers.location).toBe('/ta/drinks?ticket=abc');
    expect(tamilPhone.headers.vary).toMatch(/^Accept-Language, Cookie/);
    const hindiChoice = await request(app)
      .get('/drinks/checkout')
      .set('Cookie', 'other=1; lang=hi')
      .set('Accept-Language', 'ta')
      .expect(302);
    expect(hindiChoice.headers.location).toBe('/hi/drinks/checkout');
    // English chosen on the switch beats a Tamil browser; a browser naming none of ours gets English.
    await request(app).get('/drinks').set('Cookie', 'lang=en').set('Accept-Language', 'ta').expect(200);
    await request(app).get('/drinks').set('Accept-Language', 'fr-FR,de;q=0.8').expect(200);
    await request(app).get('/drinks').expect(200);
    // The switch's link names the choice, for a browser that follows it before any script runs:
    // remembered in the cookie, and the page in that language, without the parameter.
    const switched = await request(app).get('/ta/drinks?ticket=abc&lang=en').set('Accept-Language', 'ta').expect(302);
    expect(switched.headers.location).toBe('/drinks?ticket=abc');
    expect(switched.headers['set-cookie']).toEqual([expect.stringMatching(/^lang=en; Path=\/; Max-Age=31536000; SameSite=Lax$/)]);
    // A page in a language is served as it is; a page not translated stays English.
    await request(app).get('/hi/drinks').set('Cookie', 'lang=ta').expect(200);
    await request(app).get('/admin/login').set('Accept-Language', 'ta').expect(200);
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

describe('the embedded frontends, pre-compressed', () => {
  const SCRIPT = `export const menu = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Masala chai ${i}`))};\n`;
  const HASHED = '/assets/app-0123abcd.js';
  const ENTRY = '/remotes/drinks-app/remoteEntry.js';
  let staticRoot: string;
  let app: express.Express;
  let server: Server;

  /** A built file and the copies scripts/precompress.mjs writes beside it. */
  const built = (path: string, body: string, copies = true) => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, body);
    if (!copies) return;
    writeFileSync(`${path}.br`, brotliCompressSync(body));
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  };

  beforeAll(async () => {
    staticRoot = mkdtempSync(join(tmpdir(), 'festival-frontends-'));
    built(join(staticRoot, 'shell', 'dist', 'index.html'), SHELL_HTML);
    built(join(staticRoot, 'shell', 'dist', HASHED), SCRIPT);
    built(join(staticRoot, 'shell', 'dist', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
    built(join(staticRoot, 'drinks-app', 'dist', 'remoteEntry.js'), SCRIPT);
    app = express();
    mountFrontends(app, staticRoot, undefined);
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
  });
  afterAll(() => {
    server.close();
    rmSync(staticRoot, { recursive: true, force: true });
  });

  /** The answer as it travels (not decoded), with the given Accept-Encoding. */
  const fetchRaw = (path: string, acceptEncoding: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      const headers = acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {};
      get({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });

  it.each([
    ['br, gzip, deflate', 'br', `${HASHED}.br`],
    ['gzip, deflate, br, zstd', 'br', `${HASHED}.br`],
    ['gzip, deflate', 'gzip', `${HASHED}.gz`],
    ['identity', undefined, HASHED],
    ['', undefined, HASHED],
  ])('send the copy the browser accepts (Accept-Encoding: %s)', async (acceptEncoding, encoding, file) => {
    const res = await fetchRaw(HASHED, acceptEncoding);
    const body = res.body;
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(res.headers['content-length'])).toBe(body.length);
    expect(body.equals(readFileSync(join(staticRoot, 'shell', 'dist', file)))).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keep the cache headers of entries (revalidated) and send files without copies as they are', async () => {
    const entry = await fetchRaw(ENTRY, 'br');
    expect([entry.status, entry.headers['content-encoding'], entry.headers['cache-control']]).toEqual([200, 'br', 'no-cache']);
    const icon = await fetchRaw('/favicon.svg', 'br');
    expect([icon.status, icon.headers['content-encoding'], icon.headers['content-type']]).toEqual([200, undefined, 'image/svg+xml']);
    await request(app).get('/remotes/drinks-app/nope.js').set('Accept-Encoding', 'br').expect(404);
  });

  it('answer a revalidation of a compressed file with 304', async () => {
    const first = await fetchRaw(HASHED, 'br');
    await request(app).get(HASHED).set('Accept-Encoding', 'br').set('If-None-Match', String(first.headers.etag)).expect(304);
  });
});
