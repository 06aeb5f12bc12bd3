// Start-up time of the CLI against `node -e 0`, same run, as ratios (median of RUNS runs each):
// `calctl --version`, `calctl --help` and `calctl events list` on the built-in local calendar
// (in-process server) with 1,000 seeded events in a temp HOME, and the same list from a site
// (`calctl serve` on that calendar, over HTTP: what a command against a real site costs calctl
// itself). Targets: --version ≤ 1.5×, events list ≤ 4×.
// And `calctl serve` on a new data dir, from spawn to the URL on stdout (what every case of the
// plugin's REST suite pays, scripts/tec-suite.mjs): target ≤ 5× (about 200 ms where node -e 0 takes 40).
// Then one networked command next to curl making the same request (`events list --per-page 50 -o
// json` = GET …/events?per_page=50 with basic auth), interleaved, against that `calctl serve` and,
// when CALCTL_REAL_URL, CALCTL_REAL_USER and CALCTL_REAL_PASSWORD are set, against that site:
// calctl − curl in ms (target ≤ 100 ms) and calctl ÷ curl. calctl is given the site's plain URL,
// as a profile holds it: "warm" runs use the API root found by an earlier run (the cache in
// XDG_CACHE_HOME), "first run" starts with an empty cache and probes the site first.
// Needs `npm run build` first.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, serve } from './_lib.mjs';
import { seed } from './_seed.mjs';

const RUNS = Number(process.env.RUNS ?? 10);
const bin = join(root, 'bin/calctl');
const home = mkdtempSync(join(tmpdir(), 'calctl-bench-home-'));
const env = { PATH: process.env.PATH ?? '', HOME: home, CI: 'true', NO_COLOR: '1' };

