/**
 * Shared set-up of the completion, help and terminal tests: a temp HOME whose local calendar holds
 * the records of EXAMPLE_SEED (ids listed in src/completion/examples.ts), a `calctl` shim on PATH
 * that runs the built CLI, and checks for the shells.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EXAMPLE_SEED } from '../../src/completion/examples.js';
import { runCli, spawnCli, tempHome } from '../helpers/cli.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = join(ROOT, 'bin', 'calctl');

/** Whether a program is on PATH. */
export function has(program: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' }).status === 0;
}

/** A directory holding a `calctl` that runs the built CLI with this node (put it first on PATH). */
export function shimDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'calctl-shim-'));
  const shim = join(dir, 'calctl');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(shim, 0o755);
  return dir;
}

/** Runs EXAMPLE_SEED in a fresh temp HOME (local calendar + profile "demo") and returns it. */
export async function seededHome(): Promise<string> {
  const home = tempHome();
  for (const step of EXAMPLE_SEED) {
    const r = await runCli(step.args, { home, ...(step.input !== undefined ? { input: step.input } : {}) });
    if (r.code !== 0) throw new Error(`seed: calctl ${step.args.join(' ')} → ${r.code}\n${r.stderr}`);
  }
  // (spawned once: the launcher's V8 code cache in ~/.cache, copied with the HOME, spares every
  // `calctl` the shells start from compiling the CLI again; the seed runs above are in-process)
  for (const args of [['--help'], ['events', 'list', '-o', 'count']]) {
    const r = await spawnCli(args, { home });
    if (r.code !== 0) throw new Error(`warm-up: calctl ${args.join(' ')} → ${r.code}\n${r.stderr}`);
  }
  return home;
}

/** A copy of a seeded HOME, so a test can write without disturbing others. */
export function copyHome(home: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'calctl-home-'));
  cpSync(home, copy, { recursive: true });
  return copy;
}

/** The environment a shell under test gets: isolated HOME/XDG dirs, the shim first on PATH. */
export function shellEnv(home: string, shim: string, extra: Record<string, string> = {}): Record<string, string> {
  mkdirSync(join(home, '.config'), { recursive: true });
  return {
    PATH: `${shim}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    TZ: 'UTC',
    ...extra,
  };
}
