#!/usr/bin/env node
/**
 * Import/export benchmark (not a test): BENCH_ROWS events (default 100,000) from a CSV file into the
 * embedded server over HTTP (a spawned `calctl serve` on loopback, as an admin would run it; the
 * importer runs in this process through the same code as `calctl import`), then exported back to
 * CSV. Prints rows/s and peak RSS (importer and server) next to the same rows inserted straight into
 * SQLite in this process (the ceiling). Needs `npm run build` (the server is the built CLI).
 *
 *   node bench/import.mjs                 # 100,000 rows
 *   BENCH_ROWS=5000 node bench/import.mjs # quick run
 *   BENCH_CONCURRENCY=16 node bench/import.mjs
 *
 * Runs the TypeScript sources through tsx, so no build is needed.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { register } from 'tsx/esm/api';
import { PASSWORD, serve } from './_lib.mjs';

register();
const { createApiClient } = await import('../src/api/index.ts');
const { getResource } = await import('../src/catalog/index.ts');
const { runImport } = await import('../src/csv/import.ts');
const { runExport } = await import('../src/csv/export.ts');
const { openSource } = await import('../src/csv/read.ts');
const { openStores } = await import('../src/server/start.ts');

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const dir = await mkdtemp(join(tmpdir(), 'calctl-bench-'));

let peak = 0;
const sample = () => {
  peak = Math.max(peak, process.memoryUsage().rss);
};
const sampler = setInterval(sample, 50);
const resetPeak = () => {
  peak = process.memoryUsage().rss;
};
const mb = (bytes) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** A process's peak RSS so far (Linux: VmHWM), in bytes; undefined elsewhere. */
async function peakRssOf(pid) {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

const pad = (n) => String(n).padStart(2, '0');
function row(i) {
  const day = new Date(Date.UTC(2026, 0, 1) + (i % 3650) * 86_400_000).toISOString().slice(0, 10);
  const hour = pad(8 + (i % 10));
  return `Event ${i},${day} ${hour}:00:00,${day} ${hour}:30:00,Hall ${i % 20},Org ${i % 10},Cat ${i % 5},${i % 50},false\n`;
}

async function writeCsv(path) {
  const out = createWriteStream(path);
  out.write('title,start_date,end_date,venue,organizer,categories,cost,featured\n');
  for (let i = 1; i <= ROWS; i++) if (!out.write(row(i))) await once(out, 'drain');
  out.end();
  await once(out, 'close');
}

/** The ceiling: the same rows straight into the store, in one transaction, no HTTP, no validation. */
function sqliteCeiling() {
  const stores = openStores(join(dir, 'ceiling'));
  const started = performance.now();
  stores.db
    .transaction(() => {
      for (let i = 1; i <= ROWS; i++) {
        const [title, start, end] = row(i).split(',');
        stores.posts.insert({
          type: 'tribe_events',
          status: 'publish',
          author: 1,
          title,
          content: '',
          excerpt: '',
          slug: `event-${i}`,
          date: '2026-01-01 00:00:00',
          date_utc: '2026-01-01 00:00:00',
          modified: '2026-01-01 00:00:00',
          modified_utc: '2026-01-01 00:00:00',
          parent: 0,
          meta: { timezone: 'UTC', all_day: false, cost: String(i % 50), website: null },
          start_local: start,
          end_local: end,
          start_utc: start,
          end_utc: end,
          featured: 0,
          hidden: 0,
          venue_id: null,
        });
      }
    })
    .immediate();
  const seconds = (performance.now() - started) / 1000;
  stores.db.close();
  return ROWS / seconds;
}

try {
  const csvPath = join(dir, 'events.csv');
  await writeCsv(csvPath);
  console.log(`calctl import/export benchmark: ${ROWS} events, concurrency ${CONCURRENCY}`);
  console.log(`input ${mb((await stat(csvPath)).size)} CSV`);

  // The importer's own figures come first, so that the ceiling's SQLite memory does not count in them.
  const startRss = process.memoryUsage().rss;
  const server = await serve(join(dir, 'data'));
  const api = createApiClient({
    baseUrl: server.baseUrl,
    auth: { type: 'basic', user: 'admin', password: PASSWORD },
  });
  resetPeak();
  const source = await openSource(createReadStream(csvPath), 'csv');
  const imported = await runImport({ api, resource: getResource('events'), source, concurrency: CONCURRENCY });
  sample();
  const importRss = peak;
  if (globalThis.gc) {
    globalThis.gc();
    console.log(`after import: heap used ${mb(process.memoryUsage().heapUsed)}, rss ${mb(process.memoryUsage().rss)}`);
  }
  const importRate = imported.rows / imported.seconds;
  if (imported.created !== ROWS) throw new Error(`expected ${ROWS} created, got ${JSON.stringify(imported)}`);

  resetPeak();
  let bytes = 0;
  const sink = new Writable({
    write(chunk, _enc, cb) {
      bytes += chunk.length;
      cb();
    },
  });
  const exportStarted = performance.now();
  const exported = await runExport({ api, resource: getResource('events'), format: 'csv', out: sink });
  const exportRate = exported / ((performance.now() - exportStarted) / 1000);
  sample();
  const exportRss = peak;
  const serverPeak = await peakRssOf(server.child.pid);
  await api.close();
  await server.stop();

  resetPeak();
  const ceiling = sqliteCeiling();
  sample();
  const ceilingRss = peak;

  const line = (name, rate, rss, target) =>
    `${name.padEnd(22)} ${String(Math.round(rate)).padStart(8)} rows/s  ${(rate / ceiling).toFixed(3).padStart(6)} × ceiling  peak RSS ${mb(rss).padStart(7)}  (target ${target})`;
  console.log(line('sqlite insert (ceiling)', ceiling, ceilingRss, '—'));
  console.log(line('import over HTTP', importRate, importRss, '≥ 5,000 rows/s'));
  console.log(line('export over HTTP', exportRate, exportRss, '≥ 20,000 rows/s'));
  console.log(
    `exported ${exported} rows, ${mb(bytes)} CSV; RSS target ≤ 200 MB (the importer's; ${mb(startRss)} before the import)`,
  );
  if (serverPeak !== undefined) console.log(`calctl serve peak RSS over the run: ${mb(serverPeak)}`);
} finally {
  clearInterval(sampler);
  await rm(dir, { recursive: true, force: true });
}
