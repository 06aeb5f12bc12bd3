#!/usr/bin/env node
// Runs every benchmark in bench/ (not the tests): each prints its own figures as ratios against a
// baseline measured in the same run. BENCH=name,name runs a subset.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const skip = new Set(['run.mjs', 'fuzz.mjs']);
const only = process.env.BENCH ? new Set(process.env.BENCH.split(',').map((s) => s.trim())) : null;
const files = readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && !skip.has(f) && !f.startsWith('_'))
  .filter((f) => !only || only.has(f.replace(/\.mjs$/, '')));
let failed = 0;
for (const f of files) {
  process.stderr.write(`\n=== bench/${f}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(here, f)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;
