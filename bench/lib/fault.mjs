// The frame of a fault script, on top of the bench command-line runner: the checks printed as
// they are made, an error counted as the broken promise "the fault script ran to the end", an
// optional time limit, and at the end, with `--record`, `results/fault-<name>` (the figures and
// every check, and the checks as a markdown list), the verdict, and the checks' exit code.
//   await runFault({ script: import.meta.url, options, title, name, stand }, async ({ args, stand, checks, figures }) => { … });
import { runMain } from '@festival/test-kit';
import { record } from './results.mjs';
import { createChecks } from './stand.mjs';

/** The options every fault script takes: the database, the API build to run, and `--record`. */
export const FAULT_OPTIONS = /** @type {const} */ ({
  db: { type: 'string', default: 'mysql' },
  'api-entry': { type: 'string', default: 'api/dist/main.js' },
  record: { type: 'boolean', default: false },
});

/**
 * @template {import('@festival/test-kit').CliOptions & { record: { type: 'boolean' } }} O
 * @typedef {object} FaultSpec
 * @property {string} script the script's `import.meta.url`
 * @property {O} options
 * @property {(args: import('@festival/test-kit').CliArgs<O>) => string} title printed before the checks
 * @property {(args: import('@festival/test-kit').CliArgs<O>) => string} name of the recorded results: `fault-<name>`
 * @property {(args: import('@festival/test-kit').CliArgs<O>) => Promise<import('./stand.mjs').Stand>} stand
 * @property {(args: import('@festival/test-kit').CliArgs<O>) => number} [limitSeconds] past it, everything is stopped and the script fails
 */

/**
 * @template {import('@festival/test-kit').CliOptions & { record: { type: 'boolean' } }} O
 * @param {FaultSpec<O>} spec
 * @param {(context: { args: import('@festival/test-kit').CliArgs<O>, stand: import('./stand.mjs').Stand, checks: import('./stand.mjs').Checks, figures: Record<string, unknown> }) => Promise<void>} main
 */
export function runFault(spec, main) {
  return runMain({ script: spec.script, options: spec.options, stand: spec.stand }, async ({ args, stand }) => {
    const started = Date.now();
    const checks = createChecks(spec.title(args));
    /** @type {Record<string, unknown>} */
    const figures = {};
    const limit = spec.limitSeconds?.(args);
    const watchdog =
      limit === undefined
        ? undefined
        : setTimeout(() => {
            checks.check(false, `the fault script finished within ${limit} s`);
            void stand.stop().then(() => process.exit(1));
          }, limit * 1000);
    try {
      await main({ args, stand, checks, figures });
    } catch (error) {
      console.error(error);
      checks.check(false, 'the fault script ran to the end', String(error instanceof Error ? error.message : error));
    } finally {
      clearTimeout(watchdog);
    }
    if (/** @type {{ record?: boolean }} */ (args).record) {
      record(`fault-${spec.name(args)}`, {
        database: stand.database.label,
        options: args,
        figures: { ...figures, checks: checks.results },
        markdown: [
          `### ${spec.name(args)}`,
          '',
          ...checks.results.map((r) => `- ${r.ok ? '✓' : '✗ **BROKEN**:'} ${r.what}${r.detail ? ` (${r.detail})` : ''}`),
        ].join('\n'),
      });
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`  ${checks.exitCode === 0 ? 'all promises held' : `${checks.broken.length} promise(s) broken`} (${seconds} s)`);
    return checks.exitCode;
  });
}
