/**
 * Walks the whole command tree: every option of every command, given on a command line after the
 * command's name, reaches that command's handler (the handlers are replaced by spies, so nothing runs
 * and nothing reaches a network), and every global option given after any command reaches the
 * globals. An option swallowed by a parent command that declares the same flag (commander gives it to
 * the parent) fails here.
 */
import { PassThrough } from 'node:stream';
import type { Argument, Command, Option } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import type { CliRuntime } from '../../src/commands/types.js';
import type { Context } from '../../src/io/context.js';

const sink = () => new PassThrough().resume();
const ctx: Context = {
  io: { stdout: sink(), stderr: sink(), stdin: new PassThrough() },
  env: {},
  now: () => new Date('2026-06-15T12:00:00Z'),
  cwd: '/',
  home: '/nonexistent',
  signal: new AbortController().signal,
};
const noRuntime = (): CliRuntime => {
  throw new Error('a handler ran: the spies should have replaced it');
};

/** What a spied handler saw. */
interface Seen {
  command: Command;
  opts: Record<string, unknown>;
  sources: Record<string, string | undefined>;
}

/** Values tried, in order, for an option or argument; the first its parser accepts is used. */
const CANDIDATES = ['1', '2026-06-15', 'x=1', 'Name:value', 'd/m/Y', 'bash', 'events', 'monday', 'x', '2h'];

function valueFor(item: Option | Argument): string {
  if (item.argChoices && item.argChoices.length > 0) return item.argChoices[0] as string;
  const parse = item.parseArg;
  if (!parse) return '1';
  for (const candidate of CANDIDATES) {
    try {
      parse(candidate, undefined);
      return candidate;
    } catch {
      // not a value this parser takes: try the next
    }
  }
  throw new Error(`no candidate value for ${'flags' in item ? item.flags : item.name()}`);
}

/** The words of one option on a command line. */
function optionWords(option: Option): string[] {
  const flag = option.long ?? (option.short as string);
  if (option.negate || (!option.required && !option.optional)) return [flag];
  if (option.optional && !option.argChoices && !option.parseArg) return [flag];
  return [flag, valueFor(option)];
}

/** The operands and mandatory options a command needs to reach its handler. */
function needs(cmd: Command): string[] {
  const words: string[] = [];
  for (const arg of cmd.registeredArguments) if (arg.required) words.push(valueFor(arg));
  for (const option of cmd.options) if (option.mandatory) words.push(...optionWords(option));
  return words;
}

function pathOf(cmd: Command): string[] {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names;
}

function commands(root: Command): Command[] {
  const all: Command[] = [];
  const walk = (cmd: Command) => {
    for (const sub of cmd.commands) {
      all.push(sub);
      walk(sub);
    }
  };
  walk(root);
  return all;
}

const hasHandler = (cmd: Command) => (cmd as unknown as { _actionHandler: unknown })._actionHandler != null;

let program: Command;
let seen: Seen | undefined;

beforeAll(async () => {
  // (`--help` on the line registers every command, as the completions and the man page do)
  program = await buildProgram(ctx, noRuntime, ['--help']);
  for (const cmd of commands(program)) {
    if (!hasHandler(cmd)) continue;
    cmd.action(function spy(this: Command) {
      const sources: Record<string, string | undefined> = {};
      for (const key of Object.keys(this.opts())) sources[key] = this.getOptionValueSource(key);
      seen = { command: this, opts: { ...this.opts() }, sources };
    });
  }
});

async function run(words: string[]): Promise<Seen> {
  seen = undefined;
  await program.parseAsync(words, { from: 'user' });
  if (!seen) throw new Error(`no handler ran for: ${words.join(' ')}`);
  return seen;
}

/** Every (command, option) pair the tree holds, as `path --flag`. */
function ownOptions(): [string, Command, Option][] {
  const pairs: [string, Command, Option][] = [];
  for (const cmd of commands(program)) {
    if (!hasHandler(cmd)) continue;
    for (const option of cmd.options) pairs.push([`${pathOf(cmd).join(' ')} ${option.flags}`, cmd, option]);
  }
  return pairs;
}

describe('the command tree', () => {
  it('has commands with options to walk', () => {
    expect(commands(program).filter(hasHandler).length).toBeGreaterThan(40);
    expect(ownOptions().length).toBeGreaterThan(300);
  });

  it('every option of every command reaches that command’s handler', async () => {
    const swallowed: string[] = [];
    for (const [label, cmd, option] of ownOptions()) {
      const words = [...pathOf(cmd), ...needs(cmd), ...optionWords(option)];
      const got = await run(words);
      const key = option.attributeName();
      if (got.command !== cmd || got.sources[key] !== 'cli' || (option.negate && got.opts[key] !== false))
        swallowed.push(label);
    }
    expect(swallowed).toEqual([]);
  });

  it('an option of a parent given before the subcommand reaches the subcommand that declares it too', async () => {
    const parents = commands(program).filter((c) => c.commands.length > 0 && c.options.length > 0);
    let checked = 0;
    for (const parent of parents) {
      for (const sub of parent.commands.filter(hasHandler)) {
        for (const option of sub.options.filter((o) => parent.options.some((p) => p.long === o.long))) {
          const got = await run([...pathOf(parent), ...optionWords(option), sub.name(), ...needs(sub)]);
          expect(got.command, `${pathOf(sub).join(' ')} ${option.flags}`).toBe(sub);
          expect(got.sources[option.attributeName()], `${pathOf(sub).join(' ')} ${option.flags}`).toBe('cli');
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('every global option given after any command reaches the globals', async () => {
    const globals = program.options.filter((o) => o.long !== '--version');
    const missed: string[] = [];
    for (const cmd of commands(program).filter(hasHandler)) {
      for (const option of globals) {
        const got = await run([...pathOf(cmd), ...needs(cmd), ...optionWords(option)]);
        const key = option.attributeName();
        if (got.command !== cmd || program.getOptionValueSource(key) !== 'cli')
          missed.push(`${pathOf(cmd).join(' ')} ${option.flags}`);
      }
    }
    expect(missed).toEqual([]);
  });
});
