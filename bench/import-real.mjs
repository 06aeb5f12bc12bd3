#!/usr/bin/env node
/**
 * Import against real sites (not a test; skipped unless CALCTL_REAL_URL, CALCTL_REAL_USER and
 * CALCTL_REAL_PASSWORD are set). On a real site the site's own create rate is the bound: this bench
 * measures, at the same concurrency, bare creates (the same request bodies POSTed straight to the
 * events route with Node's own HTTP client, the cheapest client on this machine's shared cores) and
 * `calctl import events` of as many new rows, and prints the import's rate as a ratio to the bare rate
 * (target ≥ 0.95) with calctl's own CPU time as a share of one core (target < 10%, start-up included).
 * Beside it, the bound outside calctl: a Node process's start and a listing of the rows' days (every page),
 * measured next to each import, and the best ratio a process paying only those could reach. Every
 * event it makes is deleted for good at the end
 * through WordPress core's route.
 *
 * A shared machine's load drifts during a run, so the two are interleaved: bare, import, bare, import
 * … bare, each import compared with the mean of the bare runs just before and after it, and the
 * median of those ratios reported. calctl runs as a cron job does, in one HOME across runs: the first
 * command of the run (not measured) finds the site's REST root, and the imports use what it learnt.
 *
 * Several deployments in one run: CALCTL_REAL_URL may name several sites, comma-separated (each its
 * own figures, with the zone, URL form and page size the site reports, and the machine's load average
 * before and after them: the ratios hold under load, the rates do not). Every request goes
 * to the REST root the site announces, so a plain-permalink site or one in a folder is measured alike.
 *
 *   CALCTL_REAL_URL=… CALCTL_REAL_USER=… CALCTL_REAL_PASSWORD=… node --import tsx bench/import-real.mjs
 *   CALCTL_REAL_URL=http://127.0.0.1:8080,http://127.0.0.1:8082,http://127.0.0.1:8083 …
 *   BENCH_REAL_ROWS=60 BENCH_ROUNDS=9 BENCH_CONCURRENCY=8 …   (rows per run, import runs, requests in flight)
 *
 * The default run is a cron job's bulk import: 200 rows, five imports. With fewer rows the bound
 * outside calctl is itself near the target (60 rows: about 0.96×, one listing and a process start
 * against some three seconds of creates): the bench prints it, so that a miss there can be told apart
 * from calctl's own.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { discoverApiBase } from '../src/api/discover.ts';
import { restUrl, splitApiBase } from '../src/api/rest-url.ts';
import { shiftDay } from '../src/import/match-days.ts';
import { root } from './_lib.mjs';

const urls = process.env.CALCTL_REAL_URL;
const user = process.env.CALCTL_REAL_USER;
const password = process.env.CALCTL_REAL_PASSWORD;
if (!urls || !user || !password) {
  console.log('skipped: set CALCTL_REAL_URL, CALCTL_REAL_USER and CALCTL_REAL_PASSWORD to measure against a real site');
  process.exit(0);
}

const ROWS = Number(process.env.BENCH_REAL_ROWS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const stamp = Date.now().toString(36);
const dir = await mkdtemp(join(tmpdir(), 'calctl-bench-real-'));
/** The site measured now: its URL as given, its REST root, and the events made there. */
let url = '';
let restRoot;
let made = [];
/** A run's number, so that no row matches an event of an earlier run. */
let runs = 0;

const pad = (n) => String(n).padStart(2, '0');
/** Row i of run `run`: its own title and day, so that nothing matches an existing event. */
function event(kind, run, i) {
  const day = new Date(Date.UTC(2031, 0, 1) + (run * ROWS + i) * 86_400_000).toISOString().slice(0, 10);
  return {
    title: `Bench ${kind} ${stamp} ${run} ${i}`,
    start_date: `${day} ${pad(9 + (i % 8))}:00:00`,
    end_date: `${day} ${pad(10 + (i % 8))}:00:00`,
  };
}

