// Lighthouse on the production build: the npm `lighthouse` package driving Debian's Chromium
// with its default configuration (the mobile preset: a Moto G Power-sized screen, simulated
// slow 4G and a 4× slower CPU), a few runs per page, median of each figure.
//   node bench/lighthouse.mjs [--runs 3] [--url http://127.0.0.1:8080] [--port 8771] [--record]
// Without --url it serves the built site the production way on 127.0.0.1 (build first).
// The pages are the ones guests open: the landing page, the party page, and the drinks menu
// (what the drinks QR code at the party opens: `/drinks`, no table or query parameters).
import { createRequire } from 'node:module';
import { median, runMain } from '@festival/test-kit';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { lcpText, shiftText } from './lib/lighthouse-text.mjs';
import { chromiumVersion, commandLine, record, table, verdict } from './lib/results.mjs';
import { servingModes } from './lib/serving-modes.mjs';
import { createStand } from './lib/stand.mjs';

export const PAGES = ['/', '/diwali-party', '/drinks'];
export const EMBEDDED = 'embedded server';
export const THROUGH_NGINX = 'through nginx, HTTPS';
export const TARGETS = { performance: 98, accessibility: 95, lcpMs: 2000, cls: 0.05 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const LIGHTHOUSE_VERSION = createRequire(import.meta.url)('lighthouse/package.json').version;

/**
 * The parts of an audit's details the figures read (Lighthouse's own type is a union of every kind).
 * @typedef {{ items?: { phase?: string, timing?: number, score?: number, node?: { selector?: string, snippet?: string, nodeLabel?: string }, items?: { node?: { selector: string, nodeLabel: string } }[], subItems?: { items?: { cause: string }[] } }[] }} AuditDetails
 */

/**
 * One Lighthouse run of one page: the four scores (0-100) and the three metrics.
 * @param {number} port
 * @param {string} url
 */
async function audit(port, url) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (/** @type {string} */ id) =>
    lhr.categories[id]?.score === null || lhr.categories[id]?.score === undefined ? NaN : Math.round(lhr.categories[id].score * 100);
  const metric = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? NaN;
  const failing = (/** @type {string} */ id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
      .map((ref) => lhr.audits[ref.id].id);
  // What the largest paint was and where its time went; what moved and why.
  const details = (/** @type {string} */ id) => /** @type {AuditDetails | undefined} */ (lhr.audits[id]?.details);
  const lcpDetails = details('largest-contentful-paint-element')?.items ?? [];
  const lcpNode = lcpDetails[0]?.items?.[0]?.node;
  const phases = Object.fromEntries(
    /** @type {{ phase: string, timing: number }[]} */ (lcpDetails[1]?.items ?? []).map((p) => [p.phase, Math.round(p.timing)]),
  );
  const shifts = (details('layout-shifts')?.items ?? [])
    .filter((item) => (item.score ?? 0) >= 0.001)
    .slice(0, 3)
    .map((item) => ({
      selector: item.node?.selector ?? item.node?.snippet ?? '?',
      score: item.score ?? 0,
      causes: [...new Set((item.subItems?.items ?? []).map((c) => c.cause))],
    }));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: metric('largest-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbtMs: metric('total-blocking-time'),
    fcpMs: metric('first-contentful-paint'),
    failing: {
      performance: failing('performance'),
      accessibility: failing('accessibility'),
      bestPractices: failing('best-practices'),
      seo: failing('seo'),
    },
    warnings: lhr.runWarnings ?? [],
    lcpElement: lcpNode ? { selector: lcpNode.selector, label: lcpNode.nodeLabel, phases } : null,
    shifts,
  };
}

/**
 * Lighthouse sometimes fails to record a trace on a loaded machine (NO_NAVSTART, NO_FCP): such
 * a run is tried again, up to twice, and said so.
 * @param {number} port
 * @param {string} url
 */
async function auditWithRetries(port, url, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(port, url);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`  ${url}: ${error instanceof Error ? error.message : error}; trying again`);
    }
  }
}

/**
 * @typedef {Awaited<ReturnType<typeof audit>>} Sample
 * @typedef {Awaited<ReturnType<typeof runLighthouse>>[number]} PageResult
 */

