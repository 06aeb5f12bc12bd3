#!/usr/bin/env node
/**
 * Feeds (not a test): `calctl serve` in another process plays the site, a local HTTP server serves a
 * feed of BENCH_FEED_EVENTS events (default 2,000) in Google Calendar's shape, whose DTSTAMP changes on
 * every request (so its bytes never repeat, as Google's do). A counting proxy between calctl and the
 * site sees every request. Measured in one run, each beside its baseline:
 *   - the first run (creates every event), events/s, next to `import events` of the same .ics file;
 *   - a run with nothing changed, without ETag (the content compared): seconds, writes, lists —
 *     target ≤ 1 s, 0 writes, 0 lists; next to a bare command (`calctl feeds list`) as the floor;
 *   - the same with ETag on: one 304, no request to the site;
 *   - a run with 10 events changed: exactly 10 writes.
 *
 *   npm run build && node --import tsx bench/feeds.mjs
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { googleFeed, utc } from '../test/feeds/samples.ts';
import { startFeedServer } from '../test/helpers/feed-server.ts';
import { startFaultProxy } from '../test/helpers/proxy.ts';
import { fmt, PASSWORD, root, serve } from './_lib.mjs';

const EVENTS = Number(process.env.BENCH_FEED_EVENTS ?? 2000);
const CHANGED = 10;
const REPEAT = Number(process.env.BENCH_FEED_REPEAT ?? 5);
const dir = await mkdtemp(join(tmpdir(), 'calctl-bench-feeds-'));

const report = join(root, 'bench/_cpu-report.cjs');

/**
 * Runs calctl; resolves with seconds (wall), cpu (user + system seconds of the process: what a busy
 * machine does not inflate) and stdout; rejects on exit codes other than `expect`.
 */
