/**
 * Feeds under faults and bad input, against a real `calctl serve` (behind a counting proxy):
 * - a feed that answers 404, 500, an HTML page, a calendar cut short, a connection closed midway, or
 *   nothing within the time limit fails alone with a clear message, exit 3, and changes nothing;
 * - a run that would trash more than half of a feed's events is refused (and `--force` does it);
 * - a malformed VEVENT is rejected with its line, the others are imported;
 * - a run killed with SIGKILL midway (creates, then updates) and run again leaves every event
 *   exactly once, as the source says;
 * - two runs at once: the second waits a short while, then exits with a message, having written
 *   nothing; the first finishes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, cliEnv, runCli, spawnCli, tempHome } from '../helpers/cli.js';
import { type FeedServer, type Served, startFeedServer } from '../helpers/feed-server.js';
import { type KillProxy, startKillProxy } from '../helpers/kill-proxy.js';
import { type FaultProxy, startFaultProxy } from '../helpers/proxy.js';
import { CALCTL, SERVE_PASSWORD, type ServeProcess, spawnServe, stopAllServes } from '../helpers/spawn-serve.js';
import { googleFeed, inDays, type SampleEvent } from './samples.js';

type Rec = Record<string, unknown> & { id: number; title: string; status: string };

let site: ServeProcess;
let proxy: FaultProxy;
let killer: KillProxy;
let feeds: FeedServer;
let env: Record<string, string>;

const cli = (home: string, args: string[], extra: Record<string, string> = {}): Promise<CliResult> =>
  runCli(args, { home, env: { ...env, ...extra }, timeoutMs: 90_000 });
/**
 * A run killed with SIGKILL midway: once `written` records were answered, the proxy holds the answers
 * of later writes (they reach the site, their answers never come back) and the child is killed.
 * Spawned: the process itself is killed.
 */
async function killedRun(home: string, args: string[], written: number): Promise<CliResult> {
  let child: ChildProcess | undefined;
  killer.arm(written, () => setTimeout(() => child?.kill('SIGKILL'), 300), 'written');
  try {
    return await spawnCli(args, {
      home,
      env,
      timeoutMs: 90_000,
      onSpawn: (c) => {
        child = c;
      },
    });
  } finally {
    killer.disarm();
  }
}

const eventsOf = (prefix: string, n: number, title = (i: number) => `${prefix} ${i}`): SampleEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    uid: `${prefix}-${i}`,
    title: title(i),
    start: inDays(3 + (i % 20), 8 + (i % 10)),
    end: inDays(3 + (i % 20), 9 + (i % 10)),
  }));

