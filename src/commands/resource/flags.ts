/**
 * Catalog → command-line flags. Every list parameter and every field of a resource becomes a
 * kebab-case flag here, with its help text and value parser; there is no second list of names.
 */
import { InvalidArgumentError, Option } from 'commander';
import type { FieldSpec, ParamSpec } from '../../catalog/index.js';

/** Flags defined once on the root program; a field flag of the same name is served by them. */
export const GLOBAL_FLAG_NAMES: ReadonlySet<string> = new Set([
  'profile',
  'url',
  'user',
  'token',
  'password-stdin',
  'vendor',
  'output',
  'json',
  'fields',
  'field',
  'verbose',
  'debug',
  'timeout',
  'insecure',
  'ca-file',
  'timezone',
  'date-format',
  'yes',
  'dry-run',
]);

/** `start_date` → `start-date`. */
export const kebab = (name: string): string => name.replace(/_/g, '-');

/** One catalog entry bound to the commander attribute that holds its value. */
export interface BoundFlag<S extends FieldSpec | ParamSpec = FieldSpec | ParamSpec> {
  spec: S;
  /** the flag without dashes (`start-date`) */
  flag: string;
  /** the key commander stores the value under (`startDate`) */
  attribute: string;
  /** the flag is the global one of the same name (see GLOBAL_FLAG_NAMES) */
  global: boolean;
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

/** Parses `--flag=false` style values of boolean flags. */
export function parseBoolWord(value: string): boolean {
  const v = value.trim().toLowerCase();
  if (TRUE_WORDS.has(v)) return true;
  if (FALSE_WORDS.has(v)) return false;
  throw new InvalidArgumentError('expected true or false (also yes/no, 1/0).');
}

function parseInteger(value: string): number {
  const n = Number(value.trim());
  if (!Number.isInteger(n)) throw new InvalidArgumentError('expected a whole number.');
  return n;
}

function parseNumber(value: string): number {
  const n = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(n)) throw new InvalidArgumentError('expected a number.');
  return n;
}

/** Repeatable and comma-separated: `--venue 3 --venue 4` and `--venue 3,4` both give ['3','4']. */
function accumulate(value: string, previous: string[] | undefined): string[] {
  const parts = value === '' ? [''] : value.split(',').map((s) => s.trim());
  return [...(previous ?? []), ...parts.filter((s, i) => s !== '' || (i === 0 && parts.length === 1))];
}

/** Whether a spec is a yes/no switch: a boolean, or a string whose only choices are true/false. */
export function isSwitch(spec: FieldSpec | ParamSpec): boolean {
  if (spec.type === 'boolean') return true;
  const choices = 'choices' in spec ? spec.choices : undefined;
  return choices !== undefined && choices.length === 2 && choices.includes('true') && choices.includes('false');
}

function isMultiple(spec: FieldSpec | ParamSpec): boolean {
  return spec.type === 'list' || ('multiple' in spec && spec.multiple === true);
}

function describe(spec: FieldSpec | ParamSpec): string {
  let text = spec.description;
  if (spec.semantic === 'date') text += ' (date: 2026-12-05 19:00, +3d, "next friday 7pm"; see calctl help dates)';
  // (the CLI resolves slugs and names itself: see ./links.ts)
  if (spec.link && spec.link !== 'events') text += '; calctl also takes a slug or a name';
  if (isMultiple(spec)) text += ' (repeatable or comma list)';
  if ('premium' in spec && spec.premium) text += ' [premium]';
  return text;
}

/** The commander options of one catalog entry (a switch gets `--x [bool]` and `--no-x`). */
export function optionsFor(spec: FieldSpec | ParamSpec, required = false): Option[] {
  const flag = kebab(spec.name);
  const help = `${describe(spec)}${required ? ' (required)' : ''}`;
  if (isSwitch(spec)) {
    return [
      new Option(`--${flag} [bool]`, help).argParser(parseBoolWord),
      new Option(`--no-${flag}`, `same as --${flag}=false`),
    ];
  }
  if (isMultiple(spec)) {
    const word = spec.link ? 'id' : 'value';
    return [new Option(`--${flag} <${word}>`, help).argParser(accumulate)];
  }
  const choices = 'choices' in spec ? spec.choices : undefined;
  switch (spec.type) {
    case 'integer':
      return [new Option(`--${flag} <n>`, help).argParser(parseInteger)];
    case 'number':
      return [new Option(`--${flag} <n>`, help).argParser(parseNumber)];
    default: {
      const option = new Option(`--${flag} <${spec.semantic === 'date' ? 'date' : 'value'}>`, help);
      return [choices ? option.choices(choices) : option];
    }
  }
}

