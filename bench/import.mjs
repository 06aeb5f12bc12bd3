#!/usr/bin/env node
/**
 * Import/export benchmark (not a test): BENCH_ROWS events (default 100,000) from a CSV file into the
 * embedded server over HTTP, then exported back to CSV, the way a cron job does it: `calctl serve` in
 * one process, `calctl import` and `calctl export` (the built CLI) in another, on loopback. Prints
 * rows/s and each CLI process's peak RSS next to the same rows inserted straight into SQLite in this
 * process (the ceiling), as a ratio.
 *
 *   npm run build && node --import tsx bench/import.mjs   # 100,000 rows
 *   BENCH_ROWS=5000 node --import tsx bench/import.mjs    # quick run
 *   BENCH_CONCURRENCY=16 node --import tsx bench/import.mjs
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authHeader, PASSWORD, root, serve } from './_lib.mjs';

const { openStores } = await import('../src/server/start.ts');
const { EXPORT_CONCURRENCY, exportQuery } = await import('../src/export/export.ts');
const { getResource } = await import('../src/catalog/index.ts');

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

/**
 * Peaks of a process's anonymous memory (heap, SQLite's cache, buffers) and of its file-backed pages
 * (for `calctl serve`: the database file it maps, which is the kernel's page cache), sampled.
 */
function watchMemory(pid) {
  const peaks = { anon: 0, file: 0 };
  const timer = setInterval(async () => {
    try {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
      peaks.anon = Math.max(peaks.anon, kb('RssAnon'));
      peaks.file = Math.max(peaks.file, kb('RssFile') + kb('RssShmem'));
    } catch {
      // not Linux, or the process is gone
    }
  }, 50);
  return { peaks, stop: () => clearInterval(timer) };
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

/** Runs the built CLI against the server; resolves with its stdout, wall seconds and peak RSS. */
function calctl(args, origin) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [join(root, 'bin/calctl'), ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: join(dir, 'home'),
        CI: 'true',
        CALCTL_URL: origin,
        CALCTL_USER: 'admin',
        CALCTL_PASSWORD: PASSWORD,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let rss = 0;
    // VmHWM is the process's peak so far: the last reading before it exits is its peak.
    const poll = setInterval(async () => {
      rss = Math.max(rss, (await peakRssOf(child.pid)) ?? 0);
    }, 20);
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('exit', (code) => {
      clearInterval(poll);
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) reject(new Error(`calctl ${args.join(' ')} exited ${code}: ${err}`));
      else resolve({ out, seconds, rss });
    });
  });
}

/**
 * The server's answers alone: every page the export asks for, as many at once as it asks, each body
 * read and dropped (no JSON parsing, no CSV). The most any client could export from this server here;
 * what the export loses to it is calctl's own work, sharing the same cores. (It runs after the export,
 * on a server whose JIT that export warmed, and which now caches pages asked for a second time.)
 */
async function pagesAlone(baseUrl) {
  const { Agent, request } = await import('undici');
  const agent = new Agent();
  const query = new URLSearchParams(Object.entries(exportQuery(getResource('events'))).map(([k, v]) => [k, String(v)]));
  const pages = Math.ceil(ROWS / Number(query.get('per_page')));
  let next = 1;
  const started = performance.now();
  const worker = async () => {
    while (next <= pages) {
      query.set('page', String(next++));
      const res = await request(`${baseUrl}/events?${query}`, {
        headers: { authorization: authHeader },
        dispatcher: agent,
      });
      await res.body.text();
      if (res.statusCode !== 200) throw new Error(`page ${query.get('page')}: ${res.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: EXPORT_CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  await agent.close();
  return ROWS / seconds;
}

try {
  const csvPath = join(dir, 'events.csv');
  const outPath = join(dir, 'out.csv');
  await writeCsv(csvPath);
  console.log(`calctl import/export benchmark: ${ROWS} events, concurrency ${CONCURRENCY}`);
  console.log(`input ${mb((await stat(csvPath)).size)} CSV`);

  const server = await serve(join(dir, 'data'));
  const serverMemory = watchMemory(server.child.pid);
  const origin = new URL(server.baseUrl).origin;
  const imp = await calctl(['import', 'events', csvPath, '-o', 'json', '--concurrency', String(CONCURRENCY)], origin);
  const summary = JSON.parse(imp.out);
  if (summary.created !== ROWS) throw new Error(`expected ${ROWS} created, got ${imp.out}`);
  const importRate = ROWS / imp.seconds;
  const exp = await calctl(['export', 'events', '--file', outPath], origin);
  const exported = (await readFile(outPath, 'utf8')).trimEnd().split('\n').length - 1;
  if (exported !== ROWS) throw new Error(`expected ${ROWS} exported rows, got ${exported}`);
  const exportRate = ROWS / exp.seconds;
  const serverPeak = await peakRssOf(server.child.pid);
  serverMemory.stop();
  const aloneRate = await pagesAlone(server.baseUrl);
  await server.stop();

  resetPeak();
  const ceiling = sqliteCeiling();
  sample();
  const ceilingRss = peak;

  const line = (name, rate, rss, target) =>
    `${name.padEnd(22)} ${String(Math.round(rate)).padStart(8)} rows/s  ${(rate / ceiling).toFixed(3).padStart(6)} × ceiling  peak RSS ${mb(rss).padStart(7)}  (target ${target})`;
  console.log(line('sqlite insert (ceiling)', ceiling, ceilingRss, '—'));
  console.log(line('calctl import', importRate, imp.rss, '≥ 5,000 rows/s'));
  console.log(line('calctl export', exportRate, exp.rss, '≥ 20,000 rows/s'));
  console.log(
    `${'server answers alone'.padEnd(22)} ${String(Math.round(aloneRate)).padStart(8)} rows/s  ${(aloneRate / ceiling).toFixed(3).padStart(6)} × ceiling  ` +
      '(the pages the export asks for, fetched and dropped: the most any client could export here)',
  );
  console.log(
    `(wall time of each command, start-up included; the import's own summary: ${summary.seconds} s; ` +
      `exported ${mb((await stat(outPath)).size)} CSV; RSS target ≤ 200 MB per command)`,
  );
  if (serverPeak !== undefined) {
    const { anon, file } = serverMemory.peaks;
    console.log(
      `calctl serve peak RSS over the run: ${mb(serverPeak)} (its own memory peaked at ${mb(anon)}; ` +
        `file pages, the database it maps, at ${mb(file)})`,
    );
  }
} finally {
  clearInterval(sampler);
  await rm(dir, { recursive: true, force: true });
}
