/**
 * The command tree. `runProgram` parses argv with commander (exitOverride: nothing calls
 * process.exit), runs one command and maps every failure to an exit code in one place.
 */

import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { isResourceName } from '../catalog/index.js';
import { flagForWord } from '../commands/resource/flags.js';
import { registerResourceCommands } from '../commands/resource/register.js';
import type { CliRuntime, CommandDeps, GlobalOptions } from '../commands/types.js';
import { HELP_TOPICS } from '../completion/help-topics.js';
import { type DateFormat, parseDateFormat } from '../dates/numeric.js';
import { CalctlError, EXIT, exitCodeOf, parserUsageError } from '../errors/index.js';
import type { Context } from '../io/context.js';
import { CALCTL_VERSION } from '../io/version.js';
import { flushStdout, printText, watchStdout } from '../output/stdout.js';
import { commandWords, expandProfileShorthand } from './argv.js';
import { createRuntime } from './runtime.js';

function parseSeconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError('expected seconds (0 = no limit).');
  return n;
}

/** `--date-format`, read when the line is parsed: a format it cannot read is a usage error at once. */
function readDateFormat(value: string): DateFormat {
  try {
    return parseDateFormat(value);
  } catch (err) {
    throw new InvalidArgumentError(
      `${(err as Error).message.replace(/^--date-format: /, '')}; ${(err as CalctlError).hint ?? ''}`,
    );
  }
}

/** Adds the global options; commander recognises them before and after the subcommand. */
export function addGlobalOptions(program: Command): Command {
  return program
    .option('--profile <name>', 'use this stored profile (shorthand: calctl @name …)')
    .option('--url <site>', 'site URL (https://example.org) or API base (…/wp-json/tribe/events/v1)')
    .option('--user <name>', 'WordPress user for basic auth with an application password')
    .option('--token <token>', 'bearer token (sites with a JWT plugin); warns: prefer CALCTL_TOKEN')
    .option('--password-stdin', 'read the application password from stdin')
    .option('--vendor <name>', 'namespace vendor (default tribe → tribe/events/v1)')
    .option(
      '-o, --output <format>',
      'table, json, ndjson, csv, yaml, ids, count (default: table on a terminal, json when piped)',
    )
    .option('--json', 'same as --output json')
    .option('--fields <list>', 'only these fields, comma-separated, dotted paths allowed (venue.venue)')
    .option('--field <path>', 'print one bare value per record')
    .option(
      '--raw',
      'print text exactly as the site sent it (by default names, titles and other plain text are decoded: Kids’ Club, not Kids&#8217; Club)',
    )
    .option('--verbose', 'log each request on stderr (also CALCTL_DEBUG=api); credentials are never shown')
    .option('--debug', 'show stack traces of errors')
    .option('--timeout <seconds>', 'per-request timeout (default 30)', parseSeconds)
    .option('--insecure', 'accept invalid TLS certificates (warns on every run)')
    .option(
      '--date-format <format>',
      'order of day, month and year in numeric dates, for every date flag and imported column: d/m/Y, m/d/Y, Y-m-d (also d.m.Y, DD/MM/YYYY …)',
      readDateFormat,
    )
    .option(
      '--ca-file <file>',
      'also trust the certificate authority in this PEM file (a private CA); verification stays on',
    )
    .option(
      '--timezone <zone>',
      "zone for dates without offset (default: the site's time zone, UTC for the local calendar); on events create/update also the event zone",
    )
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'print the write request (JSON on stdout) instead of sending it')
    .option('--offline', "work on the profile's offline working copy (made by calctl sync pull), not the site");
}

/** Whether the line holds global options and nothing else (no command, no help or version flag). */
function onlyGlobalOptions(argv: readonly string[]): boolean {
  // (silent: the real parse that follows reports a bad value once, in calctl's words)
  const probe = addGlobalOptions(
    new Command().exitOverride().configureOutput({ writeErr: () => {}, writeOut: () => {} }),
  );
  try {
    const { operands, unknown } = probe.parseOptions([...argv]);
    return operands.length === 0 && unknown.length === 0;
  } catch {
    return false;
  }
}

/**
 * `import` and `export` load their pipelines' modules: only when their name is on the line or for
 * help (start-up time of every other command).
 */