async function siteEvents(home: string, search: string): Promise<Rec[]> {
  const r = await cli(home, [
    'events',
    'list',
    '--all',
    '--search',
    search,
    '--status',
    'publish,draft,trash',
    '--start-date',
    '2000-01-01',
    '--end-date',
    '2099-12-31',
    '-o',
    'json',
  ]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Rec[];
}

async function runFeed(home: string, name: string, ...extra: string[]) {
  const before = proxy.forwarded.length;
  const r = await cli(home, ['feeds', 'run', name, '-o', 'json', ...extra]);
  return {
    ...r,
    summary: (JSON.parse(r.stdout || '[]') as Record<string, unknown>[])[0] ?? {},
    writes: proxy.forwarded.slice(before).filter((q) => q.method !== 'GET'),
  };
}

beforeAll(async () => {
  site = await spawnServe({ dataDir: mkdtempSync(join(tmpdir(), 'calctl-feeds-faults-')) });
  proxy = await startFaultProxy({ target: site.origin, seed: 2, rates: {} });
  killer = await startKillProxy(site.origin);
  feeds = await startFeedServer();
  env = {
    CALCTL_URL: `${proxy.origin}/wp-json/tribe/events/v1`,
    CALCTL_USER: 'admin',
    CALCTL_PASSWORD: SERVE_PASSWORD,
  };
}, 60_000);

afterAll(async () => {
  await feeds?.close();
  await proxy?.close();
  await killer?.close();
  await stopAllServes();
});

// (each step spawns the CLI a few times: a busy machine needs more than the default 30 s)
describe('a broken feed fails alone and changes nothing', { timeout: 120_000 }, () => {
  const home = tempHome();
  const good = eventsOf('Steady', 6);
  const cases: [string, Served, RegExp, string[]?][] = [
    ['a 404', { body: 'gone', status: 404, contentType: 'text/html' }, /answered 404 \(not found\)/],
    ['a 500', { body: '<h1>error</h1>', status: 500, contentType: 'text/html' }, /answered 500 \(server error\)/],
    [
      'an HTML page',
      { body: '<!doctype html><html><body>Please sign in</body></html>', contentType: 'text/html' },
      /HTML page, not a calendar/,
    ],
    ['a calendar cut short', { body: googleFeed(good).replace(/END:VCALENDAR\r\n$/, '') }, /cut short/],
    ['a connection closed midway', { body: googleFeed(good), cut: true }, /cannot reach|closed|socket/i],
    ['no answer in time', { body: googleFeed(good), delayMs: 4000 }, /did not answer within 1 s/, ['--timeout', '1']],
    ['a body that is no calendar', { body: 'hello', contentType: 'text/plain' }, /not an iCalendar document/],
  ];

  beforeAll(async () => {
    feeds.set('/steady.ics', { body: googleFeed(good) });
    expect((await cli(home, ['feeds', 'add', 'steady', feeds.url('/steady.ics')])).code).toBe(0);
    const first = await runFeed(home, 'steady');
    expect(first.summary).toMatchObject({ created: 6 });
  }, 60_000);

  it.each(cases)('%s', async (_what, served, message, extra = []) => {
    feeds.set('/steady.ics', served);
    const r = await runFeed(home, 'steady', ...extra);
    expect(r.code, r.stderr).toBe(3);
    expect(r.summary).toMatchObject({ status: 'failed', created: 0, updated: 0, trashed: 0 });
    expect(String(r.summary.error)).toMatch(message);
    expect(r.stderr).toMatch(/feed steady failed/);
    expect(r.writes).toEqual([]);
    expect((await siteEvents(home, 'Steady')).filter((e) => e.status === 'publish')).toHaveLength(6);
  });

  it('a feed that suddenly drops most of its events is refused; --force trashes them', async () => {
    feeds.set('/steady.ics', { body: googleFeed(good.slice(0, 2)) });
    let r = await runFeed(home, 'steady');
    expect(r.code).toBe(3);
    expect(r.summary).toMatchObject({ status: 'refused', trashed: 0 });
    expect(String(r.summary.error)).toMatch(/no longer lists 4 of the 6 events/);
    expect(r.writes).toEqual([]);
    r = await runFeed(home, 'steady', '--force');
    expect(r.code, r.stderr).toBe(0);
    expect(r.summary).toMatchObject({ status: 'ok', trashed: 4 });
  });

  it('a malformed VEVENT is rejected with its line; the rest are imported', async () => {
    const text = googleFeed(eventsOf('Mixed', 4)).replace(
      /DTSTART:(\d{8}T\d{6}Z)\r\nDTEND/,
      'DTSTART:2030XX01T000000Z\r\nDTEND',
    );
    const line = text.split('\r\n').findIndex((l) => l.startsWith('DTSTART:2030XX'));
    const begin = text.split('\r\n').slice(0, line).lastIndexOf('BEGIN:VEVENT') + 1;
    feeds.set('/mixed.ics', { body: text });
    expect((await cli(home, ['feeds', 'add', 'mixed', feeds.url('/mixed.ics')])).code).toBe(0);
    const r = await runFeed(home, 'mixed');
    expect(r.code).toBe(3);
    expect(r.summary).toMatchObject({ status: 'ok', created: 3, rejected: 1 });
    expect(r.summary.rejects).toEqual([expect.objectContaining({ line: begin, key: 'Mixed-0@google.com' })]);
    expect(r.stderr).toMatch(new RegExp(`rejected line ${begin} \\(Mixed-0@google.com\\)`));
  });
});

describe('exactly once after SIGKILL', () => {
  // (every command of this test reaches the site through the killing proxy: a feed belongs to the site's address)
  let direct: Record<string, string>;
  beforeAll(() => {
    direct = env;
    env = { ...env, CALCTL_URL: `${killer.origin}/wp-json/tribe/events/v1` };
  });
  afterAll(() => {
    env = direct;
  });

  it('a run killed midway, then run again, leaves every event once (creates, then updates)', async () => {
    const home = tempHome();
    let list = eventsOf('Killed', 30);
    feeds.set('/killed.ics', { body: () => googleFeed(list) });
    expect((await cli(home, ['feeds', 'add', 'killed', feeds.url('/killed.ics')])).code).toBe(0);
    const killed = await killedRun(home, ['feeds', 'run', 'killed'], 1);
    expect(killed.code).toBeNull();
    const part = await siteEvents(home, 'Killed');
    expect(part.length).toBeGreaterThanOrEqual(10);
    // (creates travel in batches: the kill may come after the site made all of them, before they were recorded)
    expect(part.length).toBeLessThanOrEqual(30);
    let again = await runFeed(home, 'killed');
    expect(again.code, again.stderr).toBe(0);
    // (the create answered just before the kill was never recorded: the journal finds it on the site)
    expect(String(again.summary.notes)).toMatch(/[1-9]\d* write\(s\) an interrupted run had sent were found/);
    let events = await siteEvents(home, 'Killed');
    expect(events.map((e) => e.title).sort()).toEqual(list.map((e) => e.title).sort());

    list = eventsOf('Killed', 30, (i) => `Killed ${i} (new title)`);
    const killedAgain = await killedRun(home, ['feeds', 'run', 'killed'], 1);
    expect(killedAgain.code).toBeNull();
    again = await runFeed(home, 'killed');
    expect(again.code, again.stderr).toBe(0);
    expect(again.summary).toMatchObject({ created: 0, trashed: 0 });
    events = await siteEvents(home, 'Killed');
    expect(events.map((e) => e.title).sort()).toEqual(list.map((e) => e.title).sort());
    expect(events.every((e) => e.status === 'publish')).toBe(true);
    // (and nothing left to do)
    const last = await runFeed(home, 'killed');
    expect(last.summary).toMatchObject({ created: 0, updated: 0, trashed: 0 });
    expect(last.writes).toEqual([]);
  }, 120_000);
});

describe('two runs at once', () => {
  it('the second waits a short while, then exits with a message and writes nothing', async () => {
    const home = tempHome();
    let release = () => {};
    const hold = new Promise<void>((r) => {
      release = r;
    });
    feeds.set('/slow.ics', { body: googleFeed(eventsOf('Overlap', 3)), hold });
    expect((await cli(home, ['feeds', 'add', 'slow', feeds.url('/slow.ics')])).code).toBe(0);
    const first = spawn(process.execPath, [CALCTL, 'feeds', 'run', 'slow'], {
      env: { ...cliEnv(home), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const firstDone = new Promise<number | null>((r) => first.on('close', r));
    while (feeds.hits('/slow.ics').length === 0) await new Promise((r) => setTimeout(r, 50));
    const second = await runFeed(home, 'slow', '--wait', '1');
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/another feeds run on this site is under way \(pid \d+/);
    expect(second.writes).toEqual([]);
    expect(feeds.hits('/slow.ics')).toHaveLength(1);
    release();
    expect(await firstDone).toBe(0);
    expect((await siteEvents(home, 'Overlap')).length).toBe(3);
  }, 60_000);
});