function time(args, extraEnv = {}, command = process.execPath) {
  const started = process.hrtime.bigint();
  const r = spawnSync(command, args, { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return ms;
}

/** `calctl serve` on a new data dir: ms from spawn to its URL on stdout; stopped (and waited for) after. */
async function timeServe() {
  const dataDir = mkdtempSync(join(tmpdir(), 'calctl-bench-serve-'));
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [bin, 'serve', '--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir], {
    env: { ...env, CALCTL_ADMIN_PASSWORD: 'bench-serve-start' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d) => {
    err += d;
  });
  const exited = new Promise((done) => child.on('exit', done));
  const ms = await new Promise((done, fail) => {
    child.stdout.once('data', () => done(Number(process.hrtime.bigint() - started) / 1e6));
    exited.then((code) => fail(new Error(`calctl serve exited (${code}) before printing its URL: ${err}`)));
  });
  child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
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
  const serveLabel = 'calctl serve (start)';
  for (const [, args, , extra] of cases) time(args, extra); // warm the file cache
  await timeServe();
  const samples = { baseline: [], ...Object.fromEntries(cases.map(([label]) => [label, []])), [serveLabel]: [] };
  for (let round = 0; round < RUNS; round++) {
    samples.baseline.push(time(['-e', '0']));
    for (const [label, args, , extra] of cases) samples[label].push(time(args, extra));
    samples[serveLabel].push(await timeServe());
  }
  cases.push([serveLabel, [], 5]);
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
  if (process.env.NODE_EXTRA_CA_CERTS) {
    // Node reads that bundle at start-up, before any script: every run in that shell pays it.
    const caEnv = { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS };
    const extra = [];
    for (let round = 0; round < RUNS; round++) extra.push(time(['-e', '0'], caEnv) - time(['-e', '0']));
    console.log(
      `(NODE_EXTRA_CA_CERTS is set in this shell: it adds ${median(extra).toFixed(1)} ms to every node start; not counted here)`,
    );
  }

  // One networked command next to curl, same request, same server.
  const curl = spawnSync('curl', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!curl) console.log('\ncalctl vs curl: skipped (curl not found)');
  const sites = [['calctl serve', site.CALCTL_URL, site.CALCTL_USER, site.CALCTL_PASSWORD]];
  const real = ['CALCTL_REAL_URL', 'CALCTL_REAL_USER', 'CALCTL_REAL_PASSWORD'].map((k) => process.env[k]);
  if (real.every(Boolean)) sites.push(['CALCTL_REAL_URL', ...real]);
  else
    console.log('(set CALCTL_REAL_URL, CALCTL_REAL_USER and CALCTL_REAL_PASSWORD to compare against a real site too)');
  for (const [name, url, user, password] of curl ? sites : []) missed += versusCurl(name, url, user, password);
  process.exitCode = missed ? 1 : 0;
} finally {
  await server?.stop();
  rmSync(`${home}-cache`, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
}

/**
 * `calctl events list --per-page 50 -o json` and curl's GET of the same URL, interleaved RUNS times
 * (with node -e 0 as the baseline of the same rounds); returns 1 when calctl − curl misses 100 ms.
 */
function versusCurl(name, url, user, password) {
  const cred = { CALCTL_URL: url, CALCTL_USER: user, CALCTL_PASSWORD: password };
  // the URL calctl asks for, as it logs it (--verbose), and that curl is given
  const probe = spawnSync(process.execPath, [bin, 'events', 'list', '--per-page', '50', '-o', 'json', '--verbose'], {
    env: { ...env, ...cred, XDG_CACHE_HOME: join(`${home}-cache`, 'warm') },
    encoding: 'utf8',
  });
  const asked = /api GET (\S+) 200/.exec(probe.stderr ?? '')?.[1];
  if (probe.status !== 0 || !asked) throw new Error(`calctl events list against ${name} failed: ${probe.stderr}`);
  const calctlArgs = [bin, 'events', 'list', '--per-page', '50', '-o', 'json'];
  const curlArgs = ['-s', '-f', '-o', '/dev/null', '-u', `${user}:${password}`, asked];
  let fresh = 0;
  const cases = {
    'node -e 0': () => time(['-e', '0']),
    curl: () => time(curlArgs, {}, 'curl'),
    'calctl (warm)': () => time(calctlArgs, { ...cred, XDG_CACHE_HOME: join(`${home}-cache`, 'warm') }),
    'calctl (first run)': () => {
      const dir = join(`${home}-cache`, `cold-${fresh++}`);
      mkdirSync(dir, { recursive: true });
      return time(calctlArgs, { ...cred, XDG_CACHE_HOME: dir });
    },
  };
  for (const run of Object.values(cases)) run(); // warm the server and the file cache
  const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let round = 0; round < RUNS; round++) for (const [k, run] of Object.entries(cases)) samples[k].push(run());
  const ms = Object.fromEntries(Object.entries(samples).map(([k, xs]) => [k, median(xs)]));
  const shown =
    name === 'calctl serve' ? 'calctl serve (1,000 events, loopback)' : `${new URL(url).origin} (CALCTL_REAL_URL)`;
  console.log(`\ncalctl vs curl, GET …/events?per_page=50 on ${shown}, median of ${RUNS} interleaved rounds:`);
  console.log(`${'node -e 0'.padEnd(20)} ${ms['node -e 0'].toFixed(1).padStart(7)} ms`);
  console.log(`${'curl'.padEnd(20)} ${ms.curl.toFixed(1).padStart(7)} ms`);
  let missed = 0;
  for (const k of ['calctl (warm)', 'calctl (first run)']) {
    const diff = ms[k] - ms.curl;
    const verdict =
      k === 'calctl (warm)' ? (diff <= 100 ? '  ok (target ≤ +100 ms)' : '  MISSED (target ≤ +100 ms)') : '';
    if (k === 'calctl (warm)' && diff > 100) missed = 1;
    console.log(
      `${k.padEnd(20)} ${ms[k].toFixed(1).padStart(7)} ms  curl +${diff.toFixed(1)} ms  ${(ms[k] / ms.curl).toFixed(2)}× curl${verdict}`,
    );
  }
  return missed;
}
