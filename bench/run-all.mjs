#!/usr/bin/env node
// `npm run bench`: every benchmark in order, on one private MariaDB (or TEST_DATABASE_URL), then
// bench/RESULTS.md assembled from their fragments (bench/results/<name>.md) with a header (date,
// machine, versions, the commands) and a table of the targets: met, or not met and why.
//   node bench/run-all.mjs [--quick] [--only lighthouse,contention] [--mariadb-port 3314]
// --quick runs short versions (fewer runs, 200,000 events) to check the scripts work; its
// RESULTS.md says so at the top. --only prints its report and leaves RESULTS.md (the record of
// one whole run) as it is. Build first (`npm run build`; `npm run bench` does it).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { lcpText, shiftText } from './lib/lighthouse-text.mjs';
import { chromiumVersion, machine, RESULTS_DIR, table } from './lib/results.mjs';
import { mariadbVersion, ROOT } from './lib/stand.mjs';

const { values: opts } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    'mariadb-port': { type: 'string', default: '3314' },
    'step-minutes': { type: 'string', default: '30' },
  },
});
const quick = opts.quick;

/** The pages `npm run build` pre-rendered (scripts/prerender.mjs lists them in pages.json). */
const prerenderedPaths = () => Object.keys(JSON.parse(readFileSync(join(ROOT, 'shell/dist-prerender/pages.json'), 'utf8')).pages);

/**
 * The steps, in order: [name, script, arguments, arguments with --quick].
 * @type {[name: string, script: string, args: string[], quickArgs: string[]][]}
 */
const STEPS = [
  ['page-weight', 'bench/page-weight.mjs', ['--record'], ['--record']],
  ['lighthouse', 'bench/lighthouse.mjs', ['--runs', '3', '--record'], ['--runs', '1', '--record']],
  [
    'production-path',
    'bench/production-path.mjs',
    ['--record'],
    ['--rounds', '2', '--ingest-seconds', '5', '--buyers', '400', '--left', '40', '--drop-seconds', '10', '--record'],
  ],
  [
    'analytics-queries-sqlite',
    'bench/analytics-queries.mjs',
    ['--database', 'sqlite', '--record'],
    ['--database', 'sqlite', '--events', '200000', '--orders', '2000', '--runs', '3', '--page-loads', '1', '--record'],
  ],
  [
    'analytics-queries-mysql',
    'bench/analytics-queries.mjs',
    ['--database', 'mysql', '--record'],
    ['--database', 'mysql', '--events', '200000', '--orders', '2000', '--runs', '3', '--page-loads', '1', '--record'],
  ],
  ['door', 'bench/door.mjs', ['--record'], ['--seconds', '10', '--record']],
  ['qr-decode', 'bench/qr-decode.mjs', ['--record'], ['--codes', '20', '--record']],
  ['contention', 'bench/contention.mjs', ['--db', 'mysql,sqlite', '--record'], ['--db', 'mysql,sqlite', '--record']],
];
const only = opts.only ? new Set(opts.only.split(',')) : null;
const steps = STEPS.filter(([name, script]) => (!only || only.has(name)) && existsSync(join(ROOT, script)));
const skipped = STEPS.filter(([name, script]) => (!only || only.has(name)) && !existsSync(join(ROOT, script))).map(([name]) => name);

/**
 * @param {string} script
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<{ code: number, seconds: number }>}
 */
function run(script, args, env) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, env, stdio: 'inherit', detached: true });
    const timer = setTimeout(
      () => {
        console.error(`${script} ran over ${opts['step-minutes']} minutes: stopping it`);
        try {
          process.kill(-(child.pid ?? 0), 'SIGTERM');
        } catch {
          // already gone
        }
      },
      Number(opts['step-minutes']) * 60_000,
    );
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 });
    });
  });
}

/**
 * A script's recorded results (its JSON in bench/results/), or null.
 * @param {string} name
 * @returns {{ figures: unknown } | null}
 */
