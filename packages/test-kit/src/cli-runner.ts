// The skeleton every bench script shares: run only when started as a script (so it can also be
// imported), parse the options, start what it runs against, run it, stop what was started
// however it ended, and exit with its code.
//   await runMain({ script: import.meta.url, options: { db: { type: 'string', default: 'sqlite' } }, stand: (args) => createStand(args) },
//     async ({ args, stand }) => { …; return exitCode; });
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';

export type CliOptions = NonNullable<ParseArgsConfig['options']>;
/** The parsed values of a script's options, typed from their declaration. */
export type CliArgs<O extends CliOptions> = ReturnType<typeof parseArgs<{ options: O; strict: true }>>['values'];

/** Something a script starts and must stop at its end (the bench stand, a server). */
export interface Stoppable {
  stop(): Promise<void>;
}

/** A wrong command line: the script prints the message and exits 2, without a stack trace. */
export class UsageError extends Error {}

export interface CliSpec<O extends CliOptions, S extends Stoppable | undefined> {
  /** The script's `import.meta.url`. */
  script: string;
  options: O;
  /** Starts what the script runs against; stopped once `main` has ended, however it ended. */
  stand?: (args: CliArgs<O>) => Promise<S>;
}

export interface CliContext<O extends CliOptions, S extends Stoppable | undefined> {
  args: CliArgs<O>;
  stand: S;
}

/** Whether node was started with the file at `script` (a module URL). */
export function isEntryPoint(script: string): boolean {
  return process.argv[1] !== undefined && pathToFileURL(resolve(process.argv[1])).href === script;
}

/**
 * Runs `main` when `spec.script` is the file node was started with, and exits with the code it
 * returns (0 when it returns none). An unknown or malformed option, or a UsageError, exits 2
 * with its message; any other error is printed and exits 1. The stand is stopped first either way.
 */
export async function runMain<const O extends CliOptions, S extends Stoppable | undefined = undefined>(
  spec: CliSpec<O, S>,
  main: (context: CliContext<O, S>) => Promise<number | void>,
): Promise<void> {
  if (!isEntryPoint(spec.script)) return;
  let stand: S | undefined;
  let code: number;
  try {
    const args = parseArgs({ options: spec.options, strict: true }).values;
    stand = await spec.stand?.(args);
    code = (await main({ args, stand: stand as S })) ?? 0;
  } catch (error) {
    const usage =
      error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
    console.error(usage ? (error as Error).message : error);
    code = usage ? 2 : 1;
  } finally {
    await stand?.stop();
  }
  process.exit(code);
}
