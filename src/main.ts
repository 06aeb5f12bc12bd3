/**
 * calctl entry: `run(argv)` resolves to an exit code and never calls process.exit.
 * The command tree lives in src/cli/program.ts and is loaded here. SIGINT and SIGTERM abort the
 * run's controller: requests and prompts stop, `serve` shuts down; a second signal kills at once.
 */

import { runProgram } from './cli/program.js';
import { exitCodeOf } from './errors/index.js';
import { type Context, processContext } from './io/context.js';

export async function run(argv: string[]): Promise<number> {
  const controller = new AbortController();
  const ctx = processContext(controller.signal);
  const onSignal = (signal: NodeJS.Signals) => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    controller.abort(new Error(signal));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const restoreStdout = ownStdoutErrors();
  try {
    return await runInContext(argv, ctx, controller);
  } finally {
    restoreStdout();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/**
 * One run in a context that is given, with nothing of the process touched (no signal handlers, no
 * stdout listeners): what `run` does between them, and what tests call to run the CLI in-process.
 */
export async function runInContext(argv: string[], ctx: Context, controller: AbortController): Promise<number> {
  try {
    return await runProgram(argv, ctx, controller);
  } catch (err) {
    ctx.io.stderr.write(`calctl: ${err instanceof Error ? err.message : String(err)}\n`);
    return exitCodeOf(err);
  }
}

/**
 * While a run lasts, write errors on stdout are the run's to report (runProgram: a closed pipe ends
 * quietly, a full disk is one line on stderr and exit 1). Listeners installed before, such as the
 * launcher's, are set aside meanwhile: one that rethrows would turn ENOSPC into a stack trace, one
 * that exits would skip closing the local calendar. runProgram waits for stdout to flush before it
 * returns, so no write error is left to come after.
 */
function ownStdoutErrors(): () => void {
  const stdout = process.stdout;
  const before = stdout.listeners('error') as ((err: Error) => void)[];
  for (const listener of before) stdout.off('error', listener);
  const quiet = () => {}; // runProgram installs the listener that records the failure
  stdout.on('error', quiet);
  return () => {
    stdout.off('error', quiet);
    for (const listener of before) stdout.on('error', listener);
  };
}
