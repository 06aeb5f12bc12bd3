// Bounded fuzz run against a real `calctl serve` (spawned on a temp data dir, loopback only).
//
//   npm run fuzz                                  # 100,000 requests, concurrency 16, at most 8 minutes (about 4 on 2 cores)
//   FUZZ_REQUESTS=2000 FUZZ_SECONDS=60 npm run fuzz
//   FUZZ_SEED=42 FUZZ_CONCURRENCY=16 npm run fuzz  # reproducible request stream
//
// Reports requests, 2xx/4xx/5xx, contract violations (non-JSON answer, bad envelope), requests with no
// answer, server crashes (the process exited) and `PRAGMA integrity_check` + consistency rules of the
// store afterwards. Exits 1 when any 5xx, violation, unanswered request, crash or integrity failure
// occurred. The last stdout line is the summary as JSON (the test suite runs a short version).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The generators are TypeScript shared with the property tests: re-run under tsx when needed.
let mods;
try {
  mods = await Promise.all([
    import('../test/reliability/hostile.ts'),
    import('../test/reliability/raw-http.ts'),
    import('../test/reliability/store-check.ts'),
    import('../test/helpers/spawn-serve.ts'),
    import('../test/reliability/seed.ts'),
    import('../test/reliability/hostile-core.ts'),
  ]);
} catch (err) {
  if (process.env.CALCTL_FUZZ_REEXEC) throw err;
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...process.env, CALCTL_FUZZ_REEXEC: '1' },
  });
  process.exit(r.status ?? 1);
}
const [hostile, raw, store, sv, seedMod, hostileCore] = mods;
const fc = (await import('fast-check')).default;

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 100_000);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 480);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 16);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const log = (s) => process.stderr.write(`${s}\n`);

if (!sv.serveAvailable()) {
  log('fuzz: the built CLI with `serve` is missing: run `npm run build` first');
  process.exit(2);
}

const dataDir = mkdtempSync(join(tmpdir(), 'calctl-fuzz-'));
const env = sv.isolatedEnv();
const server = await sv.spawnServe({ dataDir, env });
const password = sv.SERVE_PASSWORD;
const stats = {
  requests: 0,
  s2xx: 0,
  s3xx: 0,
  s4xx: 0,
  s5xx: 0,
  site5xx: 0,
  violations: 0,
  unanswered: 0,
  crashes: 0,
};
const byStatus = {};
const examples = [];
let crashed = false;

function watch(s) {
  void s.exited.then(({ code, signal }) => {
    if (s !== server || stopping) return;
    stats.crashes += 1;
    crashed = true;
    examples.push(`server exited (${code ?? signal}) during the run: ${s.stderr().slice(-500)}`);
  });
}
let stopping = false;
watch(server);

// A small calendar so generated ids and slugs hit real rows.
const basic = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
const miniApi = {
  post: (path, json) => miniApi.req('POST', path, { json }),
  req: async (method, path, o = {}) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: basic, ...(o.json ? { 'content-type': 'application/json' } : {}) },
      ...(o.json ? { body: JSON.stringify(o.json) } : {}),
    });
    return { status: res.status, body: await res.json() };
  },
};
const known = await seedMod.seedCalendar(miniApi, 'fuzz');

