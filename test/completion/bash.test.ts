/**
 * bash completion, for real: completions/calctl.bash is sourced in `bash --norc` and `_calctl` runs
 * with COMP_LINE/COMP_WORDS split the way readline splits them (COMP_WORDBREAKS: = @ : …). Live ids
 * come from the local calendar of a seeded temp HOME (EXAMPLE_SEED). One case presses Tab in tmux.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TmuxSession, tmuxAvailable } from '../terminal/tmux.js';
import { ROOT, seededHome, shellEnv, shimDir } from './helpers.js';

const SCRIPT = join(ROOT, 'completions/calctl.bash');

/** Splits a line like readline: blanks separate words, runs of break characters are words too. */
function compWords(line: string): string[] {
  const words = line.split(/[ \t]+/).flatMap((w) => w.match(/[=@:]+|[^=@:]+/g) ?? []);
  if (line === '' || /[ \t]$/.test(line)) words.push('');
  return words;
}

let env: Record<string, string>;

function complete(line: string): string[] {
  const words = compWords(line);
  const script = [
    `source ${JSON.stringify(SCRIPT)}`,
    `COMP_LINE=${shq(line)}; COMP_POINT=${line.length}`,
    `COMP_WORDS=(${words.map(shq).join(' ')}); COMP_CWORD=${words.length - 1}`,
    '_calctl calctl',
    `printf '%s\\n' "\${COMPREPLY[@]}"`,
  ].join('\n');
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', script], { env, encoding: 'utf8', cwd: ROOT });
  expect(r.stderr).toBe('');
  return r.stdout.split('\n').filter((l) => l !== '');
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
    expect(complete('calctl events create --data @package.j')).toEqual(['package.json']);
    expect(complete('calctl events create --data ')).toEqual(['-', '@']);
    expect(complete('calctl export events --file package.j')).toEqual(['package.json']);
    expect(complete('calctl import venues x.csv --map-file package.j')).toEqual(['package.json']);
  });

  it('completes profile names after --profile and after @ as the first word', () => {
    expect(complete('calctl --profile ')).toEqual(['demo', 'local']);
    expect(complete('calctl @d')).toEqual(['demo']);
    expect(complete('calctl profile use ')).toEqual(['demo', 'local']);
  });

  it('completes live ids for get/update/delete and --venue/--organizer, slugs for --categories/--tags', () => {
    expect(complete('calctl events get ')).toEqual(['3', '4']);
    expect(complete('calctl events update ')).toEqual(['3', '4']);
    expect(complete('calctl events delete 3 ')).toEqual(['3', '4']);
    expect(complete('calctl venues get ').sort()).toEqual(['1', '5']);
    expect(complete('calctl events list --venue ').sort()).toEqual(['1', '5']);
    expect(complete('calctl events create --organizer ').sort()).toEqual(['2', '6']);
    expect(complete('calctl events list --categories ').sort()).toEqual(['music', 'spare']);
    expect(complete('calctl events update 3 --tags jazz,').sort()).toEqual(['jazz,jazz', 'jazz,spare']);
    expect(complete('calctl @local events get 3')).toEqual(['3']);
  });

  it('stays silent and empty when the profile cannot answer', () => {
    expect(complete('calctl --profile nosuch events get ')).toEqual([]);
    expect(complete('calctl --url http://127.0.0.1:9 events get ')).toEqual(['3', '4']); // only --profile is passed on
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