const readJson = (name) => {
  const file = join(RESULTS_DIR, `${name}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
};

function osName() {
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1];
    return `${pretty ?? 'Linux'} (kernel ${machine().os.split(' ')[1]})`;
  } catch {
    return machine().os;
  }
}

function sqliteVersion() {
  try {
    return `SQLite ${execFileSync(
      process.execPath,
      ['-e', "const D=require('better-sqlite3');console.log(new D(':memory:').prepare('select sqlite_version() v').get().v)"],
      { cwd: join(ROOT, 'api') },
    )
      .toString()
      .trim()} (better-sqlite3)`;
  } catch {
    return 'SQLite (better-sqlite3)';
  }
}

// ---------------------------------------------------------------------------------------------
// The performance targets (bench/README.md), read from the scripts' JSON figures.

/**
 * The recorded figures this page reads.
 * @typedef {{ server: string, pages: { path: string, budgetKiB: number | null, goalKiB: number | null, scripts: { bytes: number } }[] }[]} WeightFigures
 * @typedef {(import('./lighthouse.mjs').PageResult & { server?: string })[]} LighthouseFigures
 * @typedef {{ events: number, database: string, orders: { total: number }, queries: { name: string, median: number }[], dashboard: { load: { median: number, frameMedian: number }, together: { median: number } } }} ScaleFigures
 * @typedef {{ runs: { database: string, left: number, buyers: number, holds: number, soldOut: number, other: number, medianMs: number, p99Ms: number }[], checks: import('./lib/stand.mjs').CheckResult[] }} ContentionFigures
 * @typedef {{ targets?: { target: string, figure: string | number, met: boolean, why?: string }[] }} OtherFigures
 */

const fmtMs = (/** @type {number} */ n) => `${n.toFixed(0)} ms`;
const row = (/** @type {string} */ target, /** @type {string} */ figure, /** @type {boolean | null} */ met, why = '') => [
  target,
  figure,
  met === null ? '**not measured**' : met ? 'met' : '**not met**',
  met === true ? '' : why,
];

/**
 * @param {Set<string>} fresh the results written by this run
 * @param {string[]} failed the steps that failed
 */
function targetRows(fresh, failed) {
  /** @type {string[][]} */
  const rows = [];
  /** @type {Record<string, string>} */
  const TARGETS_OF = {
    'page-weight': 'Page weight budgets (script on the wire)',
    lighthouse: 'Lighthouse: performance ≥ 98, LCP ≤ 2.0 s, CLS ≤ 0.05, accessibility ≥ 95',
    'analytics-queries-mysql': 'Scale on MariaDB: reports under 200 ms, dashboard first load under 2 s',
    contention: 'Contention: exactly 100 holds for 500 buyers',
  };
  for (const name of failed) {
    if (TARGETS_OF[name] && !fresh.has(name)) rows.push(row(TARGETS_OF[name], '', null, `\`${name}\` failed in this run: see its output.`));
  }
  const weight = fresh.has('page-weight') && /** @type {{ figures: WeightFigures } | null} */ (readJson('page-weight'));
  if (weight) {
    // Script bytes as they travelled (page-weight.mjs), through each server measured.
    for (const { server, pages } of weight.figures) {
      const where = server.startsWith('nginx') ? 'through nginx' : 'embedded server';
      for (const p of pages) {
        for (const [kind, limit] of /** @type {const} */ ([
          ['budget', p.budgetKiB],
          ['goal', p.goalKiB],
        ])) {
          if (!limit) continue;
          const over = p.scripts.bytes - limit * 1024;
          rows.push(
            row(
              `Page weight (${kind}): \`${p.path}\` script at most ${limit} KiB on the wire (${where})`,
              `${(p.scripts.bytes / 1024).toFixed(1)} KiB`,
              over <= 0,
              `${(over / 1024).toFixed(1)} KiB over; the largest scripts are listed in the page weight section`,
            ),
          );
        }
      }
    }
  }
  const lh = fresh.has('lighthouse') && /** @type {{ figures: LighthouseFigures } | null} */ (readJson('lighthouse'));
  // Pages drawn by their scripts (not pre-rendered) wait for the shell, the federation runtime
  // and the remote, one after the other, before their first paint.
  const prerendered = prerenderedPaths();
  const scriptDrawn = (/** @type {{ path: string }} */ p) =>
    prerendered.includes(p.path)
      ? ''
      : ` This page is not pre-rendered: its first paint waits for the shell, the federation runtime and the remote in turn; pre-rendering it, as for ${prerendered.map((path) => `\`${path}\``).join(', ')}, is the next step.`;
  if (lh) {
    for (const p of lh.figures) {
      const where = p.server ? ` (${p.server})` : '';
      const failing = (/** @type {keyof typeof p.failing} */ category) =>
        p.failing[category].length ? ` Audits below 90 %: ${p.failing[category].join(', ')}.` : '';
      rows.push(
        row(
          `Lighthouse \`${p.path}\`${where}: performance at least 98`,
          String(p.performance),
          p.performance >= 98,
          `FCP ${(p.fcpMs / 1000).toFixed(2)} s, LCP ${(p.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(p.tbtMs)} ms, CLS ${p.cls.toFixed(3)} under the mobile preset.${failing('performance')}${scriptDrawn(p)}`,
        ),
      );
      rows.push(
        row(
          `Lighthouse \`${p.path}\`${where}: LCP at most 2.0 s`,
          `${(p.lcpMs / 1000).toFixed(2)} s`,
          p.lcpMs <= 2000,
          `${lcpText(p)}: a long render delay is the element waiting for the page's scripts (and fonts) over the simulated slow link; see page weight.${scriptDrawn(p)}`,
        ),
      );
      rows.push(row(`Lighthouse \`${p.path}\`${where}: CLS at most 0.05`, p.cls.toFixed(3), p.cls <= 0.05, `${shiftText(p)}.`));
      rows.push(
        row(
          `Lighthouse \`${p.path}\`${where}: accessibility at least 95`,
          String(p.accessibility),
          p.accessibility >= 95,
          `${failing('accessibility')}`,
        ),
      );
    }
  }
  const scale =
    fresh.has('analytics-queries-mysql') && /** @type {{ figures: ScaleFigures } | null} */ (readJson('analytics-queries-mysql'));
  if (scale) {
    const f = scale.figures;
    const scope = `${(f.events / 1e6).toFixed(f.events >= 1e6 ? 0 : 1)} M events, ${f.orders.total.toLocaleString('en-US')} orders, ${f.database}`;
    /** @type {Record<string, string>} */
    const targeted = {
      funnel: 'funnel',
      'events, first page': 'event page (first)',
      'events, deep page': 'event page (deep)',
      'events, header (summary)': 'event dialog header',
      attribution: 'attribution',
      'funnel, two weeks': 'funnel with an event and two weeks',
      'events, first page, two weeks': 'event page with an event and two weeks',
      'events, header (summary), two weeks': 'event dialog header with an event and two weeks',
      'attribution, two weeks': 'attribution with an event and two weeks',
    };
    for (const q of f.queries.filter((x) => targeted[x.name])) {
      const why = q.name.startsWith('attribution')
        ? 'read from the page views and conversions counted per source, medium and campaign as the events are stored (`analytics_attribution`, a few rows): the time is the round trip and the answer, not the number of events.'
        : 'the query reads every matching index entry (see its plan in the data at scale section); it grows with the number of events.';
      rows.push(row(`Scale (${scope}): ${targeted[q.name]} under 200 ms`, fmtMs(q.median), q.median < 200, why));
    }
    const load = f.dashboard.load;
    rows.push(
      row(
        `Scale (${scope}): dashboard first load under 2 s`,
        `${(load.median / 1000).toFixed(2)} s`,
        load.median < 2000,
        `${(load.frameMedian / 1000).toFixed(2)} s of it pass before the dashboard's frame shows (loading and starting the admin app's code); the eight calls the page makes as it opens take, together, ${fmtMs(f.dashboard.together.median)}.`,
      ),
    );
  }
  const contention = fresh.has('contention') && /** @type {{ figures: ContentionFigures } | null} */ (readJson('contention'));
  if (contention) {
    for (const r of contention.figures.runs) {
      const held = contention.figures.checks.filter((c) => c.what.startsWith(`${r.database}:`));
      rows.push(
        row(
          `Contention (${r.database}): exactly ${r.left} holds for ${r.buyers} buyers, the rest told it is sold out`,
          `${r.holds} holds, ${r.soldOut} sold out, ${r.other} other; median ${fmtMs(r.medianMs)}, p99 ${fmtMs(r.p99Ms)}`,
          held.every((c) => c.ok),
          held
            .filter((c) => !c.ok)
            .map((c) => c.what)
            .join('; '),
        ),
      );
    }
  }
  // Any other script may list its own targets in its JSON: figures.targets = [{ target, figure, met, why }].
  for (const name of fresh) {
    if (['page-weight', 'lighthouse', 'analytics-queries-mysql', 'analytics-queries-sqlite', 'contention'].includes(name)) continue;
    const targets = /** @type {{ figures: OtherFigures } | null} */ (readJson(name))?.figures?.targets;
    // (A script may keep its target values under the same name, as an object: those are not rows.)
    for (const t of Array.isArray(targets) ? targets : []) rows.push(row(t.target, String(t.figure), t.met, t.why ?? ''));
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------

const runStarted = Date.now();
const env = { ...process.env };
let mariadbDir;
/** @type {{ name: string, command: string, code: number, seconds: number }[]} */
const results = [];
let exitCode = 0;
try {
  if (!env.TEST_DATABASE_URL) {
    mariadbDir = join(mkdtempSync(join(tmpdir(), 'festival-bench-')), 'mariadb');
    execFileSync('chmod', ['755', join(mariadbDir, '..')]);
    env.TEST_DATABASE_URL = execFileSync('bash', ['scripts/mariadb.sh', 'start', mariadbDir], {
      cwd: ROOT,
      env: { ...process.env, MARIADB_PORT: opts['mariadb-port'] },
    })
      .toString()
      .trim()
      .split('\n')
      .pop();
    console.log(`MariaDB for this run: ${env.TEST_DATABASE_URL}`);
  }
  for (const [name, script, args, quickArgs] of steps) {
    const used = quick ? quickArgs : args;
    console.log(`\n=== ${name}: node ${script} ${used.join(' ')}`);
    const result = await run(script, used, env);
    results.push({ name, command: `node ${script} ${used.join(' ')}`, ...result });
    if (result.code !== 0) exitCode = 1;
  }
} finally {
  if (mariadbDir) {
    try {
      execFileSync('bash', ['scripts/mariadb.sh', 'stop', mariadbDir], { cwd: ROOT });
    } catch {
      // already stopped
    }
    rmSync(join(mariadbDir, '..'), { recursive: true, force: true });
  }
}

// The fragments written by this run.
const fresh = new Set(
  (existsSync(RESULTS_DIR) ? readdirSync(RESULTS_DIR) : [])
    .filter((f) => f.endsWith('.md') && statSync(join(RESULTS_DIR, f)).mtimeMs >= runStarted)
    .map((f) => f.slice(0, -3)),
);

const m = machine();
const header = `# Benchmark results

Written by \`npm run bench\` (\`bench/run-all.mjs\`) from the fragments each benchmark recorded in
\`bench/results/\`; every figure below was measured in this one run.${quick ? '\n\n> **Quick run** (`--quick`): short options to check that the scripts work, on a machine that may be busy. These are not the recorded figures.' : ''}

- **Date:** ${new Date(runStarted).toISOString().replace('T', ' ').slice(0, 16)} UTC (the run took ${((Date.now() - runStarted) / 60000).toFixed(0)} minutes)
- **Machine:** ${m.model}, ${m.cpus} cores, ${m.memoryGiB} GiB RAM; ${osName()}
- **Software:** Node ${m.node}; ${chromiumVersion() ?? 'no Chromium found'}; ${mariadbVersion()} (private server started by \`scripts/mariadb.sh\`: default settings apart from \`innodb_flush_log_at_trx_commit=2\`)${process.env.TEST_DATABASE_URL ? ' (TEST_DATABASE_URL was set: the given server)' : ''}; ${sqliteVersion()}
- **Commands** (after \`npm run build\`; \`npm run bench\` runs them all):

  \`\`\`sh
${results.map((r) => `  ${r.command}${r.code === 0 ? '' : `   # FAILED (exit code ${r.code})`}`).join('\n')}
  \`\`\`
${skipped.length ? `\n  Not run (script not in this checkout): ${skipped.join(', ')}.\n` : ''}${
  results.some((r) => r.code !== 0)
    ? `\n**Failed:** ${results
        .filter((r) => r.code !== 0)
        .map((r) => `\`${r.name}\` (exit code ${r.code}; a broken promise or an error: see its output)`)
        .join(', ')}.\n`
    : ''
}
## Targets

${table(
  ['Target', 'Figure', 'Status', 'Why not yet'],
  targetRows(
    fresh,
    results.filter((r) => r.code !== 0).map((r) => r.name),
  ),
)}
`;

const order = [...results.map((r) => r.name), ...[...fresh].filter((n) => !results.some((r) => r.name === n)).sort()];
const fragments = order.filter((n) => fresh.has(n)).map((n) => readFileSync(join(RESULTS_DIR, `${n}.md`), 'utf8').trim());
const report = `${header}\n${fragments.join('\n\n')}\n`;
if (only) {
  // RESULTS.md is the record of one whole run: a partial run prints its report and leaves the
  // record as it is (its own fragments in bench/results/ are updated).
  console.log(`\n${report}`);
  console.log(`Partial run (--only): bench/RESULTS.md left as it was${exitCode ? '; some benchmarks FAILED' : ''}`);
} else {
  writeFileSync(join(ROOT, 'bench', 'RESULTS.md'), report);
  console.log(`\nbench/RESULTS.md written (${fragments.length} sections)${exitCode ? '; some benchmarks FAILED' : ''}`);
}
process.exit(exitCode);
