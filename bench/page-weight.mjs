// Page weight on the wire: loads each page in Chromium and sums what the browser received, as
// Chromium counts it (DevTools protocol Network events, WireLog in @festival/test-kit): the
// scripts' bodies as they travelled (brotli or gzip, as the server sent them), the same measure
// e2e/tests/budgets.spec.ts enforces, against the budgets and the goals; the stylesheets, the
// page itself, the headers and the largest scripts beside them. Through the embedded server (the
// API process serving the builds, as `npm start` does) and, where nginx is installed, through
// nginx with the project's nginx.conf in front of it.
//   node bench/page-weight.mjs [--url http://127.0.0.1:8080] [--port 8770] [--nginx-port 8775] [--no-nginx] [--record]
// nginx serves HTTPS on --nginx-port (a certificate made for the run), its redirecting plain-HTTP
// server the port after it.
// Without --url it serves the built site itself (build first).
import {
  chromiumArgs,
  networkQuiet,
  runMain,
  SCRIPT_BUDGETS_KIB,
  SCRIPT_GOALS_KIB,
  uncompressedTextFiles,
  WireLog,
  wireBodyBytes,
} from '@festival/test-kit';
import { chromium } from '@playwright/test';
import { commandLine, record, table, verdict } from './lib/results.mjs';
import { nginxVersion, servingModes } from './lib/serving-modes.mjs';
import { createStand, STAFF_PASSWORD } from './lib/stand.mjs';

/** The pages measured; `/admin/door` signed in as staff. */
export const PAGES = ['/', '/drinks', '/diwali-party', '/admin/login', '/admin/door'];
const STAFF_PAGES = new Set(['/admin/door']);
const KIB = 1024;
/** A remote's entry: every page loads its remote's, and the pre-rendered pages only once painted. */
const REMOTE_ENTRY = /\/remotes\/[^/]+\/remoteEntry\.js$/;

/**
 * @typedef {import('@festival/test-kit').WireFile} WireFile
 * @typedef {{ bytes: number, files: number, headerBytes: number }} WireSum
 * @typedef {{ path: string, requests: number, scripts: WireSum, stylesheets: WireSum, documents: WireSum, encodings: Record<string, number>, uncompressed: string[], largest: { url: string, bytes: number, encoding: string }[] }} PageWeight
 */

/** @param {WireFile[]} files @returns {WireSum} */
const sum = (files) => ({ bytes: wireBodyBytes(files), files: files.length, headerBytes: files.reduce((s, f) => s + f.headerBytes, 0) });

/**
 * Loads one page in a fresh context (no cache, service workers blocked: the door page's worker
 * copies the page's files with requests of its own) until its remote's entry has arrived and
 * the network has been quiet for half a second.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} baseUrl
 * @param {string} path
 * @param {{ ignoreHTTPSErrors?: boolean }} [options] `ignoreHTTPSErrors` for the stand's nginx (a self-signed certificate)
 * @returns {Promise<PageWeight>}
 */
export async function measurePage(browser, baseUrl, path, { ignoreHTTPSErrors = false } = {}) {
  const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block', ignoreHTTPSErrors });
  try {
    if (STAFF_PAGES.has(path)) {
      const login = await context.request.post('/api/admin/login', { data: { password: STAFF_PASSWORD } });
      if (!login.ok()) throw new Error(`staff login answered ${login.status()}`);
    }
    const page = await context.newPage();
    const log = new WireLog();
    const cdp = await context.newCDPSession(page);
    await log.listenTo(cdp);
    await page.goto(path);
    for (let waited = 0; !log.files.some((f) => REMOTE_ENTRY.test(new URL(f.url).pathname)); waited += 100) {
      if (waited > 30_000) throw new Error(`${path} loaded no remote entry within 30 s`);
      await page.waitForTimeout(100);
    }
    await networkQuiet(log);
    const scripts = log.ofType('Script');
    /** @type {Record<string, number>} */
    const encodings = {};
    for (const f of log.files) encodings[f.encoding ?? 'identity'] = (encodings[f.encoding ?? 'identity'] ?? 0) + 1;
    return {
      path,
      requests: log.files.length,
      scripts: sum(scripts),
      stylesheets: sum(log.ofType('Stylesheet')),
      documents: sum(log.ofType('Document')),
      encodings,
      uncompressed: uncompressedTextFiles(log.files).map((f) => new URL(f.url).pathname),
      largest: [...scripts]
        .sort((a, b) => b.bodyBytes - a.bodyBytes)
        .slice(0, 5)
        .map((f) => ({ url: new URL(f.url).pathname, bytes: f.bodyBytes, encoding: f.encoding ?? 'identity' })),
    };
  } finally {
    await context.close();
  }
}

/**
 * @param {string} baseUrl
 * @param {{ ignoreHTTPSErrors?: boolean }} [options]
 */
export async function measureAll(baseUrl, options = {}) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: chromiumArgs });
  try {
    const results = [];
    for (const path of PAGES) results.push(await measurePage(browser, baseUrl, path, options));
    return results;
  } finally {
    await browser.close();
  }
}

const kib = (/** @type {number} */ n) => `${(n / KIB).toFixed(1)} KiB`;

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

/** @param {number} bytes @param {number | undefined} limitKib */
const against = (bytes, limitKib) =>
  limitKib === undefined
    ? '—'
    : `${limitKib} KiB: ${verdict(bytes <= limitKib * KIB)}${bytes > limitKib * KIB ? ` (${kib(bytes - limitKib * KIB)} over)` : ''}`;

