import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { catalog, type FieldSpec, getResource, type ParamSpec } from '../../src/catalog/index.js';
import { expandProfileShorthand } from '../../src/cli/argv.js';
import { buildProgram } from '../../src/cli/program.js';
import { addFlags, bindFlags, GLOBAL_FLAG_NAMES, kebab, readFlags } from '../../src/commands/resource/flags.js';
import { toBody, toQuery } from '../../src/commands/resource/values.js';
import type { CliRuntime } from '../../src/commands/types.js';
import type { Context } from '../../src/io/context.js';

const ctx: Context = {
  io: { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin },
  env: {},
  now: () => new Date('2026-06-15T12:00:00Z'),
  cwd: '/',
  home: '/nonexistent',
  signal: new AbortController().signal,
};
const noRuntime = (): CliRuntime => {
  throw new Error('not used');
};
const dates = { now: new Date('2026-06-15T12:00:00Z'), timezone: 'UTC' };

function parse(resource: string, kind: 'listParams' | 'fields', argv: string[]) {
  const spec = getResource(resource);
  const bound = bindFlags<FieldSpec | ParamSpec>(spec[kind]);
  const cmd = new Command().exitOverride().configureOutput({ writeErr: () => {} });
  addFlags(cmd, bound);
  cmd.parse(argv, { from: 'user' });
  return readFlags(bound, cmd.opts());
}

describe('flags generated from the catalog', () => {
  it.each(catalog.map((r) => [r.name, r] as const))(
    '%s: every list param and field is a flag',
    async (name, resource) => {
      const program = await buildProgram(ctx, noRuntime);
      const group = program.commands.find((c) => c.name() === name);
      const longs = (sub: string) =>
        new Set(group?.commands.find((c) => c.name() === sub)?.options.map((o) => o.long?.replace(/^--/, '')));
      const globals = new Set(program.options.map((o) => o.long?.replace(/^--/, '')));
      for (const p of resource.listParams) {
        const flag = kebab(p.name);
        expect(longs('list').has(flag) || globals.has(flag), `list --${flag}`).toBe(true);
      }
      for (const f of resource.fields) {
        const flag = kebab(f.name);
        expect(longs('create').has(flag) || GLOBAL_FLAG_NAMES.has(flag), `create --${flag}`).toBe(true);
        expect(longs('update').has(flag) || GLOBAL_FLAG_NAMES.has(flag), `update --${flag}`).toBe(true);
      }
    },
  );

  it('repeatable and comma lists, switches in every spelling, numbers', async () => {
    const raw = parse('events', 'listParams', [
      '--venue',
      '3',
      '--venue',
      '4,5',
      '--no-featured',
      '--per-page',
      '20',
      '--strict-dates',
    ]);
    expect(raw).toEqual({ venue: ['3', '4', '5'], featured: false, per_page: 20, strict_dates: true });
    expect(await toQuery(getResource('events'), raw, dates)).toEqual({
      venue: '3,4,5',
      featured: 'false',
      per_page: 20,
      strict_dates: 'true',
    });
    expect(parse('categories', 'listParams', ['--hide-empty=false']).hide_empty).toBe(false);
    expect(parse('events', 'listParams', ['--featured']).featured).toBe(true);
    expect(parse('events', 'listParams', ['--featured=no']).featured).toBe(false);
    expect(() => parse('events', 'listParams', ['--per-page', 'lots'])).toThrow(/whole number/);
    expect(() => parse('events', 'listParams', ['--featured=maybe'])).toThrow(/true or false/);
  });

  it('date flags are parsed into the server format', async () => {
    const raw = parse('events', 'listParams', ['--start-date', 'tomorrow', '--end-date', '2026-07-01']);
    expect(await toQuery(getResource('events'), raw, dates)).toEqual({
      start_date: '2026-06-16 00:00:00',
      end_date: '2026-07-01 23:59:59',
    });
    await expect(toQuery(getResource('events'), { start_date: 'someday maybe' }, dates)).rejects.toThrow(
      /--start-date/,
    );
  });

  it('write bodies: ids as numbers, inline JSON, names, and empty lists that clear', async () => {
    const raw = parse('events', 'fields', [
      '--title',
      'T',
      '--organizer',
      '7,8',
      '--venue',
      '{"venue":"New Hall"}',
      '--categories',
      'music,3',
      '--all-day',
      '--tags',
      '',
    ]);
    expect(await toBody(getResource('events'), raw, dates)).toEqual({
      title: 'T',
      organizer: [7, 8],
      venue: { venue: 'New Hall' },
      categories: ['music', 3],
      all_day: true,
      tags: [],
    });
  });
});

describe('@profile shorthand', () => {
  it.each([
    [
      ['@prod', 'events', 'list'],
      ['--profile', 'prod', 'events', 'list'],
    ],
    [
      ['events', 'list', '@prod'],
      ['events', 'list', '@prod'],
    ],
    [
      ['events', 'create', '--data', '@file.json'],
      ['events', 'create', '--data', '@file.json'],
    ],
    [
      ['@', 'x'],
      ['@', 'x'],
    ],
  ])('%j → %j', (input, expected) => {
    expect(expandProfileShorthand(input)).toEqual(expected);
  });
});

describe('a command line builds only what it can run', () => {
  const names = async (argv: string[]) => (await buildProgram(ctx, noRuntime, argv)).commands.map((c) => c.name());

  it('a resource line builds that resource alone, with or without a profile or output flag before it', async () => {
    expect(await names(['events', 'list'])).toEqual(['events']);
    expect(await names(expandProfileShorthand(['@prod', 'events', 'list', '--per-page', '1']))).toEqual(['events']);
    expect(await names(['-o', 'json', '--timeout', '5', 'venues', 'list'])).toEqual(['venues']);
    expect(await names(['--url=http://x', 'tags', 'get', '3'])).toEqual(['tags']);
  });

  it('a site line builds the site commands; serve users and --help build every command', async () => {
    const site = await names(expandProfileShorthand(['@prod', 'api', 'GET', '/events']));
    expect(site).toContain('api');
    expect(site).not.toContain('events');
    expect(await names(['serve', 'users', 'list'])).toContain('events');
    expect(await names(expandProfileShorthand(['@prod', 'import', 'events', 'a.csv']))).toEqual(['import']);
    expect(await names(['export', 'venues', '-o', 'csv'])).toEqual(['export']);
    expect(await names(['--help'])).toContain('venues');
  });
});
