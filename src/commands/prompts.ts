/**
 * Interactive prompts (@inquirer/prompts, loaded lazily). They draw on stderr so stdout keeps only
 * data; Ctrl-C inside a prompt becomes an InterruptedError (exit 130) and nothing is written.
 */

import { InterruptedError } from '../errors/index.js';
import type { Context } from '../io/context.js';

/** Maps the prompt library's cancellation errors to ours; everything else passes through. */
export function mapPromptError(err: unknown): unknown {
  const name = err instanceof Error ? err.name : '';
  if (name === 'ExitPromptError' || name === 'AbortPromptError' || name === 'CancelPromptError') {
    return new InterruptedError('cancelled');
  }
  return err;
}

function promptContext(ctx: Context) {
  return { input: ctx.io.stdin, output: ctx.io.stderr, signal: ctx.signal, clearPromptOnDone: false };
}

async function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw mapPromptError(err);
  }
}

/** A yes/no question (default no). */
export async function askConfirm(ctx: Context, message: string): Promise<boolean> {
  const { confirm } = await import('@inquirer/prompts');
  return guard(() => confirm({ message, default: false }, promptContext(ctx)));
}

/** A line of text; `validate` returns an error message or true. */
export async function askInput(
  ctx: Context,
  message: string,
  opts: { default?: string; validate?: (value: string) => boolean | string | Promise<boolean | string> } = {},
): Promise<string> {
  const { input } = await import('@inquirer/prompts');
  return guard(() => input({ message, ...opts }, promptContext(ctx)));
}

/** A hidden secret (shown as stars). */
export async function askSecret(ctx: Context, message: string): Promise<string> {
  const { password } = await import('@inquirer/prompts');
  return guard(() => password({ message, mask: '*' }, promptContext(ctx)));
}
