/**
 * `calctl feeds` end to end, issue #29's "done means": a real `calctl serve` process is the site
 * (behind a counting proxy, to see every request a run sends), a local calendar server serves a feed
 * in Google Calendar's shape that changes between runs, and the built CLI runs in a temp HOME.
 * - a feed added and run creates its events (a weekly event with an overridden occurrence included);
 * - after the source moves one, renames one, removes one, cancels one and adds one, the next run
 *   reports exactly 2 updated, 2 trashed, 1 created, and the site has no duplicate;
 * - an unchanged run writes nothing and lists nothing (ETag on: one 304; off: the content compared);
 * - an admin's edit stays under preserve-edits and is lost under overwrite;
 * - an event the admin trashed stays trashed, and `feeds show` lists it;
 * - an empty calendar or a 500 trashes nothing and exits non-zero.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, runCli, tempHome } from '../helpers/cli.js';
import { type FeedServer, startFeedServer } from '../helpers/feed-server.js';
import { type FaultProxy, startFaultProxy } from '../helpers/proxy.js';
import { SERVE_PASSWORD, type ServeProcess, spawnServe, stopAllServes } from '../helpers/spawn-serve.js';
import { googleFeed, inDays, nextcloudFeed, outlookFeed, pluginFeed, type SampleEvent } from './samples.js';

type Rec = Record<string, unknown> & { id: number; title: string; start_date: string; status: string };

let site: ServeProcess;
let proxy: FaultProxy;
let feeds: FeedServer;
let home: string;
let env: Record<string, string>;

const cli = (args: string[]): Promise<CliResult> => runCli(args, { home, env, timeoutMs: 60_000 });

async function ok(args: string[]): Promise<string> {
  const r = await cli(args);
  expect(r.code, `calctl ${args.join(' ')}\n${r.stderr}`).toBe(0);
  return r.stdout;
}

interface Summary {
  feed: string;
  status: string;
  not_modified: boolean;
  created: number;
  updated: number;
  trashed: number;
  unchanged: number;
  ignored: number;
  rejected: number;
  error: string | null;
}

/** `feeds run` with -o json: the exit code, the summary of the one feed, and the site requests sent. */
async function run(...extra: string[]) {
  const before = proxy.forwarded.length;
  const r = await cli(['feeds', 'run', '-o', 'json', ...extra]);
  const summaries = JSON.parse(r.stdout || '[]') as Summary[];
  const sent = proxy.forwarded.slice(before);
  return {
    code: r.code,
    stderr: r.stderr,
    summary: summaries[0] as Summary,
    writes: sent.filter((q) => q.method !== 'GET'),
    lists: sent.filter((q) => q.method === 'GET' && /\/(events|venues|organizers|categories|tags)(\?|$)/.test(q.url)),
    sent,
  };
}

/** Every event on the site (every status), by title. */
async function siteEvents(): Promise<Rec[]> {
  const out = await ok([
    'events',
    'list',
    '--all',
    '--status',
    'publish,draft,pending,trash',
    '--start-date',
    '2000-01-01',
    '--end-date',
    '2099-12-31',
    '-o',
    'json',
  ]);
  return JSON.parse(out) as Rec[];
}

const live = (events: Rec[]) => events.filter((e) => e.status !== 'trash');
const named = (events: Rec[], title: string) => events.filter((e) => e.title === title);

/** The feed's events, changed by each step. */
const day = (n: number, hour = 18) => ({ start: inDays(n, hour), end: inDays(n, hour + 2) });
let events: SampleEvent[];

