/**
 * The command tree as plain data for the completion and man page generators: every visible command
 * with its aliases, options and arguments, and for each value where its completions come from
 * (fixed choices, files, profiles, --fields names, or live values through `calctl __complete`).
 * Built from the commander tree and the catalog, so nothing here is a second list of flags.
 */
import type { Argument, Command, Option } from 'commander';
import { catalog, type FieldSpec, type ParamSpec, POST_STATUSES, type ResourceSpec } from '../catalog/index.js';
import { FORMATS } from '../output/format.js';
import { HELP_TOPICS } from './help-topics.js';
import { declaredOutputFormats } from './output-formats.js';

/** Where the values of an option or argument come from. */
export type ValueSource =
  /** takes a value, nothing to offer */
  | { kind: 'none' }
  | { kind: 'choices'; values: readonly string[] }
  | { kind: 'file' }
  /** `-`, inline JSON or `@file` (complete files after the @) */
  | { kind: 'atfile' }
  | { kind: 'dir' }
  | { kind: 'profiles' }
  /** asked from the active profile: `calctl __complete <args…>` prints `value<TAB>description` */
  | { kind: 'dynamic'; args: readonly string[] };

/** One value slot; `list` = a comma list, completed after the last comma. */
export interface ValueSlot {
  source: ValueSource;
  list: boolean;
}

/** One option as completions and the man page see it. */
export interface OptionModel {
  long?: string;
  short?: string;
  /** commander's flags text (`-o, --output <format>`) */
  flags: string;
  description: string;
  /** no value, a required one, or an optional one (`--featured [bool]`) */
  arity: 'none' | 'required' | 'optional';
  value: ValueSlot;
  /** help group heading, when set */
  group?: string;
}

/** One positional argument. */
export interface ArgumentModel {
  name: string;
  required: boolean;
  variadic: boolean;
  description: string;
  value: ValueSlot;
}

/** One command; `path` holds canonical names from below the root (`['events', 'list']`). */
export interface CommandModel {
  path: readonly string[];
  name: string;
  aliases: readonly string[];
  summary: string;
  description: string;
  options: readonly OptionModel[];
  args: readonly ArgumentModel[];
  children: readonly CommandModel[];
  /** the -o/--output formats it accepts, when fewer than all (see output-formats.ts) */
  outputFormats?: readonly string[];
}

/** The whole program: the root command and the options every command accepts. */
export interface ProgramModel {
  root: CommandModel;
  globals: readonly OptionModel[];
  version: string;
}

const NONE: ValueSlot = { source: { kind: 'none' }, list: false };
const slot = (source: ValueSource, list = false): ValueSlot => ({ source, list });

/** Whether commander hides a command from help (hidden commands get no completion either). */
export function isHidden(cmd: Command): boolean {
  return (cmd as unknown as { _hidden?: boolean })._hidden === true;
}

const SWITCH_WORDS = ['true', 'false'];
const STATUS_VALUES = POST_STATUSES.filter((s) => s !== 'trash');

/** The resource a command works on (`events list`, `import venues`, `export tags`). */
function resourceOf(path: readonly string[]): ResourceSpec | undefined {
  return catalog.find((r) => path.includes(r.name));
}

function catalogSpec(resource: ResourceSpec | undefined, flag: string): FieldSpec | ParamSpec | undefined {
  if (!resource) return undefined;
  const name = flag.replace(/^no-/, '').replace(/-/g, '_');
  return resource.listParams.find((p) => p.name === name) ?? resource.fields.find((f) => f.name === name);
}

function linkSlot(spec: FieldSpec | ParamSpec, list: boolean): ValueSlot | undefined {
  switch (spec.link) {
    case 'venues':
    case 'organizers':
      return slot({ kind: 'dynamic', args: ['refs', spec.link] }, list);
    case 'categories':
    case 'tags':
      return slot({ kind: 'dynamic', args: ['slugs', spec.link] }, list);
    default:
      return undefined;
  }
}

/** The values of one option of the command at `path`. */
function optionValue(option: Option, path: readonly string[]): ValueSlot {
  const long = option.long?.replace(/^--/, '') ?? '';
  if (option.negate || (!option.required && !option.optional)) return NONE;
  if (option.argChoices) return slot({ kind: 'choices', values: option.argChoices });
  const resource = resourceOf(path);
  switch (long) {
    case 'output':
      return slot({ kind: 'choices', values: FORMATS });
    case 'profile':
      return slot({ kind: 'profiles' });
    case 'fields':
      return resource ? slot({ kind: 'choices', values: resource.recordKeys }, true) : NONE;
    case 'field':
      return resource ? slot({ kind: 'choices', values: resource.recordKeys }) : NONE;
    case 'timezone':
      return slot({ kind: 'dynamic', args: ['timezones'] });
    case 'data':
      return slot({ kind: 'atfile' });
    case 'data-dir':
      return slot({ kind: 'dir' });
    case 'file':
    case 'rejects':
    case 'map-file':
    case 'tls-cert':
    case 'tls-key':
      return slot({ kind: 'file' });
  }
  const spec = catalogSpec(resource, long);
  if (spec) {
    const list = spec.type === 'list' || ('multiple' in spec && spec.multiple === true);
    const linked = linkSlot(spec, list);
    if (linked) return linked;
    if ('choices' in spec && spec.choices) return slot({ kind: 'choices', values: spec.choices }, list);
    if (spec.semantic === 'status') return slot({ kind: 'choices', values: STATUS_VALUES }, list);
    if (spec.semantic === 'timezone') return slot({ kind: 'dynamic', args: ['timezones'] });
  }
  if (option.optional) return slot({ kind: 'choices', values: SWITCH_WORDS });
  return NONE;
}

