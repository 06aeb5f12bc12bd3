#!/usr/bin/env node
/**
 * `npm test`: the type check, biome's check, the build, then vitest (arguments go to `vitest run`).
 * Fails when any of them fails. Biome, the build and vitest run one after the other and stop at the
 * first failure; the type check (tsc: one core for about 25 s) runs beside them from the start, at the
 * lowest priority, so that on 2 cores it takes the time the tests leave idle (waiting on a process, a
 * socket or a timeout) instead of holding everything up before them. Its output comes when it ends.
 */
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const node = process.execPath;

/** Runs `node script …args` in the project; resolves with its exit code (and its output when kept). */
function run(script, args, { keepOutput = false, nice = false } = {}) {
  const argv = [node, join(root, script), ...args];
  return new Promise((done) => {
    let out = '';
    const start = (cmd, cmdArgs, fallback) => {
      let failed = false;
      const child = spawn(cmd, cmdArgs, { cwd: root, stdio: keepOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
      child.stdout?.on('data', (d) => {
        out += d;
      });
      child.stderr?.on('data', (d) => {
        out += d;
      });
      child.on('error', (err) => {
        failed = true;
        // (no `nice` on this system: the same command at the usual priority)
        if (fallback && err.code === 'ENOENT') start(fallback[0], fallback.slice(1));
        else done({ code: 1, out: `${out}${err.message}\n` });
      });
      child.on('close', (code, signal) => {
        if (!failed) done({ code: code ?? (signal ? 1 : 0), out });
      });
    };
    if (nice) start('nice', ['-n', '19', ...argv], argv);
    else start(argv[0], argv.slice(1));
  });
}

const typecheck = run('node_modules/typescript/bin/tsc', ['--noEmit'], { keepOutput: true, nice: true });
let code = 0;
for (const [script, args] of [
  ['node_modules/@biomejs/biome/bin/biome', ['check', '.']],
  ['scripts/build.mjs', []],
  ['node_modules/vitest/vitest.mjs', ['run', ...process.argv.slice(2)]],
]) {
  code = (await run(script, args)).code;
  if (code !== 0) break;
}
const types = await typecheck;
process.stderr.write(types.out);
if (types.code !== 0) process.stderr.write('test: the type check failed (tsc --noEmit)\n');
process.exit(code || types.code);
