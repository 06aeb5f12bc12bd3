/** Reading a command line before commander does: the `@name` shorthand and the words naming commands. */
import type { Command } from 'commander';

/**
 * `calctl @prod events list` → `calctl --profile prod events list` (WP-CLI style). Only a leading
 * `@name` is taken, so an `@file` value later in the line is never touched.
 */
export function expandProfileShorthand(argv: readonly string[]): string[] {
  const [first, ...rest] = argv;
  if (first !== undefined && /^@[A-Za-z0-9_.-]+$/.test(first)) return ['--profile', first.slice(1), ...rest];
  return [...argv];
}

/**
 * The words of a command line that name commands (`events list`, `serve users add`): the global options
 * before them (`--profile prod` from `@prod`, `-o json`) and their values left out, as commander reads
 * them (an option with an optional value takes the next word unless it starts with `-`), up to the first
 * option after them.
 */
export function commandWords(program: Command, argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') break;
    if (!arg.startsWith('-') || arg === '-') {
      out.push(arg);
      continue;
    }
    // (the command's own options follow its words: only the words up to the first of them count)
    if (out.length > 0) break;
    if (arg.includes('=')) continue;
    const option = program.options.find((o) => o.long === arg || o.short === arg);
    const next = argv[i + 1];
    if (option?.required || (option?.optional && next !== undefined && !next.startsWith('-'))) i++;
  }
  return out;
}
