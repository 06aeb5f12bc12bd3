#!/usr/bin/env node
/**
 * Offline working copies (not a test): `calctl serve` in another process plays the site, seeded with
 * BENCH_SYNC_EVENTS events (default 10,000) and their venues, organizers and terms. Measured in one
 * run, each beside its baseline:
 *   - the first `sync pull`, events per second, next to `export events` of the same events (≥ 0.8×);
 *   - a pull with nothing changed: bytes and time next to the first pull's (≤ 5 % and ≤ 10 %);
 *   - a push of 1,000 records made offline, next to `import` of the same 1,000 rows (≥ 0.8×);
 *   - the first pull's peak RSS with BENCH_SYNC_RSS_EVENTS events (default 100,000; 0 skips it):
 *     ≤ 200 MB.
 * Bytes are counted by a pass-through proxy between calctl and the server.
 *
 *   npm run build && node --import tsx bench/sync.mjs
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStores } from '../src/server/start.ts';
import { fmt, PASSWORD, root, serve } from './_lib.mjs';
import { seed } from './_seed.mjs';

const EVENTS = Number(process.env.BENCH_SYNC_EVENTS ?? 10_000);
const RSS_EVENTS = Number(process.env.BENCH_SYNC_RSS_EVENTS ?? 100_000);
const PUSHED = 1000;
const dir = await mkdtemp(join(tmpdir(), 'calctl-bench-sync-'));
const report = join(root, 'bench/_cpu-report.cjs');

/** A proxy that forwards everything to `target` and counts the bytes of the answers. */
function countingProxy(target) {
  const counted = { bytes: 0, requests: 0 };
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    counted.requests++;
    const out = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on('data', (chunk) => {
          counted.bytes += chunk.length;
        });
        answer.pipe(res);
      },
    );
    req.pipe(out);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ origin: `http://127.0.0.1:${port}`, counted, close: () => new Promise((r) => server.close(r)) });
    }),
  );
}

/** Runs calctl (asynchronously: the counting proxy lives in this process); seconds, peak RSS (MB), stdout. */
function calctl(env, args) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--require', report, join(root, 'bin/calctl'), ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  const text = (stream) => {
    let out = '';
    stream.on('data', (d) => {
      out += d;
    });
    return () => out;
  };
  const [stdout, stderr, usage] = [text(child.stdout), text(child.stderr), text(child.stdio[3])];
  return new Promise((resolve, reject) => {
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) return reject(new Error(`calctl ${args.join(' ')} exited ${code}: ${stderr()}`));
      const u = JSON.parse(usage() || '{}');
      resolve({ seconds, rssMB: (u.maxRSS ?? 0) / 1024, out: stdout() });
    });
  });
}

/**
 * Records of a real calendar were last modified over months, not in the same second: the seeded ones
 * get modification times spread over the past year (a pull asks core what changed since the newest).
 */
function spreadModified(dataDir) {
  const { db } = openStores(dataDir);
  db.prepare(
    `UPDATE posts SET modified = datetime(modified, '-' || ((id * 7919) % 31536000) || ' seconds'),
       modified_utc = datetime(modified_utc, '-' || ((id * 7919) % 31536000) || ' seconds')`,
  ).run();
  db.close();
}

async function calendar(events, name) {
  const dataDir = join(dir, name);
  seed(dataDir, events);
  spreadModified(dataDir);
  const server = await serve(dataDir);
  const proxy = await countingProxy(new URL(server.baseUrl).origin);
  const env = (home) => ({
    PATH: process.env.PATH ?? '',
    HOME: join(dir, home),
    CI: 'true',
    CALCTL_URL: proxy.origin,
    CALCTL_USER: 'admin',
    CALCTL_PASSWORD: PASSWORD,
  });
  return { server, proxy, env };
}

const line = (label, value, base, unit, target) =>
  console.log(
    `${label.padEnd(44)} ${fmt(value, 2).padStart(9)} ${unit.padEnd(9)} ${fmt(base, 2).padStart(9)} → ${fmt(value / base, 2)}× (${target})`,
  );

let site;
try {
  site = await calendar(EVENTS, 'site');
  const { proxy } = site;
  const exportRun = await calctl(site.env('export'), ['export', 'events', '--file', join(dir, 'events.csv'), '--yes']);
  proxy.counted.bytes = 0;
  const first = await calctl(site.env('copy'), ['sync', 'pull']);
  const firstBytes = proxy.counted.bytes;
  proxy.counted.bytes = 0;
  const again = await calctl(site.env('copy'), ['sync', 'pull']);
  const againBytes = proxy.counted.bytes;

  // 1,000 organizers made offline, pushed; the same rows imported straight into the site.
  const rows = (tag) => `organizer\n${Array.from({ length: PUSHED }, (_, i) => `Bench ${tag} ${i}`).join('\n')}\n`;
  await writeFile(join(dir, 'offline.csv'), rows('offline'));
  await writeFile(join(dir, 'direct.csv'), rows('direct'));
  await calctl(site.env('copy'), ['--offline', 'import', 'organizers', join(dir, 'offline.csv')]);
  const pushed = await calctl(site.env('copy'), ['sync', 'push']);
  const imported = await calctl(site.env('import'), ['import', 'organizers', join(dir, 'direct.csv')]);

  console.log(`sync against calctl serve with ${EVENTS} events (+ venues, organizers, terms)`);
  console.log(`${''.padEnd(44)} ${'sync'.padStart(9)} ${''.padEnd(9)} ${'baseline'.padStart(9)}`);
  line(
    'first pull, events/s (baseline: export)',
    EVENTS / first.seconds,
    EVENTS / exportRun.seconds,
    'events/s',
    'target ≥ 0.8×',
  );
  line('pull with nothing changed, seconds', again.seconds, first.seconds, 's', 'target ≤ 0.10×');
  line('pull with nothing changed, kB sent', againBytes / 1024, firstBytes / 1024, 'kB', 'target ≤ 0.05×');
  line(
    'push of 1,000 offline records, rows/s (baseline: import)',
    PUSHED / pushed.seconds,
    PUSHED / imported.seconds,
    'rows/s',
    'target ≥ 0.8×',
  );
  await site.proxy.close();
  await site.server.stop();
  site = undefined;

  if (RSS_EVENTS > 0) {
    site = await calendar(RSS_EVENTS, 'big');
    const big = await calctl(site.env('big-copy'), ['sync', 'pull']);
    console.log(
      `first pull of ${RSS_EVENTS} events: ${fmt(big.seconds, 1)} s, peak RSS ${fmt(big.rssMB, 0)} MB (target ≤ 200 MB: ${fmt(big.rssMB / 200, 2)}× of the bound)`,
    );
  }
} finally {
  if (site) {
    await site.proxy.close();
    await site.server.stop();
  }
  await rm(dir, { recursive: true, force: true });
}
