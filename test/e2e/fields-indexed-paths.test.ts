/**
 * Numeric segments in --fields / --field paths index arrays, as `calctl help formats` shows with
 * `organizer.0.organizer`: one element, in JSON (its position kept, as jq's pick), CSV, tables and
 * bare values.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../helpers/cli.js';

let home: string;
const cli = (args: string[]) => runCli(args, { home });

beforeAll(async () => {
  home = tempHome();
  const made = await cli([
    'events',
    'create',
    '--title',
    'Indexed',
    '--start-date',
    '2027-02-01 10:00',
    '--end-date',
    '2027-02-01 11:00',
    '--categories',
    'Music,Jazz Nights',
    '--create-missing',
    '--organizer',
    '{"organizer":"Ann Org"}',
    '-o',
    'json',
  ]);
  expect(made.code, made.stderr).toBe(0);
}, 30_000);

describe('indexed paths', () => {
  it('--fields id,organizer.0.organizer -o json picks the first organizer', async () => {
    const res = await cli(['events', 'list', '--fields', 'id,organizer.0.organizer', '-o', 'json']);
    expect(res.code, res.stderr).toBe(0);
    const [record] = res.json<{ id: number; organizer: unknown }[]>();
    expect(record?.organizer).toEqual([{ organizer: 'Ann Org' }]);
  });

  it('-o csv fills the cell', async () => {
    const res = await cli(['events', 'list', '--fields', 'id,organizer.0.organizer', '-o', 'csv']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^id,organizer\.0\.organizer\n\d+,Ann Org\n$/);
  });

  it('--field categories.0.slug prints the first category slug', async () => {
    const res = await cli(['events', 'list', '--field', 'categories.0.slug']);
    expect(res.code, res.stderr).toBe(0);
    const slugs = (await cli(['events', 'list', '--field', 'categories.slug'])).stdout.trim().split(', ');
    expect(slugs).toHaveLength(2);
    expect(res.stdout).toBe(`${slugs[0]}\n`);
  });

  it('-o table shows the value', async () => {
    const res = await cli(['events', 'list', '--fields', 'title,categories.1.name', '-o', 'table']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.split('\n')[1]).toMatch(/^Indexed\s+\S/);
  });
});