async function registerBulkCommands(program: Command, deps: CommandDeps, argv: readonly string[]): Promise<void> {
  const words = argv.filter((a) => !a.startsWith('-'));
  const wanted = (name: string) =>
    words.includes(name) || words.length === 0 || words[0] === 'help' || argv.includes('--help');
  if (wanted('import')) (await import('../commands/import-command.js')).registerImportCommand(program, deps);
  if (wanted('export')) (await import('../commands/export.js')).registerExportCommand(program, deps);
}

/** Builds the whole tree (exported for tests of flag parsing). */
export async function buildProgram(
  ctx: Context,
  getRuntime: () => CliRuntime,
  argv: readonly string[] = [],
): Promise<Command> {
  const program = new Command('calctl')
    .description('Manage The Events Calendar (tribe/events/v1) from the terminal; works offline on a built-in calendar')
    .version(CALCTL_VERSION, '-V, --version')
    .helpCommand(false)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => printText(ctx, s),
      writeErr: (s) => ctx.io.stderr.write(s),
      outputError: (s, write) => write(s.replace(/^error: /, 'calctl: ')),
    })
    .addHelpText(
      'after',
      `\nWith no profile, calctl uses a built-in local calendar (no setup).\nTopics: calctl help ${Object.keys(HELP_TOPICS).join('|')}`,
    );
  addGlobalOptions(program);
  // `calctl events …` (or `calctl @prod events …`) can only run an events command: skip building the
  // other resources' commands.
  const words = commandWords(program, argv);
  const first = words[0];
  const onlyResource = first !== undefined && isResourceName(first) ? first : undefined;
  const deps = {
    ctx,
    runtime: getRuntime,
    onlyResource,
    // (a fresh program with every command, for the completion scripts and the man page)
    wholeProgram: () => buildProgram(ctx, getRuntime, ['--help']),
    siteRuntime: (site: { profile?: string | undefined; url?: string | undefined }) => {
      const g = program.opts<GlobalOptions>();
      const pick: GlobalOptions = {};
      if (site.profile !== undefined) pick.profile = site.profile;
      if (site.url !== undefined) pick.url = site.url;
      if (g.vendor !== undefined) pick.vendor = g.vendor;
      if (g.timeout !== undefined) pick.timeout = g.timeout;
      if (g.insecure !== undefined) pick.insecure = g.insecure;
      if (g.verbose !== undefined) pick.verbose = g.verbose;
      return createRuntime(ctx, pick);
    },
  };
  const wantsHelp = argv.includes('--help') || argv.includes('-h') || argv[0] === 'help';
  // `calctl serve …` (and api, info, doc) runs one of the site commands and can print no help but its
  // own: the resources, the other groups, the help texts and completion are not built (a fresh
  // `serve` for every case of the plugin's REST suite). `serve users …` is a group: built as before.
  if (first !== undefined && SITE_LEAVES.has(first) && !(first === 'serve' && words[1] === 'users') && !wantsHelp) {
    (await import('../commands/site/register.js')).registerSiteCommands(program, deps);
    configureTree(program);
    return program;
  }
  // `calctl import …` and `calctl export …` (a cron job's line) likewise build only themselves.
  if ((first === 'import' || first === 'export') && !wantsHelp) {
    await registerBulkCommands(program, deps, words);
    configureTree(program);
    return program;
  }
  const [{ registerSiteCommands }, { registerProfileCommands }, { registerHelpCommand }] = onlyResource
    ? [{ registerSiteCommands: () => {} }, { registerProfileCommands: () => {} }, { registerHelpCommand: () => {} }]
    : await Promise.all([
        import('../commands/site/register.js'),
        import('../commands/profile/register.js'),
        import('./help-command.js'),
      ]);
  registerResourceCommands(program, deps);
  // A resource command line (`calctl events list …`) needs nothing else: the other groups, the help
  // texts and completion only load for lines that can use them (start-up time).
  if (!onlyResource || wantsHelp) {
    registerSiteCommands(program, deps);
    registerProfileCommands(program, deps);
    (await import('../commands/views/register.js')).registerViewCommands(program, deps);
    (await import('../commands/sync/register.js')).registerSyncCommands(program, deps);
    (await import('../commands/feeds/register.js')).registerFeedsCommands(program, deps);
    (await import('../commands/migrate/register.js')).registerMigrateCommand(program, deps);
    (await import('../commands/history/register.js')).registerHistoryCommands(program, deps);
    await registerBulkCommands(program, deps, argv);
    registerHelpCommand(program, deps);
    const completion = await import('../commands/completion.js');
    completion.registerCompletionCommand(program, deps);
    completion.registerCompleteCommand(program, deps);
  }
  if (!onlyResource || wantsHelp || argv.length === 1)
    (await import('../completion/help-extras.js')).applyHelpExtras(program);
  configureTree(program);
  return program;
}