beforeAll(async () => {
  site = await spawnServe({ dataDir: mkdtempSync(join(tmpdir(), 'calctl-feeds-site-')) });
  proxy = await startFaultProxy({ target: site.origin, seed: 1, rates: {} });
  feeds = await startFeedServer();
  home = tempHome();
  env = {
    CALCTL_URL: `${proxy.origin}/wp-json/tribe/events/v1`,
    CALCTL_USER: 'admin',
    CALCTL_PASSWORD: SERVE_PASSWORD,
  };
  events = [
    { uid: 'games', title: 'Board games', ...day(3) },
    { uid: 'jazz', title: 'Jazz night', ...day(4, 20), location: 'Blue Room, 1 Main St, Lyon' },
    { uid: 'film', title: 'Film club', ...day(5) },
    { uid: 'yoga', title: 'Yoga', ...day(6, 8) },
    { uid: 'books', title: 'Book swap', ...day(7) },
    {
      uid: 'run',
      title: 'Run club',
      ...day(2, 7),
      rrule: 'FREQ=WEEKLY;COUNT=4',
      overrides: [{ recurrenceId: inDays(9, 7), start: inDays(9, 9), end: inDays(9, 10), title: 'Run club (late)' }],
    },
  ];
  // (Google's feed: a new DTSTAMP on every request, so the bytes never repeat)
  feeds.set('/team.ics', { body: () => googleFeed(events) });
}, 60_000);

afterAll(async () => {
  await feeds?.close();
  await proxy?.close();
  await stopAllServes();
});

