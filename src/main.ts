/**
 * calctl entry: `run(argv)` resolves to an exit code and never calls process.exit.
 * The command tree lives in src/cli/program.ts and is loaded here.
 */
import { processContext } from './cli/context.js';
import { exitCodeOf } from './cli/errors.js';

export async function run(argv: string[]): Promise<number> {
  const controller = new AbortController();
  const ctx = processContext(controller.signal);
  try {
    const { runProgram } = await import('./cli/program.js');
    return await runProgram(argv, ctx, controller);
  } catch (err) {
    ctx.io.stderr.write(`calctl: ${err instanceof Error ? err.message : String(err)}\n`);
    return exitCodeOf(err);
  }
}
