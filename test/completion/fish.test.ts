/**
 * fish completion, for real: `complete -C LINE` in `fish --no-config` after sourcing the generated
 * script prints what Tab would offer, with descriptions. Live ids and titles come from the local
 * calendar of a seeded temp HOME. Skipped (with a message) only when fish is not installed.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { has, ROOT, seededHome, shellEnv, shimDir } from './helpers.js';

const SCRIPT = join(ROOT, 'completions/calctl.fish');
const available = has('fish');
if (!available) console.warn('fish is not installed (scripts/install-shells.sh needs root and apt-get): skipping');

let env: Record<string, string>;

/** Candidates as [value, description] pairs. */
function complete(line: string): Array<[string, string]> {
  const r = spawnSync('fish', ['--no-config', '-c', `source ${SCRIPT}; complete -C ${fishQuote(line)}`], {
    env,
    encoding: 'utf8',
    cwd: ROOT,
  });
  expect(r.stderr).toBe('');
  return r.stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const [value = '', description = ''] = l.split('\t');
      return [value, description];
    });
}

const values = (line: string) => complete(line).map(([v]) => v);
const fishQuote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

describe.skipIf(!available)('fish completion', () => {
  beforeAll(async () => {
    env = shellEnv(await seededHome(), shimDir());
  }, 60_000);

  it('completes subcommands with their summaries, and aliases', () => {
    const top = complete('calctl ');
    expect(top.find(([v]) => v === 'events')?.[1]).toBe('events: list, get, create, update, copy, delete, restore');
    expect(top.map(([v]) => v)).not.toContain('__complete');
    expect(values('calctl events ')).toEqual(expect.arrayContaining(['list', 'ls', 'get', 'delete', 'rm']));
  });

  it('completes flags of the command and the global ones, with descriptions', () => {
    const flags = complete('calctl events list --');
    expect(flags.map(([v]) => v)).toEqual(expect.arrayContaining(['--status', '--venue', '--all', '--profile']));
    expect(flags.find(([v]) => v === '--all')?.[1]).toMatch(/every page/);
  });

  it('completes fixed choices and --fields names', () => {
    expect(values('calctl events list --status ')).toEqual(
      expect.arrayContaining(['publish', 'draft', 'future', 'any']),
    );
    expect(values('calctl -o ')).toEqual(expect.arrayContaining(['json', 'table', 'ndjson']));
    expect(values('calctl events list --output=ya')).toEqual(['--output=yaml']);
    expect(values('calctl categories list --orderby ')).toContain('count');
    expect(values('calctl completion ')).toEqual(expect.arrayContaining(['bash', 'zsh', 'fish']));
    expect(values('calctl events list --fields id,st')).toEqual(expect.arrayContaining(['id,status', 'id,start_date']));
  });

  it('completes ids with titles, venue/organizer ids, term slugs and profiles', () => {
    expect(complete('calctl events get ')).toEqual([
      ['3', 'Reference Concert'],
      ['4', 'Spare Event'],
    ]);
    expect(complete('calctl events list --venue ')).toContainEqual(['1', 'Town Hall']);
    expect(complete('calctl events update 3 --organizer ')).toContainEqual(['2', 'Jazz Club']);
    expect(complete('calctl events list --tags ')).toContainEqual(['jazz', 'Jazz']);
    expect(values('calctl --profile ')).toEqual(['demo', 'local']);
    expect(values('calctl @')).toEqual(['@demo', '@local']);
  });

  it('completes files for import and --data @file', () => {
    expect(values('calctl import events package.j')).toEqual(['package.json']);
    expect(values('calctl events create --data @package.j')).toEqual(['@package.json']);
  });
});
