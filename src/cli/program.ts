import type { Context } from './context.js';

/** Placeholder until the command tree lands: prints usage. */
export async function runProgram(argv: string[], ctx: Context, _controller: AbortController): Promise<number> {
  ctx.io.stderr.write(`calctl: command tree not built yet (${argv.join(' ')})\n`);
  return 2;
}
