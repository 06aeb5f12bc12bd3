#!/usr/bin/env node
/**
 * A small import into a large calendar (not a test): BENCH_SMALL_EVENTS events (default 100,000)
 * seeded into `calctl serve`, then `calctl import events` of a 10-row file (5 rows of events it
 * holds, 5 new), the way a cron job adds a few events to a busy site. Target: ≤ 0.5 s. Printed beside
 * two baselines measured in the same run: one request (`calctl events get`), the floor of any
 * networked command, and the whole calendar listed once (what the match index cost before it listed
 * only the days around the rows).
 *
 *   npm run build && node --import tsx bench/import-small.mjs
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authHeader, PASSWORD, root, serve } from './_lib.mjs';
import { seed } from './_seed.mjs';

const EVENTS = Number(process.env.BENCH_SMALL_EVENTS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 5);
const TARGET_S = 0.5;
const dir = await mkdtemp(join(tmpdir(), 'calctl-bench-small-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

let server;
try {
  const dataDir = join(dir, 'data');
  seed(dataDir, EVENTS);
  server = await serve(dataDir);
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: join(dir, 'home'),
    CI: 'true',
    CALCTL_URL: new URL(server.baseUrl).origin,
    CALCTL_USER: 'admin',
    CALCTL_PASSWORD: PASSWORD,
  };
  const run = (args) => {
    const started = performance.now();
    const r = spawnSync(process.execPath, [join(root, 'bin/calctl'), ...args], { env, encoding: 'utf8' });
    const seconds = (performance.now() - started) / 1000;
    if (r.status !== 0) throw new Error(`calctl ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    return { seconds, out: r.stdout };
  };

  // Five events the calendar holds, spread over its span, as an export would write them.
  const get = async (path) => {
    const res = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: authHeader } });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    return res.json();
  };
  const listed = await get('/events?start_date=1900-01-01&end_date=2100-12-31&per_page=1');
  const total = listed.total;
  const held = [];
  for (const k of [1, 2, 3, 4, 5]) {
    const page = Math.floor((total * k) / 6);
    const body = await get(`/events?start_date=1900-01-01&end_date=2100-12-31&per_page=1&page=${page}`);
    held.push(body.events[0]);
  }
  const lines = ['title,start_date,end_date'];
  for (const e of held) lines.push(`${e.title},${e.start_date},${e.end_date}`);
  for (let i = 0; i < 5; i++) lines.push(`New event ${i},2027-0${i + 1}-15 18:00:00,2027-0${i + 1}-15 20:00:00`);
  const csv = join(dir, 'ten.csv');
  await writeFile(csv, `${lines.join('\n')}\n`);

  const oneId = String(held[0].id);
  run(['events', 'get', oneId, '-o', 'json']); // warm the file cache
  const samples = { get: [], imp: [], whole: [] };
  let first;
  for (let round = 0; round < RUNS; round++) {
    samples.get.push(run(['events', 'get', oneId, '-o', 'json']).seconds);
    const imp = run(['import', 'events', csv, '-o', 'json']);
    first ??= JSON.parse(imp.out);
    samples.imp.push(imp.seconds);
  }
  // The whole calendar listed once, as the index did before (ids only are printed, to spare the output).
  samples.whole.push(
    run(['events', 'list', '--all', '--start-date', '1900-01-01', '--end-date', '2100-12-31', '-o', 'ids']).seconds,
  );
  if (first.created !== 5 || first.unchanged !== 5) throw new Error(`unexpected summary: ${JSON.stringify(first)}`);

  const g = median(samples.get);
  const i = median(samples.imp);
  const w = median(samples.whole);
  console.log(`calctl import of 10 rows into ${EVENTS} events (median of ${RUNS}; first run created 5, kept 5)`);
  console.log(`calctl events get (one request)   ${g.toFixed(3)} s  1.00×`);
  console.log(
    `calctl import events (10 rows)     ${i.toFixed(3)} s  ${(i / g).toFixed(2)}× one request  ` +
      `${i <= TARGET_S ? 'ok' : 'MISSED'} (target ≤ ${TARGET_S} s)`,
  );
  console.log(
    `the whole calendar listed once    ${w.toFixed(3)} s  ${(w / g).toFixed(2)}× one request (the old index)`,
  );
  process.exitCode = i <= TARGET_S ? 0 : 1;
} finally {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
}
