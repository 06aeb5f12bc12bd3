#!/usr/bin/env node
/**
 * Recovery of a killed `sync push` (not a test): `calctl serve` in another process plays the site,
 * seeded with BENCH_RECOVERY_EVENTS events (default 5,000). A proxy between calctl and the server
 * counts the requests; it is also where the fault is injected: it lets the answers of the first 25
 * creates through, then holds every later answer (the writes in flight reach the site, their answers
 * never come back) and kills calctl with SIGKILL. 275 of 300 offline events are then unconfirmed:
 * some sent without an answer (in the journal), the rest never sent.
 *
 * Measured in one run, for a stock site (no batch route: one request per write) and for a site that
 * batches writes (25 per request): the requests of the re-run next to those of a clean push of 300
 * (target ≤ 3×), and that the site ends with each of the 300 events exactly once.
 *
 *   npm run build && node --import tsx bench/sync-recovery.mjs
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStores } from '../src/server/start.ts';
import { authHeader, fmt, PASSWORD, root, serve } from './_lib.mjs';
import { seed } from './_seed.mjs';

const EVENTS = Number(process.env.BENCH_RECOVERY_EVENTS ?? 5000);
const PUSHED = 300;
const CONFIRMED = 25;
const dir = await mkdtemp(join(tmpdir(), 'calctl-bench-recovery-'));

/**
 * A proxy to `target` that counts requests; `batch: false` answers the batch route 404 as a stock
 * site does. `arm(n, onHeld)`: after n created records have been answered, answers of writes are held
 * and `onHeld` runs once (the kill).
 */
function proxy(target, { batch }) {
  const upstream = new URL(target);
  const state = { requests: 0, confirmed: 0, limit: Number.POSITIVE_INFINITY, onHeld: undefined, held: [] };
  const server = createServer((req, res) => {
    state.requests++;
    if (!batch && req.url.includes('/batch/v1')) {
      req.resume();
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'rest_no_route', message: 'No route.', data: { status: 404 } }));
      return;
    }
    const write = req.method !== 'GET' && req.method !== 'HEAD';
    const out = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const chunks = [];
        answer.on('data', (c) => chunks.push(c));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          const deliver = () => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(body);
          };
          if (!write || state.limit === Number.POSITIVE_INFINITY) return deliver();
          if (state.confirmed >= state.limit) {
            // (the write reached the site; its answer never reaches calctl)
            state.held.push(res);
            const once = state.onHeld;
            state.onHeld = undefined;
            once?.();
            return;
          }
          state.confirmed += created(answer.statusCode, body);
          deliver();
        });
      },
    );
    req.pipe(out);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        origin: `http://127.0.0.1:${port}`,
        state,
        arm(limit, onHeld) {
          Object.assign(state, { confirmed: 0, limit, onHeld, held: [] });
        },
        disarm() {
          for (const res of state.held) res.destroy();
          Object.assign(state, { limit: Number.POSITIVE_INFINITY, onHeld: undefined, held: [] });
        },
        close: () => new Promise((r) => server.close(r)),
      });
    }),
  );
}

/** Records created by one write answer: a 201, or the 201 items of a batch. */
function created(status, body) {
  if (status === 201) return 1;
  if (status !== 207 && status !== 200) return 0;
  try {
    const parsed = JSON.parse(body.toString('utf8'));
    return Array.isArray(parsed.responses) ? parsed.responses.filter((r) => r.status === 201).length : 0;
  } catch {
    return 0;
  }
}

/** Runs calctl; resolves with the exit code and signal (the bench checks them). */
function calctl(env, args, onSpawn) {
  const child = spawn(process.execPath, [join(root, 'bin/calctl'), ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onSpawn?.(child);
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  child.stdout.resume();
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stderr })));
}

async function ok(env, args) {
  const r = await calctl(env, args);
  if (r.code !== 0) throw new Error(`calctl ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
}

/** Offline events of a copy: half of them past, so that finding them needs every date. */
async function offlineEvents(env, tag) {
  const rows = Array.from({ length: PUSHED }, (_, i) => {
    const day = new Date(Date.UTC(2024, 0, 1) + i * 5 * 86400_000).toISOString().slice(0, 10);
    return `Recovery ${tag} ${i},${day} 19:00,${day} 21:00`;
  });
  const file = join(dir, `${tag}.csv`);
  await writeFile(file, `title,start_date,end_date\n${rows.join('\n')}\n`);
  await ok(env, ['--offline', 'import', 'events', file]);
}

async function countOnSite(site, tag) {
  const url = `${site.baseUrl}/events?search=${encodeURIComponent(`Recovery ${tag}`)}&per_page=1&start_date=1900-01-01&end_date=2100-12-31&status=publish,future,draft,pending,private,trash`;
  const res = await fetch(url, { headers: { authorization: authHeader } });
  return Number((await res.json()).total);
}

let site;
const results = [];
try {
  const dataDir = join(dir, 'site');
  seed(dataDir, EVENTS);
  // (a real calendar's records were last modified over months, not all in the minute before the push)
  const { db } = openStores(dataDir);
  db.prepare(
    `UPDATE posts SET modified = datetime(modified, '-' || (3600 + (id * 7919) % 31536000) || ' seconds'),
       modified_utc = datetime(modified_utc, '-' || (3600 + (id * 7919) % 31536000) || ' seconds')`,
  ).run();
  db.close();
  site = await serve(dataDir);
  for (const batch of [false, true]) {
    const mode = batch ? 'batch' : 'stock';
    const p = await proxy(new URL(site.baseUrl).origin, { batch });
    const env = (home) => ({
      PATH: process.env.PATH ?? '',
      HOME: join(dir, `${mode}-${home}`),
      CI: 'true',
      CALCTL_URL: `${p.origin}/wp-json/tribe/events/v1`,
      CALCTL_USER: 'admin',
      CALCTL_PASSWORD: PASSWORD,
    });

    await ok(env('clean'), ['sync', 'pull']);
    await offlineEvents(env('clean'), `${mode} clean`);
    p.state.requests = 0;
    await ok(env('clean'), ['sync', 'push']);
    const clean = p.state.requests;

    await ok(env('killed'), ['sync', 'pull']);
    await offlineEvents(env('killed'), `${mode} killed`);
    let child;
    p.arm(CONFIRMED, () => setTimeout(() => child?.kill('SIGKILL'), 500));
    const killed = await calctl(env('killed'), ['sync', 'push'], (c) => {
      child = c;
    });
    if (killed.signal !== 'SIGKILL') throw new Error(`the push was not killed: ${killed.code} ${killed.stderr}`);
    const landed = await countOnSite(site, `${mode} killed`);
    p.disarm();
    p.state.requests = 0;
    await ok(env('killed'), ['sync', 'push']);
    const rerun = p.state.requests;
    const after = await countOnSite(site, `${mode} killed`);
    results.push({ mode, clean, rerun, landed, after });
    await p.close();
  }
  console.log(
    `recovery of a push of ${PUSHED} events killed after ${CONFIRMED} confirmed, ${EVENTS} events on the site`,
  );
  for (const r of results) {
    console.log(
      `${`${r.mode} site: re-run after the kill, requests`.padEnd(48)} ${String(r.rerun).padStart(6)}   clean push ${String(r.clean).padStart(5)} → ${fmt(r.rerun / r.clean, 2)}× (target ≤ 3×); ` +
        `${r.landed} on the site at the kill, ${r.after} after the re-run (must be ${PUSHED})`,
    );
    if (r.after !== PUSHED) process.exitCode = 1;
  }
} finally {
  await site?.stop();
  await rm(dir, { recursive: true, force: true });
}
