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
    return execFileSync(path, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

/**
 * Writes the script's JSON and markdown fragment; returns their paths.
 * @param {string} name
 * @param {{ database?: string | null, options?: object, figures: unknown, markdown: string }} result
 */
export function record(name, { database = null, options = {}, figures, markdown }) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const json = join(RESULTS_DIR, `${name}.json`);
  const md = join(RESULTS_DIR, `${name}.md`);
  writeFileSync(json, `${JSON.stringify({ date: new Date().toISOString(), machine: machine(), database, options, figures }, null, 2)}\n`);
  writeFileSync(md, `${markdown.trim()}\n`);
  console.log(`  recorded in ${json} and ${md}`);
  return { json, md };
}

/** The command that ran this script, as a reader would type it. */
export function commandLine() {
  const script = process.argv[1].startsWith(ROOT) ? process.argv[1].slice(ROOT.length) : process.argv[1];
  return ['node', script, ...process.argv.slice(2)].join(' ');
}

/**
 * A markdown table from a header row and rows of cells.
 * @param {string[]} header
 * @param {string[][]} rows
 * @param {string[]} [align] 'right' for a right-aligned column
 */
export function table(header, rows, align = []) {
  const line = (/** @type {string[]} */ cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, i) => (align[i] === 'right' ? '---:' : '---'))), ...rows.map(line)].join('\n');
}

/** "met" or "**not met**" for a target row. */
export const verdict = (/** @type {boolean} */ ok) => (ok ? 'met' : '**not met**');

/**
 * How many times each value occurs, e.g. `{ "200": 12, "409": 3 }`.
 * @param {(string | number)[]} values
 */
export function countBy(values) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
