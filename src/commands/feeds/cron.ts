/**
 * `calctl [@site] feeds cron [NAME...] [--every 30m]`: the crontab line that runs this site's feeds
 * from this machine. Cron runs a job with its own environment — `PATH=/usr/bin:/bin`, often no HOME
 * worth the name — where a bare `calctl` is not found (exit 127) and profiles would not be: so the
 * line names Node and calctl by their absolute paths and carries HOME and the variables that say
 * where calctl keeps profiles, feeds and its cache. No secret goes into it: the site is a profile.
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../../errors/index.js';
import { stderrNotes } from '../../output/notes.js';
import { printText, printValue, stdoutTerminal } from '../../output/stdout.js';
import { outputFormat } from '../shared.js';
import type { Runtime } from '../types.js';
import { openState } from './run.js';

/**
 * Variables of this environment the cron line carries when they are set: where calctl finds its
 * profiles, data (the feeds' state, the local calendar) and cache, and a CA Node must trust.
 */
export const CRON_ENV = [
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_CACHE_HOME',
  'CALCTL_CONFIG_DIR',
  'CALCTL_DATA_DIR',
  'NODE_EXTRA_CA_CERTS',
] as const;

/** A word as sh reads it: as it is when it holds nothing sh treats specially, else in single quotes. */
export function shellWord(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** calctl's launcher, found from this module (src/commands/feeds/ in a checkout, dist/ once built). */
export function launcherPath(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const bin = join(dir, 'bin', 'calctl.cjs');
    if (existsSync(bin) && existsSync(join(dir, 'package.json'))) return bin;
    const up = dirname(dir);
    if (up === dir) throw new Error("cannot find calctl's launcher (bin/calctl.cjs) above its code");
    dir = up;
  }
}

/** The line and its parts, as `-o json` gives them. */
export interface CronLine {
  /** the five schedule fields */
  schedule: string;
  /** what cron runs (through sh), with the variables it needs */
  command: string;
  /** the crontab line: schedule and command, `%` escaped as crontab needs */
  line: string;
}

/** The crontab line of `feeds run --quiet` for the run's site. */
export async function cronLine(rt: Runtime, names: string[], every: string): Promise<CronLine> {
  const { ctx } = rt;
  const g = rt.globals();
  const target = await rt.target();
  let site: string[] = [];
  if (target.kind === 'remote') {
    if (!target.profileName) {
      throw new UsageError(
        'a cron job names its site by a profile (its credentials stay out of the crontab)',
        'save one: calctl profile add NAME --url … , then: calctl @NAME feeds cron',
        'cron-needs-profile',
      );
    }
    site = [`@${target.profileName}`];
  }
  // (the feeds named must exist: a typo would fail every run, mailed every half hour)
  const state = await openState(rt);
  try {
    const all = state.feeds().map((f) => f.name);
    const unknown = names.filter((n) => !all.includes(n));
    if (unknown.length > 0) {
      throw new UsageError(
        `no feed named ${unknown.map((n) => `"${n}"`).join(', ')} on this site`,
        all.length > 0 ? `feeds: ${all.join(', ')}` : 'add one: calctl feeds add NAME URL',
        'unknown-feed',
      );
    }
    if (all.length === 0) stderrNotes(ctx).note('no feeds on this site yet; add one: calctl feeds add NAME URL');
  } finally {
    state.close();
  }
  const vars: string[] = [`HOME=${shellWord(ctx.home)}`];
  for (const name of CRON_ENV) {
    const value = ctx.env[name];
    if (value && isAbsolute(value)) vars.push(`${name}=${shellWord(value)}`);
  }
  const flags: string[] = [];
  if (g.timeout !== undefined) flags.push('--timeout', String(g.timeout));
  if (g.insecure) flags.push('--insecure');
  if (g.caFile !== undefined) flags.push('--ca-file', resolve(ctx.cwd, g.caFile));
  const words = [process.execPath, launcherPath(), ...site, ...flags, 'feeds', 'run', ...names, '--quiet'];
  const command = [...vars, ...words.map(shellWord)].join(' ');
  // (crontab reads an unescaped % as the end of the command)
  return { schedule: every, command, line: `${every} ${command.replaceAll('%', '\\%')}` };
}

/** Prints the crontab line (`-o json`: its parts too); on a terminal, how to install it on stderr. */
export async function printCron(rt: Runtime, names: string[], every: string, everyText?: string): Promise<void> {
  const cron = await cronLine(rt, names, every);
  const g = rt.globals();
  if (g.output !== undefined || g.json === true) {
    const format = await outputFormat(rt);
    printValue(rt.ctx, cron, format === 'yaml' || format === 'ndjson' ? format : 'json');
    return;
  }
  printText(rt.ctx, `${cron.line}\n`);
  if (stdoutTerminal(rt.ctx).isTTY) {
    const target = await rt.target();
    const again = [
      'calctl',
      ...(target.kind === 'remote' ? [`@${target.profileName}`] : []),
      'feeds cron',
      ...names,
      ...(everyText ? ['--every', everyText] : []),
    ].join(' ');
    stderrNotes(rt.ctx).note(`add it with crontab -e, or at once: (crontab -l 2>/dev/null; ${again}) | crontab -`);
  }
}
