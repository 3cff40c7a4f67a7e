// Page weight: loads each page in Chromium through the production server and records the JS
// and CSS it downloads (raw and gzip), the request count and the largest files.
//   node bench/page-weight.mjs [baseUrl]        (default: starts the built site on a free port)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const PAGES = ['/', '/diwali-party', '/drinks', '/admin/login'];
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Measures one page: every script and stylesheet the browser downloaded until the network was idle. */
export async function measurePage(browser, baseUrl, path) {
  const page = await browser.newPage();
  const files = [];
  let requests = 0;
  page.on('request', () => (requests += 1));
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      const body = await response.body();
      files.push({ url: new URL(response.url()).pathname, type: type === 'script' ? 'js' : 'css', raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    } catch {
      // a response without a body (redirect) has nothing to weigh
    }
  });
  await page.goto(baseUrl + path);
  await page.waitForLoadState('networkidle');
  await page.close();
  const sum = (type, key) => files.filter((f) => f.type === type).reduce((total, f) => total + f[key], 0);
  return {
    path,
    requests,
    js: { raw: sum('js', 'raw'), gzip: sum('js', 'gzip'), files: files.filter((f) => f.type === 'js').length },
    css: { raw: sum('css', 'raw'), gzip: sum('css', 'gzip'), files: files.filter((f) => f.type === 'css').length },
    largest: [...files].sort((a, b) => b.gzip - a.gzip).slice(0, 5),
    files,
    urls: files.map((f) => f.url),
  };
}

async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), 'festival-weight-'));
  const port = 8600 + Math.floor(Math.random() * 200);
  const child = spawn(process.execPath, ['api/dist/main.js'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', STATIC_ROOT: ROOT, SQLITE_PATH: join(dir, 'w.sqlite'), LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, stop: () => { child.kill(); rmSync(dir, { recursive: true, force: true }); } };
}

export async function measureAll(baseUrl) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ARGS });
  try {
    const results = [];
    for (const path of PAGES) results.push(await measurePage(browser, baseUrl, path));
    return results;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = process.argv[2] ? { url: process.argv[2], stop() {} } : await startServer();
  try {
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    for (const r of await measureAll(server.url)) {
      console.log(`${r.path}: JS ${kb(r.js.gzip)} gzip (${kb(r.js.raw)} raw, ${r.js.files} files), CSS ${kb(r.css.gzip)} gzip, ${r.requests} requests`);
      for (const f of r.largest) console.log(`    ${kb(f.gzip).padStart(9)}  ${f.url}`);
    }
  } finally {
    server.stop();
  }
}