function calctl(env, args, expect = 0) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--require', report, join(root, 'bin/calctl'), ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let usage = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    err += d;
  });
  child.stdio[3].on('data', (d) => {
    usage += d;
  });
  return new Promise((resolve, reject) => {
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code !== expect) return reject(new Error(`calctl ${args.join(' ')} exited ${code}: ${err}`));
      const u = JSON.parse(usage || '{}');
      resolve({ seconds, cpu: ((u.user ?? 0) + (u.system ?? 0)) / 1e6, out });
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const day = 86_400_000;
const base = Date.UTC(new Date().getUTCFullYear() + 1, 0, 5, 8);
const events = Array.from({ length: EVENTS }, (_, i) => ({
  uid: `bench-${i}`,
  title: `Bench event ${i}`,
  start: new Date(base + (i % 300) * day + (i % 10) * 3_600_000),
  end: new Date(base + (i % 300) * day + ((i % 10) + 1) * 3_600_000),
  location: `Venue ${i % 40}, ${i % 40} Bench Road`,
  description: `Event number ${i} of the benchmark feed.`,
}));

const site = await serve(join(dir, 'site'));
const proxy = await startFaultProxy({ target: new URL(site.baseUrl).origin, seed: 3, rates: {} });
const feeds = await startFeedServer();
const home = join(dir, 'home');
const env = {
  PATH: process.env.PATH,
  HOME: home,
  XDG_CONFIG_HOME: join(home, '.config'),
  XDG_DATA_HOME: join(home, '.local', 'share'),
  NO_COLOR: '1',
  CALCTL_URL: `${proxy.origin}${new URL(site.baseUrl).pathname}`,
  CALCTL_USER: 'admin',
  CALCTL_PASSWORD: PASSWORD,
};
const until = ['--until', '+2y'];
const counted = async (run) => {
  const before = proxy.forwarded.length;
  const r = await run();
  const sent = proxy.forwarded.slice(before);
  return {
    ...r,
    writes: sent.filter((q) => q.method !== 'GET').length,
    lists: sent.filter((q) => q.method === 'GET' && /\/(events|venues|organizers|categories|tags)(\?|$)/.test(q.url))
      .length,
    requests: sent.length,
  };
};
const summary = (r) => JSON.parse(r.out)[0];

try {
  // (the body is made once; each request gets a new DTSTAMP, as Google writes the time of the request)
  const stamped = (text) => () => text.replaceAll('DTSTAMP:19700101T000000Z', `DTSTAMP:${utc(new Date())}`);
  feeds.set('/bench.ics', { body: stamped(googleFeed(events, new Date(0))) });
  // Baseline of the first run: import of the same file into a second site.
  const file = join(dir, 'bench.ics');
  await writeFile(file, googleFeed(events));
  const other = await serve(join(dir, 'other'));
  const otherEnv = { ...env, CALCTL_URL: other.baseUrl, HOME: join(dir, 'home2'), XDG_DATA_HOME: join(dir, 'home2') };
  const imported = await calctl(otherEnv, ['import', 'events', file, ...until]);
  await other.stop();

  await calctl(env, ['feeds', 'add', 'bench', feeds.url('/bench.ics'), ...until]);
  const first = await counted(() => calctl(env, ['feeds', 'run', '-o', 'json']));
  if (summary(first).created !== EVENTS) throw new Error(`first run created ${summary(first).created}`);

  const floor = [];
  const plain = [];
  for (let i = 0; i < REPEAT; i++) {
    floor.push(await calctl(env, ['feeds', 'list', '-o', 'json']));
    plain.push(await counted(() => calctl(env, ['feeds', 'run', '-o', 'json'])));
  }
  for (const r of plain) {
    const s = summary(r);
    if (s.unchanged !== EVENTS || s.updated || s.created) throw new Error(`unchanged run: ${JSON.stringify(s)}`);
  }

  // ETag on: the first run with it stores the validators, the next ones get a 304.
  feeds.set('/bench.ics', { body: googleFeed(events), etag: true });
  await calctl(env, ['feeds', 'run', '-o', 'json']);
  const tagged = [];
  for (let i = 0; i < REPEAT; i++) tagged.push(await counted(() => calctl(env, ['feeds', 'run', '-o', 'json'])));
  if (summary(tagged[0]).status !== 'not-modified') throw new Error('no 304');

  const taggedHits = feeds
    .hits('/bench.ics')
    .slice(-REPEAT)
    .map((h) => h.status)
    .join(',');
  for (let i = 0; i < CHANGED; i++) events[i * 97].title = `Bench event ${i * 97} (changed)`;
  feeds.set('/bench.ics', { body: stamped(googleFeed(events, new Date(0))) });
  const changed = await counted(() => calctl(env, ['feeds', 'run', '-o', 'json']));
  if (summary(changed).updated !== CHANGED) throw new Error(`changed run: ${JSON.stringify(summary(changed))}`);

  const s = (r) => fmt(r.seconds, 2);
  console.log(`feed of ${EVENTS} events (Google's shape, ${REPEAT} runs of each unchanged case; medians)`);
  console.log(
    `first run:        ${s(first)} s, ${fmt(EVENTS / first.seconds, 0)} events/s; import of the same file ${fmt(imported.seconds, 2)} s, ${fmt(EVENTS / imported.seconds, 0)} events/s → ${fmt(imported.seconds / first.seconds, 2)}×`,
  );
  const wall = (rs) => median(rs.map((r) => r.seconds));
  const cpu = (rs) => median(rs.map((r) => r.cpu));
  const [plainS, floorS, taggedS] = [wall(plain), wall(floor), wall(tagged)];
  console.log(`floor (calctl feeds list): ${fmt(floorS, 2)} s wall, ${fmt(cpu(floor), 2)} s CPU`);
  console.log(
    `unchanged, no ETag: ${fmt(plainS, 2)} s wall (target ≤ 1 s), ${fmt(cpu(plain), 2)} s CPU → ${fmt(plainS / floorS, 2)}× the floor; writes ${Math.max(...plain.map((r) => r.writes))}, lists ${Math.max(...plain.map((r) => r.lists))}, site requests ${Math.max(...plain.map((r) => r.requests))}`,
  );
  console.log(
    `unchanged, ETag:    ${fmt(taggedS, 2)} s wall, ${fmt(cpu(tagged), 2)} s CPU → ${fmt(taggedS / floorS, 2)}× the floor; feed answers ${taggedHits}, site requests ${Math.max(...tagged.map((r) => r.requests))}`,
  );
  console.log(
    `${CHANGED} changed:        ${s(changed)} s, writes ${changed.writes} (target exactly ${CHANGED}), lists ${changed.lists}`,
  );
} finally {
  await feeds.close();
  await proxy.close();
  await site.stop();
  await rm(dir, { recursive: true, force: true });
}
