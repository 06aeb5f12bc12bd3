/**
 * Finishing touches on the built command tree, in one place: option groups with defaults, global
 * options listed on every subcommand's help, and the examples of EXAMPLES after each help page.
 */
import type { Command, Option } from 'commander';
import { catalog, type FieldSpec, type ParamSpec, type ResourceSpec } from '../catalog/index.js';
import { EXAMPLES, examplesText } from './examples.js';

const GLOBAL_GROUPS: Record<string, string> = {
  profile: 'Site and credentials:',
  url: 'Site and credentials:',
  user: 'Site and credentials:',
  token: 'Site and credentials:',
  'password-stdin': 'Site and credentials:',
  vendor: 'Site and credentials:',
  timeout: 'Site and credentials:',
  insecure: 'Site and credentials:',
  'ca-file': 'Site and credentials:',
  output: 'Output:',
  json: 'Output:',
  fields: 'Output:',
  field: 'Output:',
  verbose: 'Output:',
  debug: 'Output:',
  timezone: 'Behaviour:',
  yes: 'Behaviour:',
  'dry-run': 'Behaviour:',
};

const PAGING = new Set(['page', 'per-page', 'all', 'limit']);
const IMPORT_GROUPS: Record<string, string> = {
  format: 'Input:',
  delimiter: 'Input:',
  map: 'Columns:',
  'map-file': 'Columns:',
  strict: 'Columns:',
  'match-by': 'Matching:',
  'on-conflict': 'Matching:',
  concurrency: 'Run:',
  resume: 'Run:',
  rejects: 'Run:',
  'fail-fast': 'Run:',
};

/** `feeds add` and `feeds run`: what each flag is about. */
const FEEDS_GROUPS: Record<string, string> = {
  category: 'Events it writes:',
  tag: 'Events it writes:',
  status: 'Events it writes:',
  authority: 'Rules:',
  'on-removed': 'Rules:',
  from: 'Window:',
  until: 'Window:',
  limit: 'Window:',
  force: 'Run:',
  wait: 'Run:',
  quiet: 'Run:',
};

const flagName = (o: Option) => (o.long ?? '').replace(/^--/, '').replace(/^no-/, '');

function specOf(resource: ResourceSpec, flag: string): FieldSpec | ParamSpec | undefined {
  const name = flag.replace(/-/g, '_');
  return resource.listParams.find((p) => p.name === name) ?? resource.fields.find((f) => f.name === name);
}

/** The help group of an option of the command at `path` (undefined: commander's "Options:"). */
function groupOf(path: readonly string[], option: Option, resource: ResourceSpec | undefined): string | undefined {
  const flag = flagName(option);
  const [first, second] = path;
  if (path.length === 0) return GLOBAL_GROUPS[flag];
  if (first === 'import') return IMPORT_GROUPS[flag];
  if (first === 'feeds') return FEEDS_GROUPS[flag];
  if (PAGING.has(flag)) return 'Paging:';
  if (!resource) return first === 'serve' ? 'Server:' : undefined;
  const spec = specOf(resource, flag);
  if (first === 'export') return spec ? 'Filters:' : 'Output:';
  if (second === 'list') return spec ? 'Filters:' : undefined;
  if (second === 'create' || second === 'update') return spec ? 'Fields:' : 'Input:';
  return undefined;
}

/**
 * Adds "(default: …)" from the catalog where the help text does not say it already: list filters
 * from the list parameters, create flags from the fields. An update keeps what it is not given, so
 * its flags show no default.
 */
function describeDefault(option: Option, resource: ResourceSpec | undefined, action: string | undefined): void {
  if (!resource || option.negate || option.defaultValue !== undefined || action === 'update') return;
  const name = flagName(option).replace(/-/g, '_');
  const spec =
    action === 'create'
      ? resource.fields.find((f) => f.name === name)
      : action === 'list' || action === undefined
        ? specOf(resource, flagName(option))
        : resource.listParams.find((p) => p.name === name);
  if (!spec || spec.default === undefined || spec.default === null || /default/i.test(option.description)) return;
  option.description += ` (default: ${String(spec.default)})`;
}

function walk(cmd: Command, path: readonly string[], visit: (cmd: Command, path: readonly string[]) => void): void {
  visit(cmd, path);
  for (const sub of cmd.commands) walk(sub, [...path, sub.name()], visit);
}

/**
 * Applies groups, defaults and examples to every command of `program`. Call once, after every
 * command is registered.
 */
export function applyHelpExtras(program: Command): void {
  walk(program, [], (cmd, path) => {
    const resource = catalog.find((r) => path.includes(r.name));
    for (const option of cmd.options) {
      const group = groupOf(path, option, resource);
      if (group) option.helpGroup(group);
      describeDefault(option, resource, resource ? path[path.indexOf(resource.name) + 1] : undefined);
    }
    if (path.length > 0) cmd.configureHelp({ ...cmd.configureHelp(), showGlobalOptions: true });
    const examples = EXAMPLES[path.join(' ')];
    if (examples) cmd.addHelpText('after', examplesText(examples));
  });
}
