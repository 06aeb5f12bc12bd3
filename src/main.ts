/**
 * calctl entry: `run(argv)` resolves to an exit code and never calls process.exit.
 * The command tree lives in src/cli/program.ts and is loaded here. SIGINT and SIGTERM abort the
 * run's controller: requests and prompts stop, `serve` shuts down; a second signal kills at once.
 */
import { processContext } from './cli/context.js';
import { exitCodeOf } from './cli/errors.js';
import { runProgram } from './cli/program.js';

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
  try {
    return await runProgram(argv, ctx, controller);
  } catch (err) {
    ctx.io.stderr.write(`calctl: ${err instanceof Error ? err.message : String(err)}\n`);
    return exitCodeOf(err);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
