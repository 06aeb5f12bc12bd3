/**
 * The lookup tables every shell script embeds, computed once from the model: subcommands per
 * command path, canonical names of aliases, options per path, the value of each option and of each
 * positional argument. The shells differ only in how they write these tables and walk the line.
 */
import {
  allCommands,
  type CommandModel,
  type OptionModel,
  optionsAt,
  type ProgramModel,
  type ValueSlot,
} from './model.js';

/** A word offered with its description. */
export type Described = readonly [word: string, description: string];

/** One `case` branch: the patterns (`path|word`) and the value they map to. */
export interface Branch {
  patterns: string[];
  value: string;
}

/** Everything a completion script looks up. */
export interface CompletionTables {
  /** command path ('' = root, 'events list') → its subcommands (names and aliases) */
  subs: Map<string, Described[]>;
  /** `path|word` → canonical subcommand name */
  canon: Branch[];
  /** command path → its own options (with --help); {@link GLOBAL_KEY} → the global ones */
  opts: Map<string, Described[]>;
  /** `path|--flag` → encoded value spec (see {@link encodeValue}); `*|--flag` for global ones */
  optvals: Branch[];
  /** `path|N` → encoded value of the Nth argument; `path|#` → "count v|-" (v: the last repeats) */
  args: Branch[];
}

/** The key of the global options in `opts` (no command path looks like it, nor is it a pattern). */
export const GLOBAL_KEY = ':global';

const key = (cmd: CommandModel) => cmd.path.join(' ');
const firstLine = (text: string) => (text.split('\n')[0] ?? '').replace(/\s+/g, ' ').trim();

/**
 * Encodes what an option or argument takes: `n` (no value), else `<r|o> <l|s> <kind> [args…]`:
 * required or optional value, comma list or single, and the source (`none`, `choices a b`,
 * `file`, `atfile`, `dir`, `profiles`, `dynamic ids venues`).
 */
export function encodeValue(arity: OptionModel['arity'], value: ValueSlot): string {
  if (arity === 'none') return 'n';
  const head = `${arity === 'required' ? 'r' : 'o'} ${value.list ? 'l' : 's'}`;
  const s = value.source;
  switch (s.kind) {
    case 'choices':
      return `${head} choices ${s.values.join(' ')}`;
    case 'dynamic':
      return `${head} dynamic ${s.args.join(' ')}`;
    default:
      return `${head} ${s.kind}`;
  }
}

function optionNames(o: OptionModel): string[] {
  return [o.short, o.long].filter((n): n is string => n !== undefined);
}

function group(entries: Array<[pattern: string, value: string]>): Branch[] {
  const byValue = new Map<string, string[]>();
  for (const [pattern, value] of entries) byValue.set(value, [...(byValue.get(value) ?? []), pattern]);
  return [...byValue].map(([value, patterns]) => ({ patterns, value }));
}

/** Builds the tables from the model. */
export function buildTables(model: ProgramModel): CompletionTables {
  const commands = allCommands(model);
  const subs = new Map<string, Described[]>();
  const opts = new Map<string, Described[]>();
  const canon: Array<[string, string]> = [];
  const optvals: Array<[string, string]> = [];
  const args: Array<[string, string]> = [];
  // A global option whose value is the same at every command gets one `*|--flag` branch.
  const globalValues = new Map<string, Set<string>>();
  for (const cmd of commands) {
    for (const o of optionsAt(model, cmd)) {
      if (!model.globals.some((g) => g.long === o.long)) continue;
      for (const n of optionNames(o)) {
        const set = globalValues.get(n) ?? new Set<string>();
        set.add(encodeValue(o.arity, o.value));
        globalValues.set(n, set);
      }
    }
  }
  const globalBranches: Array<[string, string]> = [];
  for (const [name, values] of globalValues) {
    if (values.size === 1) globalBranches.push([`*|${name}`, [...values][0] as string]);
  }
  for (const cmd of commands) {
    const path = key(cmd);
    if (cmd.children.length > 0) {
      const words: Described[] = [];
      for (const child of cmd.children) {
        const summary = firstLine(child.summary);
        words.push([child.name, summary]);
        canon.push([`${path}|${child.name}`, child.name]);
        for (const alias of child.aliases) {
          words.push([alias, `alias of ${child.name}`]);
          canon.push([`${path}|${alias}`, child.name]);
        }
      }
      subs.set(path, words);
    }
    const described: Described[] = [];
    for (const o of optionsAt(model, cmd)) {
      const isGlobal = model.globals.some((g) => g.long === o.long);
      for (const n of optionNames(o)) {
        if (!isGlobal) described.push([n, firstLine(o.description)]);
        const global = globalValues.get(n);
        if (!(global && global.size === 1 && model.globals.some((g) => g.long === o.long))) {
          optvals.push([`${path}|${n}`, encodeValue(o.arity, o.value)]);
        }
      }
    }
    opts.set(path, described);
    if (cmd.args.length > 0) {
      const last = cmd.args[cmd.args.length - 1];
      args.push([`${path}|#`, `${cmd.args.length} ${last?.variadic ? 'v' : '-'}`]);
      cmd.args.forEach((a, i) => {
        args.push([`${path}|${i}`, encodeValue('required', a.value)]);
      });
    }
  }
  opts.set(
    GLOBAL_KEY,
    model.globals.flatMap((o) => optionNames(o).map((n): Described => [n, firstLine(o.description)])),
  );
  return {
    subs,
    canon: group(canon.map(([p, v]) => [p, v])),
    opts,
    // specific branches first: a shell `case` takes the first pattern that matches
    optvals: [...group(optvals), ...group(globalBranches)],
    args: group(args),
  };
}

/** Quotes a string for a POSIX shell (single quotes). */
export function shQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A bash/zsh `case` over "$1" (or "$1|$2") that sets `__calctl_r`. */
export function shCase(subject: string, branches: readonly Branch[]): string {
  const lines = [`  case ${subject} in`];
  for (const b of branches) {
    lines.push(
      `    ${b.patterns.map((p) => (p.startsWith('*|') ? `*${shQuote(p.slice(1))}` : shQuote(p))).join('|')})`,
    );
    lines.push(`      __calctl_r=${shQuote(b.value)} ;;`);
  }
  lines.push(`    *) __calctl_r='' ;;`, '  esac');
  return lines.join('\n');
}