/** @param {string} baseUrl */
export async function runLighthouse(baseUrl, { runs = 3, pages = PAGES, chromeFlags = /** @type {string[]} */ ([]) } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    // Root has no user namespace sandbox here; the runs load only this machine's own pages.
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', ...chromeFlags],
    logLevel: 'error',
  });
  try {
    const results = [];
    for (const path of pages) {
      /** @type {Sample[]} */
      const samples = [];
      for (let i = 0; i < runs; i += 1) {
        const sample = await auditWithRetries(chrome.port, baseUrl + path);
        console.log(
          `  ${path} run ${i + 1}: performance ${sample.performance}, accessibility ${sample.accessibility}, best practices ${sample.bestPractices}, SEO ${sample.seo}; LCP ${(sample.lcpMs / 1000).toFixed(2)} s, CLS ${sample.cls.toFixed(3)}, TBT ${sample.tbtMs.toFixed(0)} ms`,
        );
        samples.push(sample);
      }
      const mid = (/** @type {'performance' | 'accessibility' | 'bestPractices' | 'seo' | 'lcpMs' | 'cls' | 'tbtMs' | 'fcpMs'} */ key) =>
        median(samples.map((s) => s[key]));
      results.push({
        path,
        runs,
        performance: mid('performance'),
        accessibility: mid('accessibility'),
        bestPractices: mid('bestPractices'),
        seo: mid('seo'),
        lcpMs: mid('lcpMs'),
        cls: mid('cls'),
        tbtMs: mid('tbtMs'),
        fcpMs: mid('fcpMs'),
        // What held a score below 90 % in the last run, to read with the figures.
        failing: samples[samples.length - 1].failing,
        lcpElement: samples[samples.length - 1].lcpElement,
        shifts: samples[samples.length - 1].shifts,
        warnings: [...new Set(samples.flatMap((s) => s.warnings))],
        samples: samples.map(({ failing, warnings, lcpElement, shifts, ...s }) => ({
          ...s,
          failingCount: Object.values(failing).flat().length,
          warningCount: warnings.length,
          shiftCount: shifts.length,
          lcpSelector: lcpElement?.selector ?? null,
        })),
      });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}

/**
 * Each target per page: [what, figure, met].
 * @param {PageResult & { server?: string }} r
 * @returns {[what: string, figure: string, met: boolean][]}
 */
export function targetsOf(r) {
  const where = r.server ? ` (${r.server})` : '';
  return [
    [`${r.path}${where} performance ≥ ${TARGETS.performance}`, String(r.performance), r.performance >= TARGETS.performance],
    [`${r.path}${where} LCP ≤ ${(TARGETS.lcpMs / 1000).toFixed(1)} s`, `${(r.lcpMs / 1000).toFixed(2)} s`, r.lcpMs <= TARGETS.lcpMs],
    [`${r.path}${where} CLS ≤ ${TARGETS.cls}`, r.cls.toFixed(3), r.cls <= TARGETS.cls],
    [`${r.path}${where} accessibility ≥ ${TARGETS.accessibility}`, String(r.accessibility), r.accessibility >= TARGETS.accessibility],
  ];
}

/**
 * @param {(PageResult & { server?: string })[]} results
 * @param {{ command: string, runs: number, chromium: string | null }} run
 */
function markdown(results, { command, runs, chromium }) {
  const cell = (/** @type {boolean} */ ok, /** @type {string} */ text) => (ok ? text : `**${text}**`);
  const rows = results.map((r) => [
    `\`${r.path}\`${r.server ? ` (${r.server})` : ''}`,
    cell(r.performance >= TARGETS.performance, String(r.performance)),
    cell(r.accessibility >= TARGETS.accessibility, String(r.accessibility)),
    String(r.bestPractices),
    String(r.seo),
    cell(r.lcpMs <= TARGETS.lcpMs, `${(r.lcpMs / 1000).toFixed(2)} s`),
    cell(r.cls <= TARGETS.cls, r.cls.toFixed(3)),
    `${Math.round(r.tbtMs)} ms`,
    `${(r.fcpMs / 1000).toFixed(2)} s`,
  ]);
  const targetRows = results.flatMap(targetsOf).map(([what, figure, ok]) => [what, figure, verdict(ok)]);
  const misses = results.flatMap((r) =>
    Object.entries(r.failing)
      .filter(([, ids]) => ids.length > 0)
      .map(([category, ids]) => `\`${r.path}\`${r.server ? ` (${r.server})` : ''} ${category}: ${ids.map((id) => `\`${id}\``).join(', ')}`),
  );
  const warnings = [...new Set(results.flatMap((r) => r.warnings))];
  return `## Lighthouse (\`lighthouse.mjs\`)

Lighthouse ${LIGHTHOUSE_VERSION} (npm) driving ${chromium ?? 'Chromium'} headless, default configuration: the mobile
preset with simulated throttling (slow 4G, 4× CPU slowdown), against the production build served
the production way (one API process serving the shell and remotes, NODE_ENV=production, SQLite),
and through nginx with the project's nginx.conf in front of that process where nginx is installed.
Each figure is the median of ${runs} runs per page. \`/drinks\` is what the party's drinks QR code
opens (no table or query parameters). Bold: a target missed.

**Command:** \`${command}\`

${table(['Page', 'Performance', 'Accessibility', 'Best practices', 'SEO', 'LCP', 'CLS', 'TBT', 'FCP'], rows, ['', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'])}

${table(['Target', 'Figure (median)', 'Status'], targetRows)}

### Reading the numbers

- The performance score is computed from simulated timings: Lighthouse loads the page
  unthrottled and projects the trace onto a slow phone on slow 4G, so LCP here is what a
  mid-range phone on a weak mobile link would see, not the time on this machine. It moves with
  the JS a page needs before it can paint its main content (see the page weight section).
- TBT is main-thread work longer than 50 ms between the first paint and interactivity, again
  projected at 4× CPU slowdown: large bundles parsed at start show here.
- The largest paint and the layout shifts in the last run (where LCP's time went: TTFB, then
  the delay and time to load its resource, then the render delay until it was drawn):
${results.map((r) => `  - \`${r.path}\`${r.server ? ` (${r.server})` : ''}: ${lcpText(r)}; ${shiftText(r)}`).join('\n')}
- Audits scoring under 90 % in the last run (what to fix first for a missed score):
${misses.length ? misses.map((m) => `  - ${m}`).join('\n') : '  - none'}
${warnings.length ? `- Lighthouse warned: ${warnings.map((w) => w.replace(/\s+/g, ' ')).join('; ')}` : ''}`;
}

await runMain(
  {
    script: import.meta.url,
    options: {
      runs: { type: 'string', default: '3' },
      url: { type: 'string' },
      port: { type: 'string', default: '8771' },
      'nginx-port': { type: 'string', default: '8776' },
      'no-nginx': { type: 'boolean', default: false },
      record: { type: 'boolean', default: false },
    },
    // Without --url, the built site served the production way, and nginx in front of it.
    stand: async (args) => (args.url ? undefined : createStand({ db: 'sqlite', prefix: 'festival-lighthouse-' })),
  },
  async ({ args, stand }) => {
    const servers = (await servingModes(stand, args)).map((mode) => ({
      server: mode.via === 'url' ? mode.url : mode.via === 'embedded' ? EMBEDDED : THROUGH_NGINX,
      url: mode.url,
      // nginx: HTTPS with the certificate the stand made for the run, which Chromium takes as valid by its key.
      chromeFlags: mode.via === 'nginx' ? [`--ignore-certificate-errors-spki-list=${mode.spkiSha256}`] : undefined,
    }));
    const runs = Number(args.runs);
    /** @type {(PageResult & { server: string })[]} */
    const results = [];
    for (const { server, url, chromeFlags } of servers) {
      console.log(`Lighthouse ${LIGHTHOUSE_VERSION}, mobile preset, ${runs} run(s) per page on ${url} (${server})`);
      for (const r of await runLighthouse(url, { runs, chromeFlags })) {
        console.log(
          `${r.path}: performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r.bestPractices}, SEO ${r.seo}; LCP ${(r.lcpMs / 1000).toFixed(2)} s, CLS ${r.cls.toFixed(3)}, TBT ${Math.round(r.tbtMs)} ms (medians)`,
        );
        for (const [what, figure, ok] of targetsOf(r)) console.log(`  ${ok ? 'met    ' : 'NOT MET'} ${what}: ${figure}`);
        results.push({ ...r, server });
      }
    }
    if (args.record) {
      record('lighthouse', {
        database: 'SQLite (embedded)',
        options: { ...args, lighthouse: LIGHTHOUSE_VERSION, preset: 'mobile (default config)', throttling: 'simulated (default)' },
        figures: results,
        markdown: markdown(results, { command: commandLine(), runs, chromium: chromiumVersion() }),
      });
    }
  },
);
