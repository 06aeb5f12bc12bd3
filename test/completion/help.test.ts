/**
 * Help that teaches: every command's --help has a summary, grouped options and two or three
 * examples, and EVERY example runs (exit 0) against a seeded local calendar in a temp HOME, through
 * bash with `calctl` on PATH. Examples marked `skip` (a TTY, a real site, a server that runs until
 * Ctrl-C) are listed, not run. Also: help topics, and unknown commands suggesting the closest one.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../src/catalog/index.js';
import { EXAMPLES, type Example } from '../../src/completion/examples.js';
import { allCommands, buildModel } from '../../src/completion/model.js';
import { runCli } from '../helpers/cli.js';
import { copyHome, has, seededHome, shellEnv, shimDir } from './helpers.js';

async function commandPaths(): Promise<string[]> {
  const { buildProgram } = await import('../../src/cli/program.js');
  const { Writable, Readable } = await import('node:stream');
  const sink = new Writable({ write: (_c, _e, done) => done() });
  const ctx = {
    io: { stdout: sink, stderr: sink, stdin: Readable.from([]) },
    env: {},
    now: () => new Date(),
    cwd: tmpdir(),
    home: tmpdir(),
    signal: new AbortController().signal,
  };
  const program = await buildProgram(ctx, () => {
    throw new Error('no runtime in this test');
  }, ['--help']);
  return allCommands(buildModel(program)).map((c) => c.path.join(' '));
}

function bash(cmd: string, env: Record<string, string>, cwd: string): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn('bash', ['--norc', '--noprofile', '-o', 'pipefail', '-c', cmd], {
      env,
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, out });
    });
  });
}

/** Runs tasks with at most `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await run(item);
    }),
  );
}

let paths: string[];

describe('help', () => {
  beforeAll(async () => {
    paths = await commandPaths();
  });

  it('every command has 2-3 examples', () => {
    for (const path of paths) {
      const n = EXAMPLES[path]?.length ?? 0;
      expect(n, `examples of "calctl ${path}"`).toBeGreaterThanOrEqual(2);
      expect(n, `examples of "calctl ${path}"`).toBeLessThanOrEqual(3);
    }
  });

  it('every --help page has a summary, option groups and its examples', async () => {
    await pool(paths, 6, async (path) => {
      const r = await runCli([...(path ? path.split(' ') : []), '--help']);
      expect(r.code, `calctl ${path} --help`).toBe(0);
      const [usage, blank, summary] = r.stdout.split('\n');
      expect(usage).toMatch(/^Usage: calctl/);
      expect(blank).toBe('');
      expect(summary?.trim().length, `summary of "calctl ${path}"`).toBeGreaterThan(5);
      expect(r.stdout).toContain('\nExamples:\n');
      for (const e of EXAMPLES[path] ?? []) expect(r.stdout).toContain(`$ ${e.cmd}`);
      if (path !== '') expect(r.stdout).toContain('Global Options:');
    });
  }, 120_000);

  it('groups options and shows defaults', async () => {
    const list = (await runCli(['events', 'list', '--help'])).stdout;
    expect(list).toMatch(/\nFilters:\n/);
    expect(list).toMatch(/\nPaging:\n/);
    expect(list).toMatch(/--per-page <n>\s+events per page[^\n]*\(default: 10\)/);
    const root = (await runCli(['--help'])).stdout;
    expect(root).toMatch(/\nSite and credentials:\n/);
    expect(root).toMatch(/\nOutput:\n/);
    const imp = (await runCli(['import', 'events', '--help'])).stdout;
    expect(imp).toMatch(/\nMatching:\n/);
    expect(imp).toMatch(/--on-conflict <action>[\s\S]*default:\s+"update"/);
    const serve = (await runCli(['serve', '--help'])).stdout;
    expect(serve).toMatch(/--port <port>[\s\S]*\(default: 8080\)/);
  });

  it.each(['exit-codes', 'formats', 'dates', 'csv', 'profiles', 'auth', 'output'])('calctl help %s', async (topic) => {
    const r = await runCli(['help', topic]);
    expect(r.code).toBe(0);
    expect(r.stdout.length).toBeGreaterThan(200);
  });

  it('help formats lists the --fields names and csv the --map targets of every resource', async () => {
    const formats = (await runCli(['help', 'formats'])).stdout;
    const csv = (await runCli(['help', 'csv'])).stdout;
    for (const r of catalog) {
      expect(formats).toContain(`${r.name.padEnd(11)} ${r.recordKeys.slice(0, 3).join(', ')}`);
      expect(csv).toMatch(new RegExp(`^  ${r.name}\\s+`, 'm'));
    }
    expect(csv).toMatch(/--map 'Column Name=field'/);
    expect((await runCli(['help', 'auth'])).stdout).toMatch(/Application Passwords/);
  });

  it.each<[string[], RegExp]>([
    [['evnts', 'list'], /Did you mean events\?/],
    [['events', 'lsit'], /Did you mean (one of )?list/],
    [['profil'], /Did you mean profile\?/],
    [['help', 'evnts'], /did you mean "events"\?/],
    [['help', 'formts'], /did you mean "formats"\?/],
  ])('unknown %j suggests the closest and exits 2', async (args, hint) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(hint);
    expect(r.stdout).toBe('');
  });
});

describe('help examples run', () => {
  let home: string;
  let work: string;
  let shim: string;

  beforeAll(async () => {
    home = await seededHome();
    shim = shimDir();
    work = mkdtempSync(join(tmpdir(), 'calctl-examples-'));
    for (const r of catalog) {
      const out = await runCli(['export', r.name, '--file', join(work, `${r.name}.csv`)], { home });
      expect(out.code, out.stderr).toBe(0);
    }
  }, 60_000);

  it('every example exits 0 (each command in its own copy of the seeded HOME)', async () => {
    const failures: string[] = [];
    const skipped: string[] = [];
    const groups = Object.entries(EXAMPLES);
    await pool(groups, 6, async ([path, examples]: [string, Example[]]) => {
      const ownHome = copyHome(home);
      const cwd = mkdtempSync(join(tmpdir(), 'calctl-example-cwd-'));
      cpSync(work, cwd, { recursive: true });
      const env = shellEnv(ownHome, shim, { NO_COLOR: '1', APP_PASSWORD: 'abcd efgh ijkl mnop', CI: 'true' });
      for (const e of examples) {
        if (e.skip || (e.needs && !has(e.needs))) {
          skipped.push(`calctl ${path}: ${e.cmd} (${e.skip ?? `needs ${e.needs}`})`);
          continue;
        }
        const r = await bash(e.cmd, env, cwd);
        if (r.code !== 0) failures.push(`[${path}] ${e.cmd} → exit ${r.code}\n${r.out}`);
      }
    });
    if (skipped.length > 0) console.info(`examples not run:\n  ${skipped.join('\n  ')}`);
    expect(failures).toEqual([]);
  }, 240_000);
});
