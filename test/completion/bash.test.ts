/**
 * bash completion, for real: completions/calctl.bash is sourced in `bash --norc` and `_calctl` runs
 * with COMP_LINE/COMP_WORDS split the way readline splits them (COMP_WORDBREAKS: = @ : …). Live ids
 * come from the local calendar of a seeded temp HOME (EXAMPLE_SEED). One case presses Tab in tmux.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { bashScript } from '../../src/completion/bash.js';
import { buildModel } from '../../src/completion/model.js';
import { acceptsOutputFormats } from '../../src/completion/output-formats.js';
import { FORMATS } from '../../src/output/format.js';
import { TmuxSession, tmuxAvailable } from '../terminal/tmux.js';
import { ROOT, seededHome, shellEnv, shimDir } from './helpers.js';

const SCRIPT = join(ROOT, 'completions/calctl.bash');

/** bash's default COMP_WORDBREAKS (bash 5.2), and one without `=`, `@` and `:`. */
const DEFAULT_BREAKS = ` \t\n"'@><=;|&(:`;
const NARROW_BREAKS = ` \t\n"'><;|&(`;

/** Splits a line like bash does for COMP_WORDS: blanks separate words, runs of break characters are words too. */
function compWords(line: string, breaks: string): string[] {
  const set = [...breaks]
    .filter((c) => !/\s/.test(c))
    .map((c) => `\\${c}`)
    .join('');
  const split = set ? new RegExp(`[${set}]+|[^${set}]+`, 'g') : /.+/g;
  const words = line.split(/[ \t]+/).flatMap((w) => (w === '' ? [] : (w.match(split) ?? [])));
  if (line === '' || /[ \t]$/.test(line)) words.push('');
  return words;
}

/**
 * Where readline starts the text it replaces: after the last unquoted break character (on it for
 * `@` and `$`, bash's rl_special_prefixes), or after an open quote. Checked against bash 5.2 in tmux.
 */
function replaceStart(line: string, breaks: string): number {
  let quote = '';
  let quoteStart = 0;
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charAt(i);
    if (quote) {
      if (c === quote) quote = '';
      else if (c === '\\' && quote === '"') i++;
    } else if (c === '\\') i++;
    else if (c === '"' || c === "'") {
      quote = c;
      quoteStart = i + 1;
    } else if (breaks.includes(c)) start = c === '@' || c === '$' ? i : i + 1;
  }
  return quote ? quoteStart : start;
}

let env: Record<string, string>;

interface Completion {
  /** COMPREPLY */
  reply: string[];
  /** the line after readline replaced its text with the reply (their common prefix for several) */
  line: string;
}

/** Runs `_calctl` as bash does on Tab at the end of `line`; `breaks` is COMP_WORDBREAKS. */
function completion(line: string, opts: { breaks?: string; cwd?: string; script?: string } = {}): Completion {
  const breaks = opts.breaks ?? DEFAULT_BREAKS;
  const words = compWords(line, breaks);
  const start = replaceStart(line, breaks);
  const script = [
    `source ${shq(opts.script ?? SCRIPT)}`,
    `COMP_WORDBREAKS=${shq(breaks)}`,
    `COMP_LINE=${shq(line)}; COMP_POINT=${line.length}`,
    `COMP_WORDS=(${words.map(shq).join(' ')}); COMP_CWORD=${words.length - 1}`,
    `_calctl calctl ${shq(line.slice(start))} ${shq(words[words.length - 2] ?? '')}`,
    `printf '%s\\n' "\${COMPREPLY[@]}"`,
  ].join('\n');
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', script], {
    env,
    encoding: 'utf8',
    cwd: opts.cwd ?? ROOT,
  });
  expect(r.stderr).toBe('');
  const reply = r.stdout.split('\n').filter((l) => l !== '');
  let common = reply[0] ?? '';
  for (const w of reply) while (!w.startsWith(common)) common = common.slice(0, -1);
  // readline keeps the typed text only when several candidates share no first character
  const keep = reply.length === 0 || (reply.length > 1 && common === '' && start < line.length);
  return { reply, line: keep ? line : line.slice(0, start) + common };
}

function complete(line: string): string[] {
  return completion(line).reply;
}

const shq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