/**
 * @param {{ server: string, pages: PageWeight[] }[]} runs
 * @param {string} command
 */
function markdown(runs, command) {
  const sections = runs.map(({ server, pages }) => {
    const rows = pages.map((r) => [
      `\`${r.path}\``,
      kib(r.scripts.bytes),
      String(r.scripts.files),
      against(r.scripts.bytes, SCRIPT_BUDGETS_KIB[r.path]),
      against(r.scripts.bytes, SCRIPT_GOALS_KIB[r.path]),
      kib(r.stylesheets.bytes),
      kib(r.documents.bytes),
      kib(r.scripts.headerBytes + r.stylesheets.headerBytes + r.documents.headerBytes),
      Object.entries(r.encodings)
        .map(([encoding, n]) => `${encoding} ${n}`)
        .join(', '),
    ]);
    const largest = pages
      .map((r) => `- \`${r.path}\`: ${r.largest.map((f) => `${fileLabel(f.url)} ${kib(f.bytes)}`).join(', ')}`)
      .join('\n');
    const uncompressed = pages.flatMap((r) => r.uncompressed.map((url) => `\`${r.path}\` ${url}`));
    return `### ${server}

${table(['Page', 'Script', 'Files', 'Budget', 'Goal', 'CSS', 'HTML', 'Headers', 'Responses by encoding'], rows, [
  '',
  'right',
  'right',
  '',
  '',
  'right',
  'right',
  'right',
])}

Largest scripts (as they travelled):

${largest}

Text files (pages, scripts, stylesheets) over 1 KiB sent uncompressed: ${uncompressed.length ? uncompressed.join(', ') : 'none'}.`;
  });
  return `## Page weight (\`page-weight.mjs\`)

Bytes each page downloads in Chromium until its scripts have run and the network has been quiet
half a second, as Chromium counts them on the wire (DevTools protocol: \`Network.loadingFinished\`'s
\`encodedDataLength\` minus \`Network.responseReceived\`'s, that is each body as it travelled,
compressed when the server sent br or gzip; headers in their own column). Fresh browser context
per page, no cache, service workers blocked; \`/admin/door\` signed in as staff. **Script** is
what the budgets count: \`/\` ≤ 125 KiB, \`/drinks\` ≤ 130 KiB, \`/diwali-party\` ≤ 150 KiB,
\`/admin/login\` ≤ 260 KiB, \`/admin/door\` ≤ 250 KiB; goals \`/\` ≤ 110 KiB and \`/drinks\` ≤ 115 KiB; no
antd or charts outside \`/admin\` (the e2e spec). \`e2e/tests/budgets.spec.ts\` enforces them through both
servers.

**Command:** \`${command}\`

${sections.join('\n\n')}

### Reading the numbers

- The bytes are what a phone downloads before the page can run; on a slow mobile link every
  10 KiB costs about 60 ms of transfer, and the uncompressed size costs parsing on top.
- The builds' files travel as their brotli copies (quality 11) from both servers; the pages the
  API renders are compressed per request (brotli quality 4). A page over its budget is listed as
  **not met** with the excess; the largest scripts are where to look first.`;
}

await runMain(
  {
    script: import.meta.url,
    options: {
      url: { type: 'string' },
      port: { type: 'string', default: '8770' },
      'nginx-port': { type: 'string', default: '8775' },
      'no-nginx': { type: 'boolean', default: false },
      record: { type: 'boolean', default: false },
    },
    // Without --url, the built site served the production way.
    stand: async (args) => (args.url ? undefined : createStand({ db: 'sqlite', prefix: 'festival-weight-' })),
  },
  async ({ args, stand }) => {
    const servers = (await servingModes(stand, args)).map(({ via, url }) => ({
      server:
        via === 'url'
          ? url
          : via === 'embedded'
            ? 'Embedded server (`npm start`)'
            : `nginx (${nginxVersion()}, the project's nginx.conf, HTTPS) in front of it`,
      url,
      // nginx over HTTPS (HTTP/2), with the certificate the stand made for the run.
      ignoreHTTPSErrors: via === 'nginx',
    }));
    const runs = [];
    for (const { server, url, ignoreHTTPSErrors } of servers) {
      const pages = await measureAll(url, { ignoreHTTPSErrors });
      runs.push({ server, pages });
      console.log(server);
      for (const r of pages) {
        console.log(
          `  ${r.path}: script ${kib(r.scripts.bytes)} in ${r.scripts.files} files (budget ${SCRIPT_BUDGETS_KIB[r.path] ?? '-'} KiB), CSS ${kib(r.stylesheets.bytes)}, HTML ${kib(r.documents.bytes)}, ${r.requests} responses`,
        );
        for (const f of r.largest) console.log(`    ${kib(f.bytes).padStart(10)}  ${f.encoding.padEnd(8)} ${f.url}`);
      }
    }
    if (args.record) {
      const figures = runs.map(({ server, pages }) => ({
        server,
        pages: pages.map((r) => ({ ...r, budgetKiB: SCRIPT_BUDGETS_KIB[r.path] ?? null, goalKiB: SCRIPT_GOALS_KIB[r.path] ?? null })),
      }));
      record('page-weight', { database: 'SQLite (embedded)', options: args, figures, markdown: markdown(runs, commandLine()) });
    }
  },
);
