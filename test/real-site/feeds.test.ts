/**
 * A feed into a REAL site (optional; runs when CALCTL_REAL_URL, CALCTL_REAL_USER and
 * CALCTL_REAL_PASSWORD are set): a local calendar server plays the feed (Google's shape), the built CLI
 * runs it into the site. The first run creates its events (venue, organizer and category included); after
 * the source moves one, renames one, removes one, cancels one and adds one, the next run reports 2
 * updated, 2 trashed, 1 created with no duplicate; an unchanged run writes nothing; an admin's edit
 * survives preserve-edits; an empty calendar trashes nothing. Everything it makes carries this run's
 * stamp and is deleted for good at the end through WordPress core's routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleFeed, inDays, type SampleEvent } from '../feeds/samples.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { type FeedServer, startFeedServer } from '../helpers/feed-server.js';

const url = process.env.CALCTL_REAL_URL;
const user = process.env.CALCTL_REAL_USER;
const password = process.env.CALCTL_REAL_PASSWORD;
const configured = Boolean(url && user && password);

type Loose = Record<string, unknown> & { id: number; title: string; status: string; start_date: string };
/** An event as a site shows it, with what this test reads of its links. */
type Shown = Loose & { cost: string; venue: Loose; organizer: Loose[]; categories: Loose[]; tags: Loose[] };
const origin = (url ?? '').replace(/\/+$/, '').replace(/\/wp-json.*$/, '');
const stamp = `fd${Date.now().toString(36)}`;
const home = tempHome();
const env = { CALCTL_URL: url, CALCTL_USER: user, CALCTL_PASSWORD: password };
const calctl = (args: string[]) => runCli(args, { env, home, timeoutMs: 180_000 });
let feeds: FeedServer;

