// The bench scripts' shared result format: each script prints its figures and, with
// `--record`, writes `bench/results/<name>.json` (raw figures, date, machine, database,
// options) and `bench/results/<name>.md` (one section of bench/RESULTS.md, assembled by
// bench/run-all.mjs).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { ROOT } from './stand.mjs';

export const RESULTS_DIR = join(ROOT, 'bench', 'results');

/** The machine the figures come from. */
export function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    model: cpus[0]?.model?.trim() ?? 'unknown CPU',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
  };
}

/** `chromium --version`, or null when there is none. */
export function chromiumVersion(path = process.env.CHROMIUM_PATH || '/usr/bin/chromium') {
  try {
    return execFileSync(path, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return null;
  }
}

/** Writes the script's JSON and markdown fragment; returns their paths. */
export function record(name, { database = null, options = {}, figures, markdown }) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const json = join(RESULTS_DIR, `${name}.json`);
  const md = join(RESULTS_DIR, `${name}.md`);
  writeFileSync(json, `${JSON.stringify({ date: new Date().toISOString(), machine: machine(), database, options, figures }, null, 2)}\n`);
  writeFileSync(md, `${markdown.trim()}\n`);
  console.log(`  recorded in ${json} and ${md}`);
  return { json, md };
}

/**
 * The end of a fault script: with `--record`, writes `fault-<name>` (its figures and every check,
 * and the checks as a markdown list), then prints the verdict and exits with the checks' code.
 */
export function finishFault(name, { record: wanted, database, options, figures, checks, started }) {
  if (wanted) {
    record(`fault-${name}`, {
      database,
      options,
      figures: { ...figures, checks: checks.results },
      markdown: [`### ${name}`, '', ...checks.results.map((r) => `- ${r.ok ? '✓' : '✗ **BROKEN**:'} ${r.what}${r.detail ? ` (${r.detail})` : ''}`)].join('\n'),
    });
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`  ${checks.exitCode === 0 ? 'all promises held' : `${checks.broken.length} promise(s) broken`} (${seconds} s)`);
  process.exit(checks.exitCode);
}

/** The command that ran this script, as a reader would type it. */
export function commandLine() {
  const script = process.argv[1].startsWith(ROOT) ? process.argv[1].slice(ROOT.length) : process.argv[1];
  return ['node', script, ...process.argv.slice(2)].join(' ');
}

/** Median and percentile of a list of numbers (nearest rank). */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
export const median = (values) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** A markdown table from a header row and rows of cells. */
export function table(header, rows, align = []) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, i) => (align[i] === 'right' ? '---:' : '---'))), ...rows.map(line)].join('\n');
}

/** "met" or "**not met**" for a target row. */
export const verdict = (ok) => (ok ? 'met' : '**not met**');
