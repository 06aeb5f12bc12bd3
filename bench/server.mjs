// bench/server: the embedded server under load at 1k, 100k and 1M events, next to a bare node:http
// server answering the same bytes (the ceiling) in the same run. Not a test: it prints figures.
// With CALCTL_REAL_URL (and CALCTL_REAL_USER, CALCTL_REAL_PASSWORD) set, the uncached list is also
// asked of that site, the same way in the same run, and compared with it (instead of REAL_SITE): ours
// twice, with a category filter (as the cached list) and exactly as the site is asked (no category).
//   BENCH_SIZES=1000,100000 BENCH_SECONDS=5 node --import tsx bench/server.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { authHeader, bareServer, fmt, load, serve } from './_lib.mjs';
import { seed } from './_seed.mjs';

const REAL_SITE = { list: 17, single: 46 }; // req/s of a real site (PHP 8.2 + MariaDB) on this kind of machine
const sizes = (process.env.BENCH_SIZES ?? '1000,100000,1000000').split(',').map(Number);
const rows = [];
const day = (d) => new Date(Date.now() + d * 86400_000).toISOString().slice(0, 10);

/**
 * autocannon's request hook for a list of a different window every request (so no answer cache
 * answers: the route pipeline, the query and the records every time), at `path(from, to)`.
 */
function newWindowEach(path) {
  let n = 0;
  return {
    setupRequest: (req) => {
      n++;
      return { ...req, path: path(day(30 + (n % 300)), day(400 + (n % 300))) };
    },
  };
}

/**
 * The real site's uncached list (req/s), asked as ours is (anonymous, 50 a page, a new window each
 * request), through `?rest_route=` so that any permalink setting answers. The site is given 50 events
 * (a stamped title) in the days every window holds, so its pages are full as ours are; they are deleted
 * for good afterwards.
 */