describe('bash completion', () => {
  beforeAll(async () => {
    env = shellEnv(await seededHome(), shimDir());
  }, 60_000);

  it('registers _calctl for calctl', () => {
    const r = spawnSync('bash', ['--norc', '-c', `source ${SCRIPT}; complete -p calctl`], { env, encoding: 'utf8' });
    expect(r.stdout.trim()).toBe('complete -F _calctl calctl');
  });

  it.each<[string, string[], string[]?]>([
    ['calctl ', ['events', 'venues', 'import', 'export', 'profile', 'completion', 'help'], ['__complete', '__man']],
    ['calctl ev', ['events'], ['venues']],
    ['calctl events ', ['list', 'ls', 'get', 'create', 'update', 'delete', 'rm']],
    ['calctl profile ', ['add', 'list', 'show', 'use', 'remove', 'test']],
    ['calctl events ls --s', ['--start-date', '--status', '--search'], ['--title']],
    ['calctl events create --', ['--title', '--start-date', '--data', '--porcelain', '--profile', '--dry-run']],
    ['calctl events list --status ', ['publish', 'draft', 'any']],
    ['calctl events list --status publish,d', ['publish,draft']],
    ['calctl categories list --order ', ['asc', 'desc']],
    ['calctl tags list --orderby ', ['name', 'count', 'slug']],
    ['calctl events list -o ', ['table', 'json', 'ndjson', 'csv', 'yaml', 'ids', 'count']],
    ['calctl events list --output=nd', ['ndjson']],
    ['calctl completion ', ['bash', 'zsh', 'fish']],
    ['calctl events get 3 --fields id,ti', ['id,title', 'id,timezone']],
    ['calctl venues list --field ', ['venue', 'city', 'id']],
    ['calctl help ', ['exit-codes', 'formats', 'csv', 'auth', 'events']],
    ['calctl import ', ['events', 'venues', 'tags']],
    ['calctl import events --on-conflict ', ['update', 'skip', 'fail']],
    ['calctl events create --featured ', ['true', 'false']],
  ])('%s', (line, expected, absent = []) => {
    const got = complete(line);
    for (const word of expected) expect(got).toContain(word);
    for (const word of absent) expect(got).not.toContain(word);
  });

  it('completes files for import, --data @file, --file, --rejects and --map-file', () => {
    expect(complete('calctl import events package.j')).toEqual(['package.json']);
    expect(complete('calctl import events --rejects package.j')).toEqual(['package.json']);
    expect(complete('calctl events create --data @package.j')).toEqual(['@package.json']);
    expect(complete('calctl events create --data ')).toEqual(['-', '@']);
    expect(complete('calctl export events --file package.j')).toEqual(['package.json']);
    expect(complete('calctl import venues x.csv --map-file package.j')).toEqual(['package.json']);
  });

  it('completes profile names after --profile and after @ as the first word', () => {
    expect(complete('calctl --profile ')).toEqual(['demo', 'local']);
    expect(complete('calctl @d')).toEqual(['@demo']);
    expect(complete('calctl profile use ')).toEqual(['demo', 'local']);
  });

  it('completes live ids for get/update/delete, ids and slugs for --venue/--organizer, slugs for --categories/--tags', () => {
    expect(complete('calctl events get ')).toEqual(['3', '4']);
    expect(complete('calctl events update ')).toEqual(['3', '4']);
    expect(complete('calctl events delete 3 ')).toEqual(['3', '4']);
    expect(complete('calctl venues get ').sort()).toEqual(['1', '5']);
    expect(complete('calctl events list --venue ').sort()).toEqual(['1', '5', 'spare-venue', 'town-hall']);
    expect(complete('calctl events create --organizer ').sort()).toEqual(['2', '6', 'jazz-club', 'spare-organizer']);
    expect(complete('calctl events list --venue town')).toEqual(['town-hall']);
    expect(complete('calctl events list --categories ').sort()).toEqual(['music', 'spare']);
    expect(complete('calctl events update 3 --tags jazz,').sort()).toEqual(['jazz,jazz', 'jazz,spare']);
    expect(complete('calctl @local events get 3')).toEqual(['3']);
  });

  it('stays silent and empty when the profile cannot answer', () => {
    expect(complete('calctl --profile nosuch events get ')).toEqual([]);
    expect(complete('calctl --url http://127.0.0.1:9 events get ')).toEqual(['3', '4']); // only --profile is passed on
  });

  // What readline replaces is the text after the last COMP_WORDBREAKS character of the word, but
  // with the @ (bash keeps @ and $ in it): COMPREPLY must be relative to that, not to COMP_WORDS.
  // Each case runs with the default COMP_WORDBREAKS and with one lacking = @ :.
  const BREAKS = [DEFAULT_BREAKS, NARROW_BREAKS];

  it('keeps the @ of `calctl @profile`', () => {
    for (const breaks of BREAKS) {
      expect(completion('calctl @d', { breaks })).toEqual({ reply: ['@demo'], line: 'calctl @demo' });
      expect(completion('calctl @', { breaks })).toEqual({ reply: ['@demo', '@local'], line: 'calctl @' });
      expect(completion('calctl @local events get ', { breaks }).reply).toEqual(['3', '4']);
    }
  });

  it('keeps the @ of `--data @file`, with / after a directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'calctl-atfile-'));
    writeFileSync(join(dir, 'ev2.json'), '{}');
    writeFileSync(join(dir, 'my file.json'), '{}');
    mkdirSync(join(dir, 'subdir'));
    writeFileSync(join(dir, 'subdir/x.csv'), '');
    for (const breaks of BREAKS) {
      const line = (typed: string) => completion(`calctl events create ${typed}`, { breaks, cwd: dir }).line;
      expect(line('--data @ev2')).toBe('calctl events create --data @ev2.json');
      expect(line('--data @su')).toBe('calctl events create --data @subdir/');
      expect(line('--data @subdir/')).toBe('calctl events create --data @subdir/x.csv');
      expect(line('--data=@ev')).toBe('calctl events create --data=@ev2.json');
      expect(line('--data @my')).toBe('calctl events create --data @my\\ file.json');
      expect(line('--data "@my')).toBe('calctl events create --data "@my file.json'); // readline closes the quote
      expect(line('--data @')).toBe('calctl events create --data @'); // several: the common prefix
    }
  });

  it('completes --flag=value after the = and --flag value alike', () => {
    for (const breaks of BREAKS) {
      const run = (line: string) => completion(line, { breaks });
      const formats = ['table', 'json', 'ndjson', 'csv', 'yaml', 'ids', 'count'];
      const lead = breaks.includes('=') ? '' : '--output=';
      expect(run('calctl events list --output=')).toEqual({
        reply: formats.map((f) => lead + f),
        line: 'calctl events list --output=',
      });
      expect(run('calctl events list --output=j').line).toBe('calctl events list --output=json');
      expect(run('calctl events list --output j').line).toBe('calctl events list --output json');
      expect(run('calctl events list -o nd').line).toBe('calctl events list -o ndjson');
      const venue = run('calctl events list --venue=');
      expect(venue.line).toBe('calctl events list --venue=');
      const venues = ['1', '5', 'spare-venue', 'town-hall'];
      expect(venue.reply.sort()).toEqual(breaks.includes('=') ? venues : venues.map((v) => `--venue=${v}`));
      expect(run('calctl events list --status=publish,d').line).toBe('calctl events list --status=publish,draft');
      expect(run('calctl --profile=d').line).toBe('calctl --profile=demo');
      expect(run('calctl events list --output=json --s').reply).toContain('--status');
    }
  });

  it('offers only the output formats a command declares (acceptsOutputFormats)', () => {
    const program = new Command('calctl').option('-o, --output <format>', 'output format');
    acceptsOutputFormats(program.command('export').command('events'), ['csv', 'ndjson', 'json']);
    program.command('events').command('list');
    const script = join(mkdtempSync(join(tmpdir(), 'calctl-formats-')), 'calctl.bash');
    writeFileSync(script, bashScript(buildModel(program)));
    expect(completion('calctl export events -o ', { script }).reply).toEqual(['csv', 'ndjson', 'json']);
    expect(completion('calctl export events --output=', { script }).reply).toEqual(['csv', 'ndjson', 'json']);
    expect(completion('calctl events list -o ', { script }).reply).toEqual([...FORMATS]);
  });

  it('calctl export events -o offers csv, ndjson, json and ics only (what export accepts)', () => {
    expect(completion('calctl export events -o ').reply.sort()).toEqual(['csv', 'ics', 'json', 'ndjson']);
    expect(completion('calctl export venues -o ').reply.sort()).toEqual(['csv', 'json', 'ndjson']);
    expect(completion('calctl events list -o ').reply).toContain('table');
  });

  it('keeps @ and completes after = on Tab in an interactive bash (tmux)', async (t) => {
    if (!tmuxAvailable()) t.skip();
    const tmux = new TmuxSession({ env, cwd: ROOT }).start();
    try {
      await tmux.waitFor(/^\$/m);
      tmux.run(`source ${SCRIPT}`);
      tmux.type('calctl @d');
      tmux.keys('Tab');
      await tmux.waitFor(/^\$ calctl @demo\s*$/m);
      tmux.keys('C-u');
      tmux.type('calctl events list --output=');
      tmux.keys('Tab', 'Tab');
      await tmux.waitFor(/^count\s+csv\s+ids\s+json\s+ndjson\s+table\s+yaml\s*$/m);
      await tmux.waitFor(/^\$ calctl events list --output=$/m);
      tmux.type('j');
      tmux.keys('Tab');
      await tmux.waitFor(/^\$ calctl events list --output=json\s*$/m);
      tmux.keys('C-u');
      tmux.type('calctl events create --data @package.j');
      tmux.keys('Tab');
      await tmux.waitFor(/^\$ calctl events create --data @package\.json\s*$/m);
    } finally {
      tmux.kill();
    }
  });

  it('completes on Tab in an interactive bash (tmux)', async (t) => {
    if (!tmuxAvailable()) t.skip();
    const tmux = new TmuxSession({ env, cwd: ROOT }).start();
    try {
      await tmux.waitFor(/^\$/m);
      tmux.run(`source ${SCRIPT}`);
      tmux.type('calctl eve');
      tmux.keys('Tab');
      await tmux.waitFor(/calctl events\s*$/m);
      tmux.type('get ');
      tmux.keys('Tab', 'Tab');
      await tmux.waitFor(/^3\s+4\s*$/m);
      tmux.keys('C-u');
      tmux.type('calctl @');
      tmux.keys('Tab', 'Tab');
      await tmux.waitFor(/@?demo\s+@?local/);
    } finally {
      tmux.kill();
    }
  });
});
