// bench/server: the embedded server under load at 1k, 100k and 1M events, next to a bare node:http
// server answering the same bytes (the ceiling) in the same run. Not a test: it prints figures.
//   BENCH_SIZES=1000,100000 BENCH_SECONDS=5 node --import tsx bench/server.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authHeader, bareServer, fmt, load, serve } from './_lib.mjs';
import { seed } from './_seed.mjs';

const REAL_SITE = { list: 17, single: 46 }; // req/s of a real site (PHP 8.2 + MariaDB) on this kind of machine
const sizes = (process.env.BENCH_SIZES ?? '1000,100000,1000000').split(',').map(Number);
const rows = [];

for (const size of sizes) {
  const dir = mkdtempSync(join(tmpdir(), 'calctl-bench-'));
  const t0 = Date.now();
  // Fewer categories for small stores, so the filtered page is full (50 events) at every size and the
  // latencies compare answers of the same size.
  const { categoryId, firstEvent } = seed(dir, size, { categories: Math.max(1, Math.min(20, Math.floor(size / 100))) });
  process.stderr.write(`seeded ${size} events in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  const srv = await serve(dir);
  const day = (d) => new Date(Date.now() + d * 86400_000).toISOString().slice(0, 10);
  const listUrl = `${srv.baseUrl}/events?per_page=50&start_date=${day(30)}&end_date=${day(400)}&categories=${categoryId}`;
  const singleUrl = `${srv.baseUrl}/events/${firstEvent}`;
  const probe = await fetch(listUrl);
  const listBody = await probe.text();
  const listHeaders = { 'content-type': 'application/json; charset=UTF-8' };
  const cases = [
    { name: 'GET /events (window + category, per_page 50)', url: listUrl, real: REAL_SITE.list, bytes: listBody },
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
    const ours = await load({ url: c.url, method: c.method ?? 'GET', headers: c.headers, body: c.body });
    let ceiling = null;
    if (c.bytes) {
      const bare = await bareServer(c.bytes, listHeaders);
      ceiling = await load({ url: bare.url });
      await bare.close();
    }
    rows.push({ size, name: c.name, ours, ceiling, real: c.real });
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
  const vsReal = r.real ? `${fmt(r.ours.rps / r.real, 0)}×` : '–';
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
process.stdout.write(`${out.join('\n')}\n`);