// Other callers: a contributor and a subscriber (valid passwords), and a cron user whose password was
// revoked, which keeps sending it from the valid callers' own address (the login throttle's case).
const others = { stale: 'fuzz_cron' };
const rootReq = async (method, path, json) => {
  const res = await fetch(`${server.origin}${path}`, {
    method,
    headers: { authorization: basic, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  return res.json();
};
for (const role of ['contributor', 'subscriber', 'cron']) {
  const login = `fuzz_${role}`;
  const user = await rootReq('POST', '/wp-json/wp/v2/users', {
    username: login,
    email: `${login}@example.com`,
    password: 'fuzz-secret-1',
    roles: [role === 'cron' ? 'editor' : role],
  });
  if (role === 'cron') continue; // (its application password is never made: every sign-in fails)
  const ap = await rootReq('POST', `/wp-json/wp/v2/users/${user.id}/application-passwords`, { name: 'fuzz' });
  others[role] = { login, password: ap.password };
}
// (every request authenticated as a valid user must be answered as that user, never 429)
let lockedOut = 0;
// The server's resident memory (MiB) every 10 s, from /proc (Linux): a flat curve means no leak.
const memorySamples = [];
function sampleMemory() {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1];
    if (kb) memorySamples.push(Math.round(Number(kb) / 1024));
  } catch {
    // (no /proc: no samples)
  }
}
sampleMemory();

// The request stream: batches of generated requests, alternating free-form and per-route.
const routes = hostile.ROUTES;
let batch = 0;
let queue = [];
// One batch in three is core's routes, tec/v1 and the batch route (every body encoding, every caller).
function next() {
  if (queue.length === 0) {
    const kind = batch % 3;
    const route = kind === 1 ? routes[Math.floor(batch / 3) % routes.length] : null;
    const gen = kind === 2 ? hostileCore.coreRequest(known) : hostile.hostileRequest(known, route);
    queue = fc.sample(gen, { numRuns: 250, seed: SEED + batch });
    batch += 1;
  }
  return queue.pop();
}

const started = Date.now();
const deadline = started + SECONDS * 1000;
let issued = 0;
let lastReport = started;

async function worker() {
  while (issued < TOTAL && Date.now() < deadline && !crashed) {
    const h = next();
    const index = issued;
    issued += 1;
    const { req, localAddress } = hostile.withAuth(h, password, index, others);
    let res;
    try {
      res = await raw.sendRaw(req, { port: server.port, localAddress, timeoutMs: 20_000 });
    } catch (err) {
      stats.requests += 1;
      stats.unanswered += 1;
      if (examples.length < 20) examples.push(`${h.label} → ${err.message}`);
      continue;
    }
    stats.requests += 1;
    byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
    // (a 5xx the site gives too, e.g. WordPress's own 500 for a term name it cannot store, is the
    // site's answer, not a failure: counted apart)
    if (res.status >= 500 && !raw.isSiteOwn5xx(res)) stats.s5xx += 1;
    else if (res.status >= 500) stats.site5xx += 1;
    else if (res.status >= 400) stats.s4xx += 1;
    else if (res.status >= 300) stats.s3xx += 1;
    else if (res.status >= 200) stats.s2xx += 1;
    if (res.status === 429 && ['valid', 'contributor', 'subscriber'].includes(h.auth)) {
      // Still a valid password? (asked from another address; the stream may have changed a user)
      const again = await raw.sendRaw(
        {
          method: 'GET',
          target: '/wp-json/wp/v2/users/me',
          headers: req.headers.filter(([n]) => n === 'Authorization'),
        },
        { port: server.port, localAddress: '127.0.0.9', timeoutMs: 20_000 },
      );
      if (again.status === 200) {
        lockedOut += 1;
        stats.violations += 1;
        if (examples.length < 20) examples.push(`${h.label.slice(0, 200)} → 429 for a valid password`);
      }
    }
    const v = raw.contractViolation(h.method, res);
    if (v) {
      if (res.status < 500 && !res.noAnswer) stats.violations += 1;
      if (res.noAnswer) stats.unanswered += 1;
      if (examples.length < 20) examples.push(`${h.label.slice(0, 300)} → ${v.slice(0, 300)}`);
    }
    if (Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      const rate = Math.round(stats.requests / ((Date.now() - started) / 1000));
      sampleMemory();
      log(
        `fuzz: ${stats.requests} requests (${rate}/s), 5xx ${stats.s5xx}, violations ${stats.violations}, rss ${memorySamples.at(-1) ?? '?'} MiB`,
      );
    }
  }
}

log(`fuzz: seed ${SEED}, ${TOTAL} requests max, ${SECONDS} s max, concurrency ${CONCURRENCY}, ${server.baseUrl}`);
await Promise.all(Array.from({ length: CONCURRENCY }, () => worker()));
const seconds = (Date.now() - started) / 1000;
sampleMemory();
stopping = true;
const stop = await server.stop();

// The store after the run: integrity and consistency (opened fresh, as the next start would).
const db = store.openStore(dataDir);
const integrity = store.integrityCheck(db);
const problems = store.consistencyProblems(db);
const rows = db.prepare('SELECT count(*) FROM posts').pluck().get();
db.close();
rmSync(dataDir, { recursive: true, force: true });

const summary = {
  seed: SEED,
  seconds: Math.round(seconds),
  rate: Math.round(stats.requests / seconds),
  ...stats,
  byStatus,
  integrity,
  consistencyProblems: problems.slice(0, 10),
  postsAfter: rows,
  cleanStop: stop.code === 0,
  validLockedOut: lockedOut,
  memory: memorySamples,
  examples,
};
log(
  `fuzz: ${stats.requests} requests in ${Math.round(seconds)} s — 2xx ${stats.s2xx}, 4xx ${stats.s4xx}, 5xx ${stats.s5xx}, ` +
    `violations ${stats.violations}, unanswered ${stats.unanswered}, crashes ${stats.crashes}, integrity ${integrity}, ` +
    `consistency problems ${problems.length}`,
);
// The server's own trace of each internal error (message and the top of the stack).
const errLines = server.stderr().split('\n');
errLines.forEach((l, i) => {
  if (l.includes('internal error') && examples.length < 25) examples.push(errLines.slice(i, i + 6).join('\n'));
});
for (const e of examples.slice(0, 10)) log(`  ${e}`);
process.stdout.write(`${JSON.stringify(summary)}\n`);
const ok =
  stats.s5xx === 0 &&
  stats.violations === 0 &&
  stats.unanswered === 0 &&
  stats.crashes === 0 &&
  integrity === 'ok' &&
  problems.length === 0;
process.exit(ok ? 0 : 1);