/** The values of one positional argument of the command at `path`. */
function argumentValue(arg: Argument, path: readonly string[], root: Command): ValueSlot {
  if (arg.argChoices) return slot({ kind: 'choices', values: arg.argChoices });
  const [first, second] = path;
  const leaf = path[path.length - 1];
  const resource = resourceOf(path);
  if (first === 'import') return slot({ kind: 'file' });
  if (first === 'profile' && leaf !== 'add') return slot({ kind: 'profiles' });
  if (first === 'completion') return slot({ kind: 'choices', values: ['bash', 'zsh', 'fish'] });
  if (first === 'help') {
    const commands = root.commands.filter((c) => !isHidden(c)).map((c) => c.name());
    return slot({ kind: 'choices', values: [...Object.keys(HELP_TOPICS), ...commands] });
  }
  if (resource && (second === 'get' || second === 'update' || second === 'delete')) {
    return slot({ kind: 'dynamic', args: ['ids', resource.name] });
  }
  if (first === 'api' && arg.name() === 'method') {
    return slot({ kind: 'choices', values: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] });
  }
  if (first === 'api' && arg.name() === 'path') {
    return slot({
      kind: 'choices',
      values: root.commands.filter((c) => resourceOf([c.name()])).map((c) => `/${c.name()}`),
    });
  }
  return NONE;
}

function optionModel(option: Option, path: readonly string[]): OptionModel {
  const group = (option as unknown as { helpGroupHeading?: string }).helpGroupHeading;
  return {
    ...(option.long ? { long: option.long } : {}),
    ...(option.short ? { short: option.short } : {}),
    flags: option.flags,
    description: option.description,
    arity: option.required ? 'required' : option.optional ? 'optional' : 'none',
    value: optionValue(option, path),
    ...(group ? { group } : {}),
  };
}

const HELP_OPTION: OptionModel = {
  short: '-h',
  long: '--help',
  flags: '-h, --help',
  description: 'display help for command',
  arity: 'none',
  value: NONE,
};

function commandModel(cmd: Command, path: readonly string[], root: Command): CommandModel {
  const description = cmd.description();
  const outputFormats = declaredOutputFormats(cmd);
  return {
    path,
    name: cmd.name(),
    aliases: cmd.aliases(),
    summary: cmd.summary() || description.split('\n')[0] || '',
    description,
    options: [...cmd.options.filter((o) => !o.hidden).map((o) => optionModel(o, path)), HELP_OPTION],
    args: cmd.registeredArguments.map((a) => ({
      name: a.name(),
      required: a.required,
      variadic: a.variadic,
      description: a.description,
      value: argumentValue(a, path, root),
    })),
    children: cmd.commands.filter((c) => !isHidden(c)).map((c) => commandModel(c, [...path, c.name()], root)),
    ...(outputFormats ? { outputFormats } : {}),
  };
}

/** Builds the model of a commander program (the root's own options are the global ones). */
export function buildModel(program: Command): ProgramModel {
  const root = commandModel(program, [], program);
  return {
    root: { ...root, options: [HELP_OPTION] },
    globals: root.options.filter((o) => o !== HELP_OPTION),
    version: program.version() ?? '',
  };
}

/** Every command of the model, depth first (the root first). */
export function allCommands(model: ProgramModel): CommandModel[] {
  const out: CommandModel[] = [];
  const walk = (c: CommandModel) => {
    out.push(c);
    for (const child of c.children) walk(child);
  };
  walk(model.root);
  return out;
}

/**
 * The options accepted at a command: its own and the global ones. For global options the value
 * source is resolved at this command (`--fields` lists the names of its resource).
 */
export function optionsAt(model: ProgramModel, cmd: CommandModel): OptionModel[] {
  const own = cmd.options;
  const names = new Set(own.map((o) => o.long));
  const globals = model.globals.filter((g) => !names.has(g.long)).map((g) => ({ ...g, value: globalValueAt(g, cmd) }));
  return [...own, ...globals];
}

function globalValueAt(option: OptionModel, cmd: CommandModel): ValueSlot {
  const resource = resourceOf(cmd.path);
  if (option.long === '--output' && cmd.outputFormats) return slot({ kind: 'choices', values: cmd.outputFormats });
  if (option.long === '--fields') return resource ? slot({ kind: 'choices', values: resource.recordKeys }, true) : NONE;
  if (option.long === '--field') return resource ? slot({ kind: 'choices', values: resource.recordKeys }) : NONE;
  return option.value;
}
