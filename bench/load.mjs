// Load benchmark (not a test): 50 concurrent clients mixing reads and writes against a spawned
// `calctl serve` on loopback, for LOAD_SECONDS (default 60). Reports requests, errors (must be 0),
// latency p50/p90/p99/max, the server's RSS at start, middle and end, and the store's integrity check.
//
//   node bench/load.mjs
//   LOAD_SECONDS=20 LOAD_CLIENTS=50 node bench/load.mjs
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { authHeader, root, serve } from './_lib.mjs';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 50);
const log = (s) => process.stderr.write(`${s}\n`);

/** Resident memory of a process, MB (Linux /proc). */
function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'calctl-load-'));
const { baseUrl, child, stop } = await serve(dataDir);
const agent = new Agent({ connections: CLIENTS, keepAliveTimeout: 10_000 });
const headers = { authorization: authHeader, 'content-type': 'application/json' };

async function call(method, path, body) {
  const started = performance.now();
  const res = await request(`${baseUrl}${path}`, {
    method,
    headers,
    dispatcher: agent,
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.body.text();
  return { status: res.statusCode, ms: performance.now() - started, text };
}

// A starting calendar: 200 events over 4 venues and 5 categories.
const venues = [];
for (let v = 0; v < 4; v++)
  venues.push(JSON.parse((await call('POST', '/venues', { venue: `load hall ${v}` })).text).id);
const live = [];
for (let i = 0; i < 200; i++) {
  const r = await call('POST', '/events', {
    title: `load seed ${i}`,
    start_date: `2030-0${1 + (i % 9)}-1${i % 10} 10:00:00`,
    end_date: `2030-0${1 + (i % 9)}-1${i % 10} 12:00:00`,
    venue: venues[i % 4],
    categories: [`load-cat-${i % 5}`],
  });
  live.push(JSON.parse(r.text).id);
}

const lat = [];
const errors = [];
const counts = { read: 0, create: 0, update: 0, delete: 0 };
let n = 0;
const started = Date.now();
const deadline = started + SECONDS * 1000;
const rss = { start: rssMb(child.pid), middle: Number.NaN, end: Number.NaN };
const rssSamples = [];
const sampler = setInterval(() => rssSamples.push(rssMb(child.pid)), 1000);
setTimeout(
  () => {
    rss.middle = rssMb(child.pid);
  },
  (SECONDS * 1000) / 2,
);

async function client(c) {
  let seq = 0;
  while (Date.now() < deadline) {
    seq += 1;
    const dice = (c * 7919 + seq * 104729) % 100;
    let op;
    let r;
    try {
      if (dice < 35) {
        op = 'read';
        const page = 1 + (seq % 4);
        r = await call('GET', `/events?per_page=20&page=${page}&start_date=2030-01-01&end_date=2031-01-01`);
      } else if (dice < 55) {
        op = 'read';
        r = await call('GET', `/events/${live[(c + seq) % live.length]}`);
      } else if (dice < 65) {
        op = 'read';
        r = await call('GET', `/venues?per_page=10`);
      } else if (dice < 70) {
        op = 'read';
        r = await call('GET', `/events?search=seed+${seq % 200}&start_date=2030-01-01&end_date=2031-01-01`);
      } else if (dice < 88) {
        op = 'create';
        r = await call('POST', '/events', {
          title: `load c${c} #${seq}`,
          start_date: '2030-06-01 10:00:00',
          end_date: '2030-06-01 11:00:00',
          venue: venues[seq % 4],
          categories: [`load-cat-${seq % 5}`],
        });
        if (r.status === 201) live.push(JSON.parse(r.text).id);
      } else if (dice < 97) {
        op = 'update';
        const id = live[(c * 31 + seq) % live.length];
        r = await call('POST', `/events/${id}`, { title: `load u${c} #${seq}` });
      } else {
        op = 'delete';
        // each client deletes only events it created, once
        const idx = live.findIndex((id, i) => i >= 200 && id % CLIENTS === c);
        if (idx < 0) continue;
        const [id] = live.splice(idx, 1);
        r = await call('DELETE', `/events/${id}`);
      }
    } catch (err) {
      errors.push(`${op}: ${err.code ?? err.message}`);
      continue;
    }
    n += 1;
    counts[op] += 1;
    lat.push(r.ms);
    if (r.status >= 300 && errors.length < 1000) errors.push(`${op} ${r.status}: ${r.text.slice(0, 160)}`);
  }
}

log(`load: ${CLIENTS} clients for ${SECONDS} s against ${baseUrl}`);
await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
const seconds = (Date.now() - started) / 1000;
clearInterval(sampler);
rss.end = rssMb(child.pid);
await agent.close();
await stop();

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');
const db = new Database(join(dataDir, 'calctl.sqlite'));
const integrity = db.pragma('integrity_check', { simple: true });
db.close();
rmSync(dataDir, { recursive: true, force: true });

lat.sort((a, b) => a - b);
const pct = (p) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))] ?? Number.NaN;
const summary = {
  clients: CLIENTS,
  seconds: Math.round(seconds),
  requests: n,
  rps: Math.round(n / seconds),
  ...counts,
  errors: errors.length,
  p50: Number(pct(50).toFixed(1)),
  p90: Number(pct(90).toFixed(1)),
  p99: Number(pct(99).toFixed(1)),
  max: Number((lat.at(-1) ?? Number.NaN).toFixed(1)),
  rssMb: rss,
  rssMaxMb: Math.max(...rssSamples.filter(Number.isFinite)),
  integrity,
  examples: errors.slice(0, 5),
};
log(
  `load: ${n} requests in ${Math.round(seconds)} s (${summary.rps}/s; read ${counts.read}, create ${counts.create}, update ${counts.update}, delete ${counts.delete}), ` +
    `errors ${errors.length}, p50 ${summary.p50} ms, p90 ${summary.p90} ms, p99 ${summary.p99} ms, max ${summary.max} ms, ` +
    `RSS start/middle/end ${rss.start}/${rss.middle}/${rss.end} MB (max ${summary.rssMaxMb}), integrity ${integrity}`,
);
process.stdout.write(`${JSON.stringify(summary)}\n`);
process.exit(errors.length === 0 && integrity === 'ok' ? 0 : 1);
void root;
