// Start-up time of the CLI against `node -e 0`, same run, as ratios (median of RUNS runs each):
// `calctl --version`, `calctl --help` and `calctl events list` on the built-in local calendar
// (in-process server) with 1,000 seeded events in a temp HOME, and the same list from a site
// (`calctl serve` on that calendar, over HTTP: what a command against a real site costs calctl
// itself). Targets: --version ≤ 1.5×, events list ≤ 4×. Needs `npm run build` first.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, serve } from './_lib.mjs';
import { seed } from './_seed.mjs';

const RUNS = Number(process.env.RUNS ?? 10);
const bin = join(root, 'bin/calctl');
const home = mkdtempSync(join(tmpdir(), 'calctl-bench-home-'));
const env = { PATH: process.env.PATH ?? '', HOME: home, CI: 'true', NO_COLOR: '1' };

function time(args, extraEnv = {}) {
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

let server;
try {
  // The first run creates the local calendar (and its admin); then 1,000 events go straight in.
  time([bin, 'events', 'list']);
  const dataDir = join(home, '.local/share/calctl');
  seed(dataDir, 1000, { venues: 100, organizers: 50 });
  server = await serve(dataDir);
  const site = {
    CALCTL_URL: new URL(server.baseUrl).origin,
    CALCTL_USER: 'admin',
    // (the local calendar's admin, made by the first run above)
    CALCTL_PASSWORD: readFileSync(join(dataDir, 'admin-password'), 'utf8').trim(),
  };
  const cases = [
    ['calctl --version', [bin, '--version'], 1.5],
    ['calctl --help', [bin, '--help'], undefined],
    ['calctl events list', [bin, 'events', 'list'], 4],
    ['… from a site', [bin, 'events', 'list'], undefined, site],
  ];
  // Interleaved rounds (baseline, then each command) so that a change of machine load between
  // measurements hits the baseline and the commands alike.
  for (const [, args, , extra] of cases) time(args, extra); // warm the file cache
  const samples = { baseline: [], ...Object.fromEntries(cases.map(([label]) => [label, []])) };
  for (let round = 0; round < RUNS; round++) {
    samples.baseline.push(time(['-e', '0']));
    for (const [label, args, , extra] of cases) samples[label].push(time(args, extra));
  }
  const baseline = median(samples.baseline);
  console.log(`node -e 0: ${baseline.toFixed(1)} ms (median of ${RUNS} interleaved rounds)`);
  let missed = 0;
  for (const [label, , target] of cases) {
    const ms = median(samples[label]);
    const ratio = ms / baseline;
    const verdict =
      target === undefined ? '' : ratio <= target ? `  ok (target ≤ ${target}×)` : `  MISSED (target ≤ ${target}×)`;
    if (target !== undefined && ratio > target) missed++;
    console.log(`${label.padEnd(20)} ${ms.toFixed(1).padStart(7)} ms  ${ratio.toFixed(2)}×${verdict}`);
  }
  process.exitCode = missed ? 1 : 0;
} finally {
  await server?.stop();
  rmSync(home, { recursive: true, force: true });
}
