#!/usr/bin/env node
/**
 * Import against a real site (not a test; skipped unless CALCTL_REAL_URL, CALCTL_REAL_USER and
 * CALCTL_REAL_PASSWORD are set). On a real site the site's own create rate is the bound: this bench
 * measures, in one run and at the same concurrency, bare creates (the same request bodies POSTed
 * straight to the events route with undici, nothing else) and `calctl import events` of as many rows,
 * and prints the import's rate as a ratio to the bare rate (target ≥ 0.95) with calctl's own CPU
 * time as a share of one core (target < 10%). Every event it makes is deleted for good at the end
 * through WordPress core's route.
 *
 *   CALCTL_REAL_URL=… CALCTL_REAL_USER=… CALCTL_REAL_PASSWORD=… node --import tsx bench/import-real.mjs
 *   BENCH_REAL_ROWS=200 BENCH_CONCURRENCY=8 …
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { root } from './_lib.mjs';

const url = process.env.CALCTL_REAL_URL;
const user = process.env.CALCTL_REAL_USER;
const password = process.env.CALCTL_REAL_PASSWORD;
if (!url || !user || !password) {
  console.log('skipped: set CALCTL_REAL_URL, CALCTL_REAL_USER and CALCTL_REAL_PASSWORD to measure against a real site');
  process.exit(0);
}

const ROWS = Number(process.env.BENCH_REAL_ROWS ?? 120);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const origin = url.replace(/\/+$/, '').replace(/\/wp-json.*$/, '');
const auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const agent = new Agent({ connections: CONCURRENCY });
const stamp = Date.now().toString(36);
const dir = await mkdtemp(join(tmpdir(), 'calctl-bench-real-'));
const made = [];

const pad = (n) => String(n).padStart(2, '0');
/** Row i of a run: its own title and day, so that nothing matches an existing event. */
function event(kind, i) {
  const day = new Date(Date.UTC(2031, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
  return {
    title: `Bench ${kind} ${stamp} ${i}`,
    start_date: `${day} ${pad(9 + (i % 8))}:00:00`,
    end_date: `${day} ${pad(10 + (i % 8))}:00:00`,
  };
}

async function call(method, path, body) {
  const res = await request(`${origin}/wp-json${path}`, {
    method,
    dispatcher: agent,
    headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** The site's own rate: ROWS creates, CONCURRENCY at a time. */
async function bareCreates() {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < ROWS) {
      const body = await call('POST', '/tribe/events/v1/events?_fields=id', event('bare', next++));
      made.push(body.id);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return ROWS / ((performance.now() - started) / 1000);
}

/** `calctl import` of ROWS new rows; resolves with its rate and its own CPU seconds. */
async function calctlImport() {
  const csv = join(dir, 'rows.csv');
  const rows = Array.from({ length: ROWS }, (_, i) => event('import', i));
  await writeFile(
    csv,
    `title,start_date,end_date\n${rows.map((r) => `${r.title},${r.start_date},${r.end_date}`).join('\n')}\n`,
  );
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--require', join(root, 'bench/_cpu-report.cjs'), join(root, 'bin/calctl'), 'import', 'events', csv, '-o', 'json'],
    {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: join(dir, 'home'),
        CI: 'true',
        CALCTL_URL: origin,
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
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`calctl import exited ${code}: ${err}`);
  const summary = JSON.parse(out);
  if (summary.created !== ROWS) throw new Error(`expected ${ROWS} created: ${out}`);
  const { user: u, system: s } = JSON.parse(cpu);
  return { rate: ROWS / seconds, seconds, cpuSeconds: (u + s) / 1e6 };
}

/** The ids of the events this run imported (found by their titles). */
async function importedIds() {
  const ids = [];
  for (let page = 1; ; page++) {
    const body = await call(
      'GET',
      `/wp/v2/tribe_events?search=${stamp}&per_page=100&page=${page}&_fields=id,title&status=any`,
    );
    ids.push(...body.filter((e) => String(e.title?.rendered ?? '').includes(`import ${stamp}`)).map((e) => e.id));
    if (body.length < 100) return ids;
  }
}

try {
  console.log(`import against ${origin}: ${ROWS} rows, concurrency ${CONCURRENCY}`);
  const bare = await bareCreates();
  const imp = await calctlImport();
  made.push(...(await importedIds()));
  const ratio = imp.rate / bare;
  const cpuShare = imp.cpuSeconds / imp.seconds;
  console.log(`bare creates (the site's own rate)  ${bare.toFixed(1).padStart(7)} rows/s  1.00×`);
  console.log(
    `calctl import events               ${imp.rate.toFixed(1).padStart(7)} rows/s  ${ratio.toFixed(2)}×  ` +
      `${ratio >= 0.95 ? 'ok' : 'MISSED'} (target ≥ 0.95×)`,
  );
  console.log(
    `calctl's own CPU: ${imp.cpuSeconds.toFixed(2)} s over ${imp.seconds.toFixed(1)} s = ${(cpuShare * 100).toFixed(1)}% of one core ` +
      `${cpuShare < 0.1 ? 'ok' : 'MISSED'} (target < 10%; start-up included)`,
  );
  process.exitCode = ratio >= 0.95 && cpuShare < 0.1 ? 0 : 1;
} finally {
  let next = 0;
  const worker = async () => {
    while (next < made.length) await call('DELETE', `/wp/v2/tribe_events/${made[next++]}?force=true`).catch(() => {});
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await agent.close();
  await rm(dir, { recursive: true, force: true });
}
