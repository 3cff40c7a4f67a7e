// Page weight: loads each page in Chromium through the production server and records the JS
// and CSS it downloads (raw and gzip), the request count and the largest files.
//   node bench/page-weight.mjs [--url http://127.0.0.1:8080] [--port 8770] [--record]
// Without --url it serves the built site the production way on 127.0.0.1 (build first).
import { gzipSync } from 'node:zlib';
import { runMain } from '@festival/test-kit';
import { chromium } from '@playwright/test';
import { commandLine, record, table, verdict } from './lib/results.mjs';
import { createStand } from './lib/stand.mjs';

export const PAGES = ['/', '/diwali-party', '/drinks', '/admin/login'];
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/**
 * Gzipped JS budgets (bytes), the same as e2e/tests/budgets.spec.ts.
 * @type {Record<string, number>}
 */
export const JS_BUDGETS = { '/': 150 * 1024, '/drinks': 170 * 1024 };

/**
 * @typedef {{ url: string, type: 'js' | 'css', raw: number, gzip: number }} WeighedFile
 */

/**
 * Measures one page: every script and stylesheet the browser downloaded until the network was idle.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} baseUrl
 * @param {string} path
 */
export async function measurePage(browser, baseUrl, path) {
  const page = await browser.newPage();
  /** @type {WeighedFile[]} */
  const files = [];
  let requests = 0;
  page.on('request', () => (requests += 1));
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      const body = await response.body();
      files.push({
        url: new URL(response.url()).pathname,
        type: type === 'script' ? 'js' : 'css',
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      });
    } catch {
      // a response without a body (redirect) has nothing to weigh
    }
  });
  await page.goto(baseUrl + path);
  await page.waitForLoadState('networkidle');
  await page.close();
  const sum = (/** @type {'js' | 'css'} */ type, /** @type {'raw' | 'gzip'} */ key) =>
    files.filter((f) => f.type === type).reduce((total, f) => total + f[key], 0);
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

/** @param {string} baseUrl */
export async function measureAll(baseUrl) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const results = [];
    for (const path of PAGES) results.push(await measurePage(browser, baseUrl, path));
    return results;
  } finally {
    await browser.close();
  }
}

const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KB`;

/** A built file's name for people: a shared package by its name, else the file without its hash. */
/** @param {string} url */
export function fileLabel(url) {
  const name = url.split('/').pop() ?? url;
  const shared = /__loadShare__(.+?)__loadShare__/.exec(name)?.[1];
  if (shared)
    return `shared ${shared
      .replace(/_mf_0_/g, '@')
      .replace(/_mf_1_/g, '/')
      .replace(/_mf_2_/g, '-')
      .replace(/^_+/, '')}`;
  const remote = /^\/remotes\/([^/]+)\//.exec(url)?.[1];
  return `${remote ? `${remote} ` : ''}${name.replace(/-[\w-]{8}\.(js|css)$/, '.$1')}`;
}

/**
 * @param {Awaited<ReturnType<typeof measureAll>>} results
 * @param {string} command
 */
function markdown(results, command) {
  const rows = results.map((r) => {
    const budget = JS_BUDGETS[r.path];
    const budgetCell =
      budget === undefined
        ? 'none set'
        : `${kb(budget)}: ${verdict(r.js.gzip <= budget)}${r.js.gzip > budget ? ` (${kb(r.js.gzip - budget)} over)` : ''}`;
    return [`\`${r.path}\``, kb(r.js.gzip), kb(r.js.raw), kb(r.css.gzip), String(r.requests), budgetCell];
  });
  const home = results.find((r) => r.path === '/');
  return `## Page weight (\`page-weight.mjs\`)

JavaScript and CSS each page downloads in Chromium through the production server (the API
process serving the builds with NODE_ENV=production, as \`npm start\` does), until the network
is idle; gzip at level 9 of each file as served. Budgets (gzipped JS), also enforced by
\`e2e/tests/budgets.spec.ts\`: \`/\` at most 150 KB, \`/drinks\` at most 170 KB; no antd or
charts outside \`/admin\`.

**Command:** \`${command}\`

${table(['Page', 'JS gzip', 'JS raw', 'CSS gzip', 'Requests', 'Budget'], rows, ['', 'right', 'right', 'right', 'right'])}

Largest files on \`/\` (gzip): ${home ? home.largest.map((f) => `${fileLabel(f.url)} ${kb(f.gzip)}`).join(', ') : 'n/a'}.

### Reading the numbers

- The bytes are what a phone downloads before the page can run; on a slow mobile link every
  10 KB of gzipped JS costs about 60 ms of transfer and more of parsing. \`/admin/login\` carries
  antd and has no budget: only staff load it.
- A page over its budget is listed as **not met** with the excess; the largest files above are
  where to look first.`;
}

await runMain(
  {
    script: import.meta.url,
    options: { url: { type: 'string' }, port: { type: 'string', default: '8770' }, record: { type: 'boolean', default: false } },
    // Without --url, the built site served the production way.
    stand: async (args) => (args.url ? undefined : createStand({ db: 'sqlite', prefix: 'festival-weight-' })),
  },
  async ({ args, stand }) => {
    const baseUrl = args.url ?? (await stand?.startSite({ port: Number(args.port) }))?.url ?? '';
    const results = await measureAll(baseUrl);
    for (const r of results) {
      console.log(
        `${r.path}: JS ${kb(r.js.gzip)} gzip (${kb(r.js.raw)} raw, ${r.js.files} files), CSS ${kb(r.css.gzip)} gzip, ${r.requests} requests`,
      );
      for (const f of r.largest) console.log(`    ${kb(f.gzip).padStart(9)}  ${f.url}`);
    }
    if (args.record) {
      const figures = results.map((r) => ({
        path: r.path,
        requests: r.requests,
        js: r.js,
        css: r.css,
        largest: r.largest,
        budget: JS_BUDGETS[r.path] ?? null,
      }));
      record('page-weight', { database: 'SQLite (embedded)', options: args, figures, markdown: markdown(results, commandLine()) });
    }
  },
);