// (each step spawns the CLI a few times: a busy machine needs more than the default 30 s)
describe('feeds: the done-means scenario against calctl serve', { timeout: 120_000 }, () => {
  it('adds a feed and creates its events, the overridden occurrence as its own event', async () => {
    const added = await cli(['feeds', 'add', 'team', feeds.url('/team.ics'), '--category', 'Community']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toMatch(/feed team added \(an iCalendar address\)/);
    const r = await run();
    expect(r.code, r.stderr).toBe(0);
    expect(r.summary).toMatchObject({ status: 'ok', created: 9, updated: 0, trashed: 0, rejected: 0 });
    const all = await siteEvents();
    expect(all).toHaveLength(9);
    expect(named(all, 'Run club')).toHaveLength(3);
    const late = named(all, 'Run club (late)');
    expect(late).toHaveLength(1);
    expect(late[0]?.start_date.slice(11)).toBe('09:00:00');
    const jazz = named(all, 'Jazz night')[0] as Rec & { venue: { venue: string }; categories: { name: string }[] };
    expect(jazz.venue.venue).toBe('Blue Room');
    expect(jazz.categories.map((c) => c.name)).toEqual(['Community']);
  });

  it('after a move, a rename, a removal, a cancellation and an addition: 2 updated, 2 trashed, 1 created', async () => {
    const find = (uid: string) => events.find((e) => e.uid === uid) as SampleEvent;
    Object.assign(find('games'), day(8));
    find('jazz').title = 'Jazz night (sold out)';
    events = events.filter((e) => e.uid !== 'film');
    find('yoga').status = 'CANCELLED';
    events.push({ uid: 'quiz', title: 'Pub quiz', ...day(10, 19) });
    const r = await run();
    expect(r.code, r.stderr).toBe(0);
    expect(r.summary).toMatchObject({ created: 1, updated: 2, trashed: 2, rejected: 0 });
    const all = await siteEvents();
    const titles = live(all).map((e) => e.title);
    expect(titles.sort()).toEqual(
      [
        'Board games',
        'Book swap',
        'Jazz night (sold out)',
        'Pub quiz',
        'Run club',
        'Run club',
        'Run club',
        'Run club (late)',
      ].sort(),
    );
    expect(named(live(all), 'Board games')[0]?.start_date.slice(0, 10)).toBe(inDays(8).toISOString().slice(0, 10));
    expect(named(all, 'Film club')[0]?.status).toBe('trash');
    expect(named(all, 'Yoga')[0]?.status).toBe('trash');
    expect(named(all, 'Jazz night')).toHaveLength(0);
  });

  it('an unchanged run writes nothing and lists nothing on the site', async () => {
    const r = await run();
    expect(r.code, r.stderr).toBe(0);
    expect(r.summary).toMatchObject({ created: 0, updated: 0, trashed: 0, unchanged: 8 });
    expect(r.writes).toEqual([]);
    expect(r.lists).toEqual([]);
  });

  it('the overridden occurrence moved again updates its own event', async () => {
    const runClub = events.find((e) => e.uid === 'run') as SampleEvent;
    runClub.overrides = [
      { recurrenceId: inDays(9, 7), start: inDays(9, 11), end: inDays(9, 12), title: 'Run club (late)' },
    ];
    const r = await run();
    expect(r.summary).toMatchObject({ created: 0, updated: 1, trashed: 0 });
    const late = named(await siteEvents(), 'Run club (late)');
    expect(late).toHaveLength(1);
    expect(late[0]?.start_date.slice(11)).toBe('11:00:00');
  });

  it('preserve-edits keeps the admin edit; overwrite loses it', async () => {
    const jazz = named(await siteEvents(), 'Jazz night (sold out)')[0] as Rec;
    await ok(['events', 'update', String(jazz.id), '--title', 'Jazz night (admin)']);
    const find = (uid: string) => events.find((e) => e.uid === uid) as SampleEvent;
    Object.assign(find('jazz'), day(4, 21), { description: 'Doors at nine' });
    let r = await run();
    expect(r.summary).toMatchObject({ updated: 1 });
    let now = JSON.parse(await ok(['events', 'get', String(jazz.id), '-o', 'json'])) as Rec & { description: string };
    expect(now.title).toBe('Jazz night (admin)');
    expect(now.start_date.slice(11)).toBe('21:00:00');
    expect(now.description).toMatch(/Doors at nine/);

    await ok(['feeds', 'add', 'team', feeds.url('/team.ics'), '--category', 'Community', '--authority', 'overwrite']);
    find('jazz').description = 'Doors at nine, sold out';
    r = await run();
    expect(r.summary).toMatchObject({ updated: 1 });
    now = JSON.parse(await ok(['events', 'get', String(jazz.id), '-o', 'json'])) as Rec & { description: string };
    expect(now.title).toBe('Jazz night (sold out)');
  });

  it('an event the admin trashed stays trashed, and feeds show lists it', async () => {
    const books = named(await siteEvents(), 'Book swap')[0] as Rec;
    await ok(['events', 'delete', String(books.id), '--yes']);
    (events.find((e) => e.uid === 'books') as SampleEvent).title = 'Book swap (bring two)';
    const r = await run();
    expect(r.code, r.stderr).toBe(0);
    expect(r.summary).toMatchObject({ created: 0, updated: 0, ignored: 1 });
    const all = await siteEvents();
    expect(named(all, 'Book swap')[0]?.status).toBe('trash');
    expect(named(all, 'Book swap (bring two)')).toHaveLength(0);
    const shown = JSON.parse(await ok(['feeds', 'show', 'team', '-o', 'json'])) as {
      ignored_events: { id: number; reason: string }[];
    };
    expect(shown.ignored_events).toEqual([expect.objectContaining({ id: books.id, reason: 'trashed on the site' })]);
    // (and the next changed run leaves it alone too)
    (events.find((e) => e.uid === 'books') as SampleEvent).title = 'Book swap (bring three)';
    expect((await run()).summary).toMatchObject({ updated: 0, ignored: 1 });
  });

  it('an empty calendar trashes nothing and exits 3', async () => {
    const before = live(await siteEvents()).length;
    feeds.set('/team.ics', { body: () => googleFeed([]) });
    const r = await run();
    expect(r.code).toBe(3);
    expect(r.summary.status).toBe('refused');
    expect(r.summary.error).toMatch(/no events now/);
    expect(r.stderr).toMatch(/--force/);
    expect(r.writes).toEqual([]);
    expect(live(await siteEvents())).toHaveLength(before);
  });

  it('a 500 trashes nothing and exits 3', async () => {
    const before = live(await siteEvents()).length;
    feeds.set('/team.ics', { body: 'oops', status: 500, contentType: 'text/html' });
    const r = await run();
    expect(r.code).toBe(3);
    expect(r.summary).toMatchObject({ status: 'failed', trashed: 0 });
    expect(r.summary.error).toMatch(/answered 500/);
    expect(r.sent).toEqual([]);
    expect(live(await siteEvents())).toHaveLength(before);
    // (the next good run reads and applies the feed: one event changed meanwhile, so its bytes differ
    // from the last good run's even within the same second of DTSTAMP)
    const changed = events.find((e) => e.uid !== 'books') as SampleEvent;
    changed.title = `${changed.title} (moved)`;
    feeds.set('/team.ics', { body: () => googleFeed(events) });
    expect((await run()).summary).toMatchObject({ status: 'ok', created: 0, updated: 1, trashed: 0 });
  });
});

// (each step spawns the CLI a few times: a busy machine needs more than the default 30 s)
describe('feeds: conditional requests', { timeout: 120_000 }, () => {
  const club: SampleEvent[] = [
    { uid: 'c1b2-uuid-0001', title: 'Chess evening', ...day(12, 10), categories: ['Games'] },
    { uid: 'c1b2-uuid-0002', title: 'Go workshop', ...day(13, 10), categories: ['Games', 'Learning'] },
  ];

  it('with an ETag an unchanged feed costs one 304 and nothing on the site', async () => {
    feeds.set('/club.ics', { body: nextcloudFeed(club), etag: true });
    await ok(['feeds', 'add', 'club', feeds.url('/club.ics')]);
    let r = await run('club');
    expect(r.summary).toMatchObject({ created: 2 });
    r = await run('club');
    expect(r.summary).toMatchObject({ status: 'not-modified', not_modified: true, unchanged: 2 });
    expect(feeds.hits('/club.ics').at(-1)?.status).toBe(304);
    expect(r.sent).toEqual([]);
  });

  it('without an ETag the content is compared with the last run: nothing is sent to the site', async () => {
    feeds.set('/plain.ics', { body: outlookFeed(club) });
    await ok(['feeds', 'add', 'plain', feeds.url('/plain.ics')]);
    expect((await run('plain')).summary).toMatchObject({ created: 2 });
    const r = await run('plain');
    expect(r.summary).toMatchObject({ status: 'not-modified', created: 0, updated: 0, trashed: 0 });
    expect(feeds.hits('/plain.ics').at(-1)).toMatchObject({ status: 200, ifNoneMatch: undefined });
    expect(r.sent).toEqual([]);
  });

  it('--dry-run plans without writing or asking the site anything', async () => {
    feeds.set('/plain.ics', {
      body: outlookFeed([...club, { uid: 'c1b2-uuid-0003', title: 'Bridge night', ...day(14, 19) }]),
    });
    const before = proxy.forwarded.length;
    const dry = await cli(['feeds', 'run', '-o', 'json', 'plain', '--dry-run']);
    const r = { code: dry.code, stderr: dry.stderr, sent: proxy.forwarded.slice(before) };
    expect(r.code, r.stderr).toBe(0);
    // (the plan, in the shape of an import's: one entry per event to write, the counts last)
    const plan = JSON.parse(dry.stdout) as Rec[];
    expect(plan[0]).toMatchObject({ action: 'create', resource: 'events', title: 'Bridge night', id: null });
    expect(plan.at(-1)).toMatchObject({ summary: { created: 1, feeds: [{ status: 'planned', created: 1 }] } });
    expect(r.stderr).toMatch(/1 would be created/);
    expect(r.sent).toEqual([]);
  });

  it('feeds remove --trash-events trashes the events of a feed and forgets it', async () => {
    const r = await cli(['feeds', 'remove', 'plain', '--trash-events', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/feed plain removed; 2 event\(s\) moved to the trash/);
    const listed = JSON.parse(await ok(['feeds', 'list', '-o', 'json'])) as { name: string }[];
    expect(listed.map((f) => f.name)).not.toContain('plain');
    const bridge = (await siteEvents()).filter((e) => e.title === 'Chess evening' || e.title === 'Go workshop');
    // (the club feed brought the same two events earlier: its copies stay, the plain feed's are trashed)
    expect(bridge.filter((e) => e.status === 'trash')).toHaveLength(2);
    expect(bridge.filter((e) => e.status === 'publish')).toHaveLength(2);
  });

  it('Last-Modified alone is honoured too', async () => {
    feeds.set('/lm.ics', {
      body: pluginFeed(club.map((e, i) => ({ ...e, postId: 40 + i }))),
      lastModified: 'Tue, 01 Dec 2026 10:00:00 GMT',
    });
    await ok(['feeds', 'add', 'lm', feeds.url('/lm.ics')]);
    expect((await run('lm')).summary).toMatchObject({ created: 2 });
    const r = await run('lm');
    expect(r.summary.status).toBe('not-modified');
    expect(feeds.hits('/lm.ics').at(-1)).toMatchObject({ status: 304 });
    expect(r.sent).toEqual([]);
  });
});
