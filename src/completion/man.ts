/**
 * The man page `calctl.1` (roff, man macros) from the same model as the completions: every command
 * with its arguments, options and examples, the global options by group, exit status and files.
 */
import { EXIT_CODE_TABLE } from '../errors/index.js';
import { EXAMPLES } from './examples.js';
import { allCommands, type CommandModel, type OptionModel, type ProgramModel } from './model.js';

/** Escapes text for roff: backslashes, hyphens, and a leading dot or quote. */
export function roff(text: string): string {
  return text
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .split('\n')
    .map((line) => (/^[.']/.test(line) ? `\\&${line}` : line))
    .join('\n');
}

const bold = (text: string) => `\\fB${roff(text)}\\fR`;

function optionTerm(o: OptionModel): string {
  const names = [o.short, o.long]
    .filter((n): n is string => n !== undefined)
    .map(bold)
    .join(', ');
  const value = o.flags.match(/[<[][^>\]]*[>\]]/)?.[0];
  return value ? `${names} \\fI${roff(value)}\\fR` : names;
}

function optionList(options: readonly OptionModel[]): string[] {
  return options.flatMap((o) => ['.TP', optionTerm(o), roff(o.description)]);
}

function usage(cmd: CommandModel): string {
  const args = cmd.args.map((a) => {
    const name = `${a.name}${a.variadic ? '...' : ''}`;
    return a.required ? `<${name}>` : `[${name}]`;
  });
  const sub = cmd.children.length > 0 ? ['<command>'] : [];
  return ['calctl', ...cmd.path, '[options]', ...sub, ...args].join(' ');
}

function commandSection(cmd: CommandModel): string[] {
  const title = ['calctl', ...cmd.path].join(' ');
  const aliases = cmd.aliases.length > 0 ? ` (alias: ${cmd.aliases.join(', ')})` : '';
  const out = [`.SS ${roff(title)}`, `${roff(cmd.description)}${roff(aliases)}`, '.PP', `Usage: ${bold(usage(cmd))}`];
  if (cmd.args.length > 0) {
    out.push('.PP', 'Arguments:', '.RS');
    for (const a of cmd.args) out.push('.TP', `\\fI${roff(a.name)}\\fR`, roff(a.description || a.name));
    out.push('.RE');
  }
  const own = cmd.options.filter((o) => o.long !== '--help');
  if (own.length > 0) out.push('.PP', 'Options:', '.RS', ...optionList(own), '.RE');
  const examples = EXAMPLES[cmd.path.join(' ')] ?? [];
  if (examples.length > 0) {
    out.push('.PP', 'Examples:', '.RS', '.nf');
    for (const e of examples) out.push(roff(`# ${e.about}`), roff(`$ ${e.cmd}`));
    out.push('.fi', '.RE');
  }
  return out;
}

function globalSection(model: ProgramModel): string[] {
  const groups = new Map<string, OptionModel[]>();
  for (const o of model.globals) {
    const group = o.group ?? 'Options:';
    groups.set(group, [...(groups.get(group) ?? []), o]);
  }
  const out = ['.SH GLOBAL OPTIONS', 'Accepted by every command, before or after the command name.'];
  for (const [group, options] of groups) out.push(`.SS ${roff(group.replace(/:$/, ''))}`, ...optionList(options));
  return out;
}

/** The whole man page. Deterministic: no dates, nothing from the environment. */
export function manPage(model: ProgramModel): string {
  const version = model.version;
  const commands = allCommands(model).filter((c) => c.path.length > 0);
  const out = [
    `.TH CALCTL 1 "" "calctl ${roff(version)}" "User Commands"`,
    '.\\" Generated from the command tree by scripts/gen-completions.mjs: do not edit.',
    '.SH NAME',
    `calctl \\- ${roff(model.root.description)}`,
    '.SH SYNOPSIS',
    `${bold('calctl')} [\\fB@\\fIprofile\\fR] \\fIcommand\\fR [\\fIsubcommand\\fR] [\\fIoptions\\fR] [\\fIarguments\\fR]`,
    '.SH DESCRIPTION',
    roff(
      'calctl lists, creates, updates, deletes, imports and exports events, venues, organizers, categories and tags ' +
        'of The Events Calendar through its REST API (tribe/events/v1). Without a profile it works on a built-in ' +
        'local calendar. Data goes to stdout (a table on a terminal, JSON when piped); messages go to stderr.',
    ),
    '.PP',
    roff('More help: calctl help TOPIC, with the topics exit-codes, formats, dates, csv, profiles, auth.'),
    ...globalSection(model),
    '.SH COMMANDS',
    ...commands.flatMap(commandSection),
    '.SH EXIT STATUS',
    ...EXIT_CODE_TABLE.flatMap(([code, meaning]) => ['.TP', bold(String(code)), roff(meaning)]),
    '.SH ENVIRONMENT',
    ...[
      ['CALCTL_URL, CALCTL_USER, CALCTL_PASSWORD, CALCTL_TOKEN', 'the site and credentials (see calctl help profiles)'],
      ['WP_URL, WP_USERNAME, WP_APP_PASSWORD', 'the same under their WordPress names'],
      ['CALCTL_PROFILE', 'the profile to use when none is named'],
      ['CALCTL_CONFIG_DIR, CALCTL_DATA_DIR', 'where profiles and the local calendar are kept'],
      ['CALCTL_DEBUG=api', 'log each request on stderr (like --verbose)'],
      ['CALCTL_COMPLETE_TIMEOUT', 'seconds shell completion waits for live values (default 1.5)'],
      ['NO_COLOR', 'no colour, even on a terminal'],
    ].flatMap(([name, text]) => ['.TP', bold(name ?? ''), roff(text ?? '')]),
    '.SH FILES',
    '.TP',
    bold('~/.config/calctl/'),
    roff('profiles (config.json) and their secrets (secrets.json, mode 0600); $XDG_CONFIG_HOME is honoured'),
    '.TP',
    bold('~/.local/share/calctl/'),
    roff('the built-in local calendar (SQLite); $XDG_DATA_HOME is honoured'),
    '.SH SEE ALSO',
    roff('calctl help TOPIC; the completion scripts: calctl completion bash|zsh|fish'),
    '',
  ];
  return out.join('\n');
}