async function realUncachedList() {
  const [url, user, password] = ['CALCTL_REAL_URL', 'CALCTL_REAL_USER', 'CALCTL_REAL_PASSWORD'].map(
    (k) => process.env[k],
  );
  if (!url || !user || !password) return undefined;
  const site = new URL(url);
  const base = `${site.origin}${site.pathname.replace(/\/$/, '')}/?rest_route=`;
  const auth = { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
  const stamp = `calctl-bench-${process.pid}-${Date.now()}`;
  const ids = [];
  const create = async (i) => {
    const date = day(335 + (i % 60));
    const res = await fetch(`${base}/tribe/events/v1/events`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `${stamp} ${i}`, start_date: `${date} 10:00:00`, end_date: `${date} 11:00:00` }),
    });
    if (res.status !== 201) throw new Error(`the site refused a bench event: ${res.status} ${await res.text()}`);
    ids.push((await res.json()).id);
  };
  try {
    for (let i = 0; i < 50; i += 5) await Promise.all([0, 1, 2, 3, 4].map((j) => create(i + j)));
    // (fetch in 4 loops rather than autocannon: PHP's built-in server closes every connection, and
    // autocannon finished no request against it)
    const seconds = Math.max(15, Number(process.env.BENCH_SECONDS ?? 5));
    let n = 0;
    let done = 0;
    let errors = 0;
    const t0 = Date.now();
    const end = t0 + seconds * 1000;
    const worker = async () => {
      while (Date.now() < end) {
        n++;
        const res = await fetch(
          `${base}/tribe/events/v1/events&per_page=50&start_date=${day(30 + (n % 300))}&end_date=${day(400 + (n % 300))}`,
        );
        const body = await res.json();
        if (res.status === 200 && body.events.length === 50) done++;
        else errors++;
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    const rps = done / ((Date.now() - t0) / 1000);
    process.stderr.write(`${site.origin} uncached list: ${fmt(rps, 2)} req/s (full pages) errors ${errors}\n`);
    return errors === 0 && rps > 0 ? rps : undefined;
  } finally {
    for (const id of ids)
      await fetch(`${base}/wp/v2/tribe_events/${id}&force=true`, { method: 'DELETE', headers: auth });
  }
}
const loadBefore = loadavg();
const realUncached = await realUncachedList();

for (const size of sizes) {
  const dir = mkdtempSync(join(tmpdir(), 'calctl-bench-'));
  const t0 = Date.now();
  // Fewer categories for small stores, so the filtered page is full (50 events) at every size and the
  // latencies compare answers of the same size.
  const { categoryId, firstEvent } = seed(dir, size, { categories: Math.max(1, Math.min(20, Math.floor(size / 100))) });
  process.stderr.write(`seeded ${size} events in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  const srv = await serve(dir);
  const listUrl = `${srv.baseUrl}/events?per_page=50&start_date=${day(30)}&end_date=${day(400)}&categories=${categoryId}`;
  const singleUrl = `${srv.baseUrl}/events/${firstEvent}`;
  const probe = await fetch(listUrl);
  const listBody = await probe.text();
  const listHeaders = { 'content-type': 'application/json; charset=UTF-8' };
  const uncached = newWindowEach(
    (from, to) =>
      `${new URL(srv.baseUrl).pathname}/events?per_page=50&start_date=${from}&end_date=${to}&categories=${categoryId}`,
  );
  // (the request the real site is asked: no category)
  const asSite = newWindowEach(
    (from, to) => `${new URL(srv.baseUrl).pathname}/events?per_page=50&start_date=${from}&end_date=${to}`,
  );
  const cases = [
    { name: 'GET /events (window + category, per_page 50)', url: listUrl, real: REAL_SITE.list, bytes: listBody },
    {
      name: 'GET /events uncached (a new window each request)',
      url: listUrl,
      requests: [uncached],
      real: realUncached ?? REAL_SITE.list,
      measured: realUncached !== undefined,
      bytes: null,
    },
    {
      name: 'GET /events uncached, as the site is asked (a new window each request, no category)',
      url: listUrl,
      requests: [asSite],
      real: realUncached ?? REAL_SITE.list,
      measured: realUncached !== undefined,
      bytes: null,
    },
    { name: 'GET /events/{id}', url: singleUrl, real: REAL_SITE.single, bytes: await (await fetch(singleUrl)).text() },
    {
      name: 'POST /events',
      url: `${srv.baseUrl}/events`,
      method: 'POST',
      headers: { authorization: authHeader, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Bench event', start_date: `${day(5)} 10:00:00`, end_date: `${day(5)} 11:00:00` }),
      bytes: null,
    },
  ];
  for (const c of cases) {
    const ours = await load({
      url: c.url,
      method: c.method ?? 'GET',
      headers: c.headers,
      body: c.body,
      ...(c.requests ? { requests: c.requests } : {}),
    });
    let ceiling = null;
    if (c.bytes) {
      const bare = await bareServer(c.bytes, listHeaders);
      ceiling = await load({ url: bare.url });
      await bare.close();
    }
    rows.push({ size, name: c.name, ours, ceiling, real: c.real, measured: c.measured === true });
    process.stderr.write(
      `${size} ${c.name}: ${fmt(ours.rps, 0)} req/s p50 ${ours.p50} ms p99 ${ours.p99} ms errors ${ours.errors}\n`,
    );
  }
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
}

const out = [];
out.push('| events | request | req/s | p50 ms | p99 ms | errors | vs real site | vs bare node:http |');
out.push('|---:|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const vsReal = r.real
    ? `${fmt(r.ours.rps / r.real, 0)}×${r.measured ? ` (site ${fmt(r.real, 1)} req/s, same run)` : ''}`
    : '–';
  const vsBare = r.ceiling ? `${fmt(r.ours.rps / r.ceiling.rps, 2)} (bare ${fmt(r.ceiling.rps, 0)} req/s)` : '–';
  out.push(
    `| ${r.size.toLocaleString('en')} | ${r.name} | ${fmt(r.ours.rps, 0)} | ${r.ours.p50} | ${r.ours.p99} | ${r.ours.errors} | ${vsReal} | ${vsBare} |`,
  );
}
const small = rows.find((r) => r.size === Math.min(...sizes) && r.name.startsWith('GET /events ('));
const big = rows.find((r) => r.size === Math.max(...sizes) && r.name.startsWith('GET /events ('));
if (small && big && small !== big) {
  out.push('');
  // autocannon's percentiles are whole milliseconds; the mean is exact enough to compare.
  out.push(
    `list latency at ${big.size.toLocaleString('en')} vs ${small.size.toLocaleString('en')} events: mean ${fmt(big.ours.mean, 2)} vs ${fmt(small.ours.mean, 2)} ms = ${fmt(big.ours.mean / small.ours.mean, 2)}×; p99 ${big.ours.p99} vs ${small.ours.p99} ms (target ≤ 2×)`,
  );
}
// (on a machine shared with other work every figure moves with the load: the ratios are taken in one run)
const loads = (l) => l.map((x) => x.toFixed(2)).join(', ');
out.push('', `load average (1, 5, 15 min): ${loads(loadBefore)} at the start, ${loads(loadavg())} at the end`);
process.stdout.write(`${out.join('\n')}\n`);
