// SIGKILL under mixed writers: `calctl serve` on one temp data dir is killed at a seeded random moment
// while every kind of writer works (the plugin's routes, core's event writes, users, application
// passwords, media uploads, term writes, a /batch/v1 request), restarted on the same data dir and
// checked, again and again (test/reliability/kill-loop.ts).
//
//   npm run kill                        # 100 kills
//   KILL_COUNT=20 KILL_SEED=7 npm run kill
//
// The last stdout line is the summary as JSON. Exits 1 when an answered write was lost, something was
// left half-written, the data dir did not open, or a write was answered with an error.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The loop is TypeScript shared with the test suite: re-run under tsx when needed.
let mods;
try {
  mods = await Promise.all([import('../test/reliability/kill-loop.ts'), import('../test/helpers/spawn-serve.ts')]);
} catch (err) {
  if (process.env.CALCTL_KILL_REEXEC) throw err;
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...process.env, CALCTL_KILL_REEXEC: '1' },
  });
  process.exit(r.status ?? 1);
}
const [loop, sv] = mods;

const KILLS = Number(process.env.KILL_COUNT ?? 100);
const SEED = Number(process.env.KILL_SEED ?? Date.now() % 2 ** 31);
const log = (s) => process.stderr.write(`${s}\n`);

if (!sv.serveAvailable()) {
  log('kill: the built CLI with `serve` is missing: run `npm run build` first');
  process.exit(2);
}
const dataDir = mkdtempSync(join(tmpdir(), 'calctl-kill-'));
log(`kill: seed ${SEED}, ${KILLS} kills, data dir ${dataDir}`);
let summary;
try {
  summary = await loop.killLoop({ dataDir, kills: KILLS, seed: SEED, log: (l) => log(`kill: ${l}`) });
} finally {
  await sv.stopAllServes();
}
const ok = summary.lost === 0 && summary.openFailures === 0 && summary.errors === 0;
if (ok) rmSync(dataDir, { recursive: true, force: true });
else log(`kill: the data dir is kept for a look: ${dataDir}`);
for (const p of summary.problems.slice(0, 10)) log(`  ${p}`);
process.stdout.write(`${JSON.stringify(summary)}\n`);
process.exit(ok ? 0 : 1);