async function call(method, path, body) {
  const payload = body ? JSON.stringify(body) : undefined;
  const { status, text } = await new Promise((resolve, reject) => {
    const req = request(
      restUrl(restRoot, path),
      {
        method,
        agent,
        headers: {
          authorization: auth,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
  if (status >= 300) throw new Error(`${method} ${path}: ${status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** The site's own rate: ROWS creates, CONCURRENCY at a time. */
async function bareCreates() {
  const run = runs++;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < ROWS) {
      const body = await call('POST', '/tribe/events/v1/events?_fields=id', event('bare', run, next++));
      made.push(body.id);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return ROWS / ((performance.now() - started) / 1000);
}

/** Runs the built CLI in the bench's HOME; resolves with its output and its own CPU seconds. */
async function calctl(args) {
  const child = spawn(
    process.execPath,
    ['--require', join(root, 'bench/_cpu-report.cjs'), join(root, 'bin/calctl'), ...args],
    {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: join(dir, 'home'),
        CI: 'true',
        CALCTL_URL: url,
        CALCTL_USER: user,
        CALCTL_PASSWORD: password,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  let cpu = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  child.stdio[3].on('data', (d) => (cpu += d));
  const code = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`calctl ${args.join(' ')} exited ${code}: ${err}`);
  const { user: u, system: s } = JSON.parse(cpu);
  return { out, cpuSeconds: (u + s) / 1e6 };
}

/**
 * What any importer that matches rows pays, outside calctl: a Node process's start (`node -e 0`,
 * spawned as calctl is) and a listing of the rows' days, every page of it: the least the site can be
 * asked to know which rows exist. (On a calendar that holds events on those days that is more than
 * one request; the site's two cores are the bottleneck, so its work costs the writes as much whether
 * it is read before them or beside them.) Measured next to each import (seconds).
 */
async function floorCosts(rows) {
  let started = performance.now();
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore', env: { PATH: process.env.PATH ?? '' } });
    child.on('error', reject);
    child.on('close', resolve);
  });
  const nodeStart = (performance.now() - started) / 1000;
  const days = rows.map((r) => r.start_date.slice(0, 10)).sort();
  started = performance.now();
  const query = `per_page=50&starts_after=${shiftDay(days[0], -2)}&starts_before=${shiftDay(days.at(-1), 1)}`;
  let pages = 1;
  for (let page = 1; page <= pages; page++) {
    pages = (await call('GET', `/tribe/events/v1/events?${query}&page=${page}`)).total_pages || 1;
  }
  return { nodeStart, listing: (performance.now() - started) / 1000, pages };
}

/** `calctl import` of ROWS new rows; resolves with its rate and its own CPU seconds. */
async function calctlImport() {
  const run = runs++;
  const csv = join(dir, `rows-${run}.csv`);
  const rows = Array.from({ length: ROWS }, (_, i) => event('import', run, i));
  await writeFile(
    csv,
    `title,start_date,end_date\n${rows.map((r) => `${r.title},${r.start_date},${r.end_date}`).join('\n')}\n`,
  );
  const floor = await floorCosts(rows);
  const started = performance.now();
  const { out, cpuSeconds } = await calctl(['import', 'events', csv, '-o', 'json']);
  const seconds = (performance.now() - started) / 1000;
  const summary = JSON.parse(out);
  if (summary.created !== ROWS) throw new Error(`expected ${ROWS} created: ${out}`);
  return { rate: ROWS / seconds, seconds, cpuSeconds, floor };
}

/** The ids of the events this run imported (found by their titles). */
async function importedIds() {
  const ids = [];
  for (let page = 1; ; page++) {
    // (a last page of exactly 100 is followed by a page the site refuses: the end too)
    const body = await call(
      'GET',
      `/wp/v2/tribe_events?search=${stamp}&per_page=100&page=${page}&_fields=id,title&status=publish,draft`,
    ).catch((err) => {
      if (page > 1 && String(err.message).includes('rest_post_invalid_page_number')) return [];
      throw err;
    });
    ids.push(...body.filter((e) => String(e.title?.rendered ?? '').includes(`import ${stamp}`)).map((e) => e.id));
    if (body.length < 100) return ids;
  }
}

/** What the site says of itself: zone, URL form, page size and size, for the heading. */
async function deployment() {
  const index = await call('GET', '/');
  const list = await call('GET', '/tribe/events/v1/events?_fields=rest_url');
  const zone = index.timezone_string || `UTC${index.gmt_offset >= 0 ? '+' : ''}${index.gmt_offset}`;
  const perPage = /[?&]per_page=(\d+)/.exec(String(list.rest_url ?? ''))?.[1] ?? '?';
  const form = `${restRoot.plain ? 'plain' : 'pretty'} permalinks`;
  const events = (await call('GET', '/tribe/events/v1/events?per_page=1&start_date=1900-01-01&end_date=2100-12-31'))
    .total;
  return `${zone}, ${form}, page size ${perPage}, ${events} events`;
}

/** Deletes for good what this run made on the current site. */
async function cleanup() {
  let next = 0;
  const worker = async () => {
    while (next < made.length) await call('DELETE', `/wp/v2/tribe_events/${made[next++]}?force=true`).catch(() => {});
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const results = [];
try {
  for (const site of urls
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)) {
    url = site;
    restRoot = splitApiBase((await discoverApiBase(url)).apiBase).root;
    made = [];
    try {
      const load = () =>
        loadavg()
          .map((x) => x.toFixed(2))
          .join(' ');
      console.log(`import against ${url} (${await deployment()}; load ${load()})`);
      console.log(`  ${ROUNDS} imports of ${ROWS} rows between bare runs, concurrency ${CONCURRENCY}`);
      // (the cron job's earlier runs: the site's REST root found once, as any first command finds it)
      await calctl(['events', 'list', '--per-page', '1', '-o', 'ids']);
      const bare = [await bareCreates()];
      const imports = [];
      for (let r = 0; r < ROUNDS; r++) {
        imports.push(await calctlImport());
        bare.push(await bareCreates());
      }
      made.push(...(await importedIds()));
      const around = (r) => ((bare[r] ?? 0) + (bare[r + 1] ?? 0)) / 2;
      const ratios = imports.map((imp, r) => imp.rate / around(r));
      // (the best ratio a process that starts and lists the rows' days once could reach at that bare rate)
      const floors = imports.map((imp, r) => 1 / (1 + ((imp.floor.nodeStart + imp.floor.listing) * around(r)) / ROWS));
      const shares = imports.map((imp) => imp.cpuSeconds / imp.seconds);
      const ratio = median(ratios);
      const cpuShare = median(shares);
      const fmt = (xs, f) => xs.map(f).join(' ');
      console.log(`  bare creates (the site's own rate)  ${fmt(bare, (x) => x.toFixed(1))} rows/s`);
      console.log(`  calctl import events               ${fmt(imports, (x) => x.rate.toFixed(1))} rows/s`);
      console.log(
        `  ratio to the bare rate around it   ${fmt(ratios, (x) => x.toFixed(2))}: median ${ratio.toFixed(2)}×  ` +
          `${ratio >= 0.95 ? 'ok' : 'MISSED'} (target ≥ 0.95×)`,
      );
      console.log(
        `  calctl's own CPU, share of a core   ${fmt(shares, (x) => `${(x * 100).toFixed(1)}%`)}: median ` +
          `${(cpuShare * 100).toFixed(1)}% ${cpuShare < 0.1 ? 'ok' : 'MISSED'} (target < 10%; start-up included)`,
      );
      console.log(`  load average after                  ${load()}`);
      const floor = median(floors);
      console.log(
        `  bound outside calctl                 node start ${fmt(imports, (x) => `${(x.floor.nodeStart * 1000).toFixed(0)}`)} ms, ` +
          `listing the rows' days ${fmt(imports, (x) => `${(x.floor.listing * 1000).toFixed(0)}${x.floor.pages > 1 ? ` (${x.floor.pages} pages)` : ''}`)} ms: at best ` +
          `${fmt(floors, (x) => x.toFixed(2))} (median ${floor.toFixed(2)}×); calctl reaches ${((ratio / floor) * 100).toFixed(0)}% of it`,
      );
      results.push(ratio >= 0.95 && cpuShare < 0.1);
    } finally {
      await cleanup();
    }
  }
  process.exitCode = results.every(Boolean) ? 0 : 1;
} finally {
  agent.destroy();
  await rm(dir, { recursive: true, force: true });
}