async function core(method: string, path: string): Promise<unknown> {
  const res = await fetch(`${origin}/wp-json${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
  });
  return res.json();
}

/** The stamped events on the site, every status. */
async function stamped(): Promise<Loose[]> {
  const r = await calctl([
    'events',
    'list',
    '--all',
    '--search',
    stamp,
    '--status',
    'publish,draft,pending,trash',
    '--start-date',
    '2000-01-01',
    '--end-date',
    '2099-12-31',
    '-o',
    'json',
  ]);
  expect(r.code, r.stderr).toBe(0);
  return r.json<Loose[]>();
}

async function run() {
  const r = await calctl(['feeds', 'run', '-o', 'json']);
  return { code: r.code, stderr: r.stderr, summary: (JSON.parse(r.stdout || '[]') as Record<string, unknown>[])[0] };
}

const day = (n: number, hour = 18) => ({ start: inDays(n, hour), end: inDays(n, hour + 2) });
let events: SampleEvent[];

beforeAll(async () => {
  if (!configured) return;
  feeds = await startFeedServer();
  events = [
    { uid: `${stamp}-a`, title: `Feed ${stamp} A`, ...day(30), location: `Hall ${stamp}, 1 Main St` },
    { uid: `${stamp}-b`, title: `Feed ${stamp} B`, ...day(31) },
    { uid: `${stamp}-c`, title: `Feed ${stamp} C`, ...day(32) },
    { uid: `${stamp}-d`, title: `Feed ${stamp} D`, ...day(33) },
    { uid: `${stamp}-e`, title: `Feed ${stamp} E`, ...day(34) },
  ];
  feeds.set('/real.ics', { body: () => googleFeed(events) });
});

afterAll(async () => {
  if (!configured) return;
  await feeds?.close();
  const found = (await core(
    'GET',
    `/wp/v2/tribe_events?search=${stamp}&status=any&per_page=100&_fields=id`,
  )) as Loose[];
  const trashed = (await core(
    'GET',
    `/wp/v2/tribe_events?search=${stamp}&status=trash&per_page=100&_fields=id`,
  )) as Loose[];
  for (const e of [...(Array.isArray(found) ? found : []), ...(Array.isArray(trashed) ? trashed : [])]) {
    await core('DELETE', `/wp/v2/tribe_events/${e.id}?force=true`);
  }
  for (const [type, search] of [
    ['tribe_venue', `Hall ${stamp}`],
    ['tribe_venue', `Cellar ${stamp}`],
    ['tribe_organizer', `Club ${stamp}`],
    ['tribe_events_cat', `Cat ${stamp}`],
    ['tags', `Tag ${stamp}`],
  ] as const) {
    const list = (await core(
      'GET',
      `/wp/v2/${type}?search=${encodeURIComponent(search)}&per_page=100&_fields=id`,
    )) as Loose[];
    for (const r of Array.isArray(list) ? list : []) await core('DELETE', `/wp/v2/${type}/${r.id}?force=true`);
  }
}, 180_000);

describe.skipIf(!configured)('a feed into a real site', () => {
  it('creates the events of a new feed', async () => {
    const added = await calctl(['feeds', 'add', 'real', feeds.url('/real.ics'), '--category', `Cat ${stamp}`]);
    expect(added.code, added.stderr).toBe(0);
    const r = await run();
    expect(r.code, r.stderr).toBe(0);
    expect(r.summary).toMatchObject({ created: 5, rejected: 0 });
    const site = await stamped();
    expect(site).toHaveLength(5);
    const a = site.find((e) => e.title === `Feed ${stamp} A`) as Loose & { venue: { venue: string } };
    expect(a.venue.venue).toBe(`Hall ${stamp}`);
  }, 180_000);

  it('follows a move, a rename, a removal, a cancellation and an addition: 2 updated, 2 trashed, 1 created', async () => {
    const find = (suffix: string) => events.find((e) => e.uid === `${stamp}-${suffix}`) as SampleEvent;
    Object.assign(find('a'), day(35));
    find('b').title = `Feed ${stamp} B renamed`;
    events = events.filter((e) => e.uid !== `${stamp}-c`);
    find('d').status = 'CANCELLED';
    events.push({ uid: `${stamp}-f`, title: `Feed ${stamp} F`, ...day(36) });
    const r = await run();
    expect(r.code, r.stderr).toBe(0);
    expect(r.summary).toMatchObject({ created: 1, updated: 2, trashed: 2 });
    const site = await stamped();
    const live = site.filter((e) => e.status !== 'trash').map((e) => e.title);
    expect(live.sort()).toEqual(
      [`Feed ${stamp} A`, `Feed ${stamp} B renamed`, `Feed ${stamp} E`, `Feed ${stamp} F`].sort(),
    );
    expect(
      site
        .filter((e) => e.status === 'trash')
        .map((e) => e.title)
        .sort(),
    ).toEqual([`Feed ${stamp} C`, `Feed ${stamp} D`].sort());
  }, 180_000);

  it('an unchanged run writes nothing; an admin edit survives preserve-edits', async () => {
    expect((await run()).summary).toMatchObject({ created: 0, updated: 0, trashed: 0, unchanged: 4 });
    const e = (await stamped()).find((x) => x.title === `Feed ${stamp} E`) as Loose;
    expect((await calctl(['events', 'update', String(e.id), '--title', `Feed ${stamp} E by admin`])).code).toBe(0);
    Object.assign(events.find((x) => x.uid === `${stamp}-e`) as SampleEvent, day(37));
    expect((await run()).summary).toMatchObject({ updated: 1 });
    const now = (await stamped()).find((x) => x.id === e.id) as Loose;
    expect(now.title).toBe(`Feed ${stamp} E by admin`);
    expect(now.start_date.slice(0, 10)).toBe(inDays(37).toISOString().slice(0, 10));
  }, 180_000);

  it('an empty calendar trashes nothing and exits 3', async () => {
    feeds.set('/real.ics', { body: () => googleFeed([]) });
    const r = await run();
    expect(r.code).toBe(3);
    expect(r.summary).toMatchObject({ status: 'refused', trashed: 0 });
    expect((await stamped()).filter((e) => e.status !== 'trash')).toHaveLength(4);
  }, 180_000);
});

describe.skipIf(!configured)('the real site as the other site of a feed (read only), into the local calendar', () => {
  it('brings its event with venue, organizer, category, tag, cost and zone', async () => {
    const made = await calctl([
      'events',
      'create',
      '--title',
      `Other ${stamp}`,
      '--start-date',
      '2031-06-11 20:00',
      '--end-date',
      '2031-06-11 23:00',
      '--timezone',
      'Europe/Paris',
      '--venue',
      `Cellar ${stamp}`,
      '--organizer',
      `Club ${stamp}`,
      '--categories',
      `Cat ${stamp}`,
      '--tags',
      `Tag ${stamp}`,
      '--cost',
      '12',
      '--create-missing',
      '-o',
      'json',
    ]);
    expect(made.code, made.stderr).toBe(0);
    const source = made.json<Loose & { venue: { id: number }; organizer: { id: number }[] }>();
    const venueId = source.venue.id;
    const venueUpdate = await calctl([
      'venues',
      'update',
      String(venueId),
      '--address',
      '9 Quai Test',
      '--city',
      'Lyon',
    ]);
    expect(venueUpdate.code, venueUpdate.stderr).toBe(0);
    const organizerId = String(source.organizer[0]?.id);
    const orgUpdate = await calctl(['organizers', 'update', organizerId, '--email', `club-${stamp}@example.org`]);
    expect(orgUpdate.code, orgUpdate.stderr).toBe(0);
    const local = tempHome();
    const run = (args: string[]) => runCli(args, { home: local, env: {}, timeoutMs: 180_000 });
    const added = await run(['feeds', 'add', 'real', origin, '--from', '2031-06-10', '--until', '2031-06-12']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toMatch(/another site/);
    const r = await run(['feeds', 'run', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)[0]).toMatchObject({ rejected: 0 });
    const listed = await run([
      'events',
      'list',
      '--all',
      '--search',
      stamp,
      '--start-date',
      '2031-06-01',
      '--end-date',
      '2031-06-30',
      '-o',
      'json',
    ]);
    const copy = (JSON.parse(listed.stdout) as Shown[]).find((e) => e.title === `Other ${stamp}`);
    expect(copy).toMatchObject({
      start_date: '2031-06-11 20:00:00',
      end_date: '2031-06-11 23:00:00',
      timezone: 'Europe/Paris',
    });
    expect(copy?.venue).toMatchObject({ venue: `Cellar ${stamp}`, address: '9 Quai Test', city: 'Lyon' });
    expect(copy?.organizer).toEqual([
      expect.objectContaining({ organizer: `Club ${stamp}`, email: `club-${stamp}@example.org` }),
    ]);
    expect(copy?.categories.map((c: Loose) => c.name)).toEqual([`Cat ${stamp}`]);
    expect(copy?.tags.map((c: Loose) => c.name)).toEqual([`Tag ${stamp}`]);
    expect(String(copy?.cost)).toMatch(/12/);
  }, 180_000);
});