/** The site commands that take no subcommand (`serve users` is a group of its own). */
const SITE_LEAVES = new Set(['api', 'info', 'doc', 'serve']);

/** Every subcommand inherits the output settings and exit override of the root. */
function configureTree(program: Command): void {
  const configure = (cmd: Command) => {
    if (cmd.commands.length > 0) cmd.hook('preSubcommand', handDownSharedOptions);
    for (const sub of cmd.commands) {
      sub.exitOverride().showSuggestionAfterError(true);
      suggestOwnFlags(sub);
      sub.configureOutput(program.configureOutput());
      configure(sub);
    }
  };
  configure(program);
}

/**
 * commander gives an option to the first command on the line that declares it: when a command and one
 * of its ancestors declare the same flag (`sync --data` and `sync pull --data`, the global `--dry-run`
 * and `sync push --dry-run`), the ancestor takes the value and the subcommand never sees it. Before a
 * subcommand parses, the values its ancestors took for flags it declares too are handed down to it,
 * so its handler reads its own options (test/unit/command-tree.test.ts walks the tree).
 */
function handDownSharedOptions(_parent: Command, sub: Command): void {
  for (const option of sub.options) {
    const key = option.attributeName();
    for (let up = sub.parent; up; up = up.parent) {
      if (!up.options.some((o) => o.long === option.long)) continue;
      const source = up.getOptionValueSource(key);
      if (source !== 'cli' && source !== 'env') continue;
      sub.setOptionValueWithSource(key, up.getOptionValue(key), source);
      break;
    }
  }
}

/**
 * An unknown `--word` that names one of the command's own fields by another word (`venues create
 * --name`) is answered with that field's flag (`--venue`); anything else gets commander's suggestion
 * by spelling.
 */
function suggestOwnFlags(cmd: Command): void {
  const byCommander = (cmd as unknown as { unknownOption(flag: string): never }).unknownOption.bind(cmd);
  Object.assign(cmd, {
    unknownOption(flag: string): never {
      const meant = flagForWord(cmd, flag);
      if (meant === undefined) return byCommander(flag);
      return cmd.error(`error: unknown option '${flag}'\n(Did you mean --${meant}?)`, {
        code: 'commander.unknownOption',
      });
    },
  });
}

function debugStack(err: unknown, ctx: Context): void {
  if (err instanceof Error && err.stack) ctx.io.stderr.write(`${err.stack}\n`);
  let cause = err instanceof Error ? err.cause : undefined;
  while (cause instanceof Error) {
    ctx.io.stderr.write(`caused by: ${cause.stack ?? cause.message}\n`);
    cause = cause.cause;
  }
}

/** Formats an error for stderr: plain words with a hint, plus JSON with -o json. */
async function reportError(
  err: unknown,
  ctx: Context,
  globals: GlobalOptions,
  opts: { jsonOnly?: boolean } = {},
): Promise<void> {
  const { writeError, isOutputFormat } = await import('../output/index.js');
  const wanted = globals.json ? 'json' : globals.output;
  const format = wanted !== undefined && isOutputFormat(wanted) ? wanted : undefined;
  writeError(err, { stderr: ctx.io.stderr, format, jsonOnly: opts.jsonOnly });
  if (globals.debug) debugStack(err, ctx);
}

/**
 * The output flags as written on the command line (`-o json`, `-ojson`, `--output=json`, `--json`),
 * for errors of the parser itself, when commander has not handed over the options.
 */
