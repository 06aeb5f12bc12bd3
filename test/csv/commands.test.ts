import { PassThrough } from 'node:stream';
import { Command } from 'commander';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { registerExportCommand } from '../../src/commands/export.js';
import { registerImportCommand } from '../../src/commands/import-command.js';
import type { CliRuntime, GlobalOptions } from '../../src/commands/types.js';
import { PartialError, UsageError } from '../../src/errors/index.js';
import type { Context } from '../../src/io/context.js';
import { fixture, listAll, startSite, type TestSite } from './helpers.js';

let site: TestSite;
beforeEach(async () => {
  site = await startSite();
});
afterEach(async () => {
  await site.close();
});

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c: Buffer) => {
    text += c.toString();
  });
  return { stream, text: () => text };
}

/** Runs `calctl <argv>` through the two registered commands with a runtime on the test server. */
async function run(argv: string[], globals: GlobalOptions = {}) {
  const stdout = capture();
  const stderr = capture();
  const ctx: Context = {
    io: { stdout: stdout.stream, stderr: stderr.stream, stdin: new PassThrough() },
    env: {},
    now: () => new Date('2026-01-01T00:00:00Z'),
    cwd: site.dir,
    home: site.dir,
    signal: new AbortController().signal,
  };
  const runtime: CliRuntime = {
    ctx,
    target: async () => ({ kind: 'local', profileName: 'local', sources: {} }),
    api: async () => site.api,
    globals: () => globals,
    close: async () => {},
    stdinText: async () => {
      throw new Error('these commands read their input as a stream');
    },
    debug: () => {},
  };
  const program = new Command('calctl').exitOverride();
  registerImportCommand(program, { ctx, runtime: () => runtime });
  registerExportCommand(program, { ctx, runtime: () => runtime });
  let error: unknown;
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    error = err;
  }
  await new Promise((r) => setImmediate(r));
  return { error, stdout: stdout.text(), stderr: stderr.text() };
}

it('prints the JSON summary on stdout with -o json, and exits 3 when rows were rejected', async () => {
  const ok = await run(['import', 'events', fixture('ours-events.csv')], { output: 'json' });
  expect(ok.error).toBeUndefined();
  const summary = JSON.parse(ok.stdout);
  expect(Object.keys(summary).sort()).toEqual([
    'blank',
    'created',
    'rejected',
    'rows',
    'seconds',
    'unchanged',
    'updated',
  ]);
  expect(summary).toMatchObject({ created: 2, rows: 2 });
  expect(ok.stderr).toContain('unknown column "Internal ref"');

  const bad = await run(['import', 'events', fixture('bad-rows.csv'), '--rejects', 'rej.csv']);
  expect(bad.error).toBeInstanceOf(PartialError);
  expect((bad.error as PartialError).exitCode).toBe(3);
  expect(bad.stderr).toMatch(/created 2, updated 0, unchanged 0, rejected 5/);
  expect(await listAll(site, 'events')).toHaveLength(4);
});

it('dry run writes nothing; --resume refuses stdin; a ragged row is rejected (exit 3), an unclosed quote exits 2', async () => {
  const dry = await run(['import', 'events', fixture('site-events.csv')], { dryRun: true });
  expect(dry.error).toBeUndefined();
  expect(dry.stderr).toMatch(/dry run .* created 3/);
  expect(await listAll(site, 'events')).toHaveLength(0);
  const stdin = await run(['import', 'events', '-', '--resume']);
  expect(stdin.error).toBeInstanceOf(UsageError);
  expect((stdin.error as UsageError).message).toMatch(/stdin/);
  const ragged = await run(['import', 'events', fixture('ragged.csv')]);
  expect((ragged.error as PartialError).exitCode).toBe(3);
  expect(ragged.stderr).toMatch(/line 3: the row has 3 cells and the header 2 columns/);
  const unbalanced = await run(['import', 'events', fixture('unbalanced.csv')]);
  expect((unbalanced.error as UsageError).exitCode).toBe(2);
});

it('exports with list filters from the catalog and --columns site to a file', async () => {
  await run(['import', 'events', fixture('ours-events.csv')]);
  const res = await run(['export', 'events', '--search', 'two', '--file', 'out.csv', '--columns', 'site']);
  expect(res.error).toBeUndefined();
  const { readFile } = await import('node:fs/promises');
  const text = await readFile(`${site.dir}/out.csv`, 'utf8');
  expect(text.split('\n')).toHaveLength(3);
  expect(text).toContain('Plain two');
  const json = await run(['export', 'venues'], { output: 'json' });
  expect(JSON.parse(json.stdout).map((v: { venue: string }) => v.venue)).toEqual(['Main Hall']);
});

it('reads its own NDJSON and JSON exports back unchanged (author, publication date, default website)', async () => {
  await run(['import', 'events', fixture('ours-events.csv')]);
  const { writeFile } = await import('node:fs/promises');
  for (const output of ['ndjson', 'json'] as const) {
    const exported = await run(['export', 'events'], { output });
    expect(exported.error).toBeUndefined();
    // (the site answers an event without a website with its own permalink there)
    expect(exported.stdout).toMatch(/"website":"http/);
    await writeFile(`${site.dir}/back.${output}`, exported.stdout);
    const back = await run(['import', 'events', `back.${output}`, '--on-conflict', 'fail'], { output: 'json' });
    expect(back.error, back.stderr).toBeUndefined();
    expect(JSON.parse(back.stdout)).toMatchObject({ created: 0, updated: 0, rejected: 0, unchanged: 2 });
  }
});