/** Binds catalog entries to commander attribute names (shared by flag definition and reading). */
export function bindFlags<S extends FieldSpec | ParamSpec>(specs: readonly S[]): BoundFlag<S>[] {
  return specs.map((spec) => {
    const flag = kebab(spec.name);
    const attribute = flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    return { spec, flag, attribute, global: GLOBAL_FLAG_NAMES.has(flag) };
  });
}

/** Adds a flag for every bound entry that the root does not already define. */
export function addFlags(
  command: import('commander').Command,
  bound: readonly BoundFlag[],
  isRequired: (spec: FieldSpec | ParamSpec) => boolean = () => false,
): void {
  for (const b of bound) {
    if (b.global) continue;
    for (const option of optionsFor(b.spec, isRequired(b.spec))) command.addOption(option);
  }
  const words = synonyms.get(command) ?? new Map<string, string>();
  for (const [word, flag] of labelWords(bound)) if (!words.has(word)) words.set(word, flag);
  synonyms.set(command, words);
}

/** Other words for a command's own flags, by command: what a mistyped flag is compared with. */
const synonyms = new WeakMap<import('commander').Command, Map<string, string>>();

/** The words of a record's own name before a field label: `Venue Name` is the venue's `name`. */
const RECORD_WORD = /^(?:event|venue|organizer|category|tag)s?\s+/;

/**
 * The site importer's labels of the bound fields as flag-like words (`Venue Name` → `name` for
 * `--venue`, `Event Website` → `website`), plus `title` wherever `name` is one: the words people
 * type for a field whose flag is named otherwise.
 */
function labelWords(bound: readonly BoundFlag[]): Map<string, string> {
  const out = new Map<string, string>();
  const flags = new Set(bound.map((b) => b.flag));
  for (const b of bound) {
    if (b.global) continue;
    const labels = 'csvLabels' in b.spec ? (b.spec.csvLabels ?? []) : [];
    for (const label of labels) {
      const word = label
        .toLowerCase()
        .replace(RECORD_WORD, '')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      if (word === '' || flags.has(word)) continue;
      for (const w of word === 'name' ? ['name', 'title'] : [word]) if (!out.has(w)) out.set(w, b.flag);
    }
  }
  return out;
}

/**
 * Words other calendar tools and CLIs use for flags calctl names otherwise (gcalcli's and most
 * tools' `--from`/`--to`, `--format` for the output format, `--query` for a search), by the flag meant.
 */
const OTHER_TOOLS_WORDS: ReadonlyMap<string, string> = new Map([
  ['from', 'start-date'],
  ['since', 'start-date'],
  ['start', 'start-date'],
  ['to', 'end-date'],
  ['until', 'end-date'],
  ['end', 'end-date'],
  ['format', 'output'],
  ['query', 'search'],
]);

/** Whether `command` takes `--flag`, as its own option or one of an ancestor (a global flag). */
function takes(command: import('commander').Command, flag: string): boolean {
  for (let c: import('commander').Command | null = command; c; c = c.parent) {
    if (c.options.some((o) => o.long === `--${flag}`)) return true;
  }
  return false;
}

/**
 * The flag a mistyped `--word` most likely meant, from the command's own flags: one whose field the
 * site's importer labels with that word (`venues create --name` → `--venue`), or the word other tools
 * use for it (`agenda --from` → `--start-date`). Undefined when none is.
 */
export function flagForWord(command: import('commander').Command, typed: string): string | undefined {
  const word = typed.replace(/^--/, '').replace(/=.*$/, '').toLowerCase();
  for (const flag of [synonyms.get(command)?.get(word), OTHER_TOOLS_WORDS.get(word)]) {
    if (flag !== undefined && takes(command, flag)) return flag;
  }
  return undefined;
}

/**
 * What commander parsed for a command's catalog flags, keyed by their attribute (`startDate`): the
 * keys follow from the catalog, so the record is open; the options a command adds beside them are
 * typed where it is registered (register.ts).
 */
export type FlagValues = Record<string, unknown>;

/** The values of the bound flags that were given, keyed by catalog name (raw: dates unparsed). */
export function readFlags(bound: readonly BoundFlag[], opts: FlagValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const b of bound) {
    const value = opts[b.attribute];
    if (value !== undefined) out[b.spec.name] = value;
  }
  return out;
}