export function outputFlags(args: readonly string[]): Pick<GlobalOptions, 'output' | 'json'> {
  const found: Pick<GlobalOptions, 'output' | 'json'> = {};
  for (const [i, arg] of args.entries()) {
    const next = args[i + 1];
    if (arg === '--') break;
    if (arg === '--json') found.json = true;
    else if (arg === '-o' || arg === '--output') {
      if (next !== undefined) found.output = next;
    } else if (arg.startsWith('--output=')) found.output = arg.slice('--output='.length);
    else if (/^-o[^-]/.test(arg)) found.output = arg.slice(2).replace(/^=/, '');
  }
  return found;
}

/** A write to stdout failed: a full disk (ENOSPC), a closed pipe (EPIPE), an I/O error. */
class OutputError extends CalctlError {
  constructor(cause: NodeJS.ErrnoException) {
    const reason = cause.message.replace(/^[A-Z]+: /, '').replace(/, write$/, '');
    const why = cause.code && !reason.includes(cause.code) ? `${reason} (${cause.code})` : reason;
    super(`cannot write the output: ${why}`, { code: 'write-failed', exitCode: EXIT.failure, cause });
  }
}

/**
 * Runs calctl with `argv` (without node and script). Resolves to the exit code; SIGINT (the
 * controller aborted by main) gives 130 unless the command finished cleanly on its own.
 */
export async function runProgram(argv: string[], ctx: Context, controller: AbortController): Promise<number> {
  const args = expandProfileShorthand(argv);
  let runtime: CliRuntime | undefined;
  let program: Command | undefined;
  const globals = (): GlobalOptions => program?.opts<GlobalOptions>() ?? {};
  const getRuntime = () => {
    runtime ??= createRuntime(ctx, globals(), argv);
    return runtime;
  };
  // A failed write to stdout stops the run: nobody reads what comes next. A closed pipe
  // (`calctl events list | head`) is a normal way for a reader to stop and ends quietly; anything
  // else (a full disk) is one line on stderr and exit 1.
  let writeFailure: NodeJS.ErrnoException | undefined;
  const onStdoutError = (err: NodeJS.ErrnoException) => {
    writeFailure ??= err;
    if (!controller.signal.aborted) controller.abort(new Error(err.code === 'EPIPE' ? 'EPIPE' : 'stdout'));
  };
  const afterWriteFailure = async (): Promise<number> => {
    if (writeFailure === undefined || writeFailure.code === 'EPIPE') return EXIT.ok;
    const err = new OutputError(writeFailure);
    await reportError(err, ctx, globals());
    return exitCodeOf(err);
  };
  const unwatch = watchStdout(ctx, onStdoutError);
  let code: number;
  try {
    code = await run();
    await flushStdout(ctx);
  } catch (err) {
    await flushStdout(ctx);
    if (writeFailure !== undefined) return await afterWriteFailure();
    if (err instanceof CommanderError) return await parserFailure(err);
    await reportError(err, ctx, globals());
    return exitCodeOf(err);
  } finally {
    unwatch();
    await runtime?.close().catch(() => {});
  }
  return writeFailure !== undefined ? await afterWriteFailure() : code;

  async function run(): Promise<number> {
    // No command, only global options (`calctl @prod`): the same help as a bare `calctl`.
    // (a line that starts with a command word is never probed: no extra parse on the usual path)
    if (args.length === 0 || (args[0]?.startsWith('-') && onlyGlobalOptions(args))) {
      program = await buildProgram(ctx, getRuntime, []);
      program.outputHelp();
      return EXIT.ok;
    }
    program = await buildProgram(ctx, getRuntime, args);
    program.hook('preAction', () => {
      if (globals().insecure) {
        ctx.io.stderr.write('calctl: warning: --insecure: TLS certificates are not checked\n');
      }
      if (globals().token) {
        ctx.io.stderr.write(
          'calctl: warning: --token on the command line is visible in the process list and shell history; ' +
            'use CALCTL_TOKEN or a profile (calctl profile add NAME --url … --token-stdin)\n',
        );
      }
    });
    await program.parseAsync(args, { from: 'user' });
    return EXIT.ok;
  }

  /** commander has printed its message; with -o json the JSON error line follows, as for any error. */
  async function parserFailure(err: CommanderError): Promise<number> {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return EXIT.ok;
    await reportError(parserUsageError(err), ctx, outputFlags(args), { jsonOnly: true });
    return EXIT.usage;
  }
}
