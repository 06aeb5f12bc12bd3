/**
 * The main jobs on every kind of deployment (issue 26), without a real site: `calctl serve` plays each
 * deployment (one spawned server per deployment, its flags as a user gives them) and the jobs run
 * in-process against it through the site URL a user types. Every deployment must give the same
 * records and the same instants as the others; the local calendar (no site at all) runs the jobs
 * that need no remote site.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InProcessResult, runInProcess } from '../helpers/in-process.js';
import {
  isolatedEnv,
  SERVE_PASSWORD,
  type ServeProcess,
  serveAvailable,
  spawnServe,
  stopAllServes,
} from '../helpers/spawn-serve.js';

type Rec = Record<string, unknown> & { id: number };

interface Deployment {
  name: string;
  /** `calctl serve` flags; undefined for the local calendar */
  serve?: string[];
  /** the folder WordPress lives in */
  dir?: string;
  plain?: boolean;
  perPage?: number;
  zone: string;
}

const DEPLOYMENTS: Deployment[] = [
  {
    name: 'America/New_York, plain permalinks, 5 a page',
    serve: ['--timezone', 'America/New_York', '--permalinks', 'plain', '--per-page', '5'],
    plain: true,
    perPage: 5,
    zone: 'America/New_York',
  },
  {
    name: 'UTC+5.5, fr_FR, 20 a page',
    serve: ['--timezone', 'UTC+5.5', '--locale', 'fr_FR', '--per-page', '20'],
    perPage: 20,
    zone: 'UTC+5.5',
  },
  { name: 'UTC, WordPress in /blog', serve: ['--timezone', 'UTC', '--base-path', '/blog'], dir: '/blog', zone: 'UTC' },
  { name: 'the local calendar', zone: 'UTC' },
];

/** Seven events (more than one page of 5) given as instants, so every zone must store the same ones. */
const ROWS = Array.from({ length: 7 }, (_, i) => ({
  title: `Matrix ${String.fromCharCode(97 + i)}`,
  start: `2031-04-0${i + 1} 1${i}:30:00`,
  end: `2031-04-0${i + 1} 1${i + 1}:00:00`,
}));
const CSV = [
  'title,start_date,end_date,categories',
  ...ROWS.map(
    (r, i) => `${r.title},${r.start.replace(' ', 'T')}Z,${r.end.replace(' ', 'T')}Z,${i % 2 ? 'Talks' : 'Music'}`,
  ),
].join('\n');
const WINDOW = ['--start-date', '2031-01-01', '--end-date', '2031-12-31'];
const WINDOW_QUERY = 'start_date=2031-01-01&end_date=2031-12-31';
const instants = (events: Rec[]) =>
  events
    .map((e) => ({ title: e.title, start: e.utc_start_date, end: e.utc_end_date }))
    .sort((a, b) => String(a.title).localeCompare(String(b.title)));

describe.each(DEPLOYMENTS)('$name', (d) => {
  const remote = d.serve !== undefined;
  const tmp = mkdtempSync(join(tmpdir(), 'calctl-matrix-'));
  const home = join(tmp, 'home');
  let server: ServeProcess | undefined;
  let siteUrl = '';
  let homeUrl = '';
  const env = () =>
    remote
      ? { CALCTL_URL: siteUrl, CALCTL_USER: 'admin', CALCTL_PASSWORD: SERVE_PASSWORD }
      : ({} as Record<string, string>);
  const run = (args: string[]) => runInProcess(args, { env: env(), home });
  const ok = async (args: string[]): Promise<InProcessResult> => {
    const r = await run(args);
    expect(r.code, `calctl ${args.join(' ')}\n${r.stderr}`).toBe(0);
    return r;
  };
  const file = (name: string, text: string) => {
    const path = join(tmp, name);
    writeFileSync(path, text);
    return path;
  };
  // (the query of a route: after `&` when the route itself sits in the query, plain permalinks)
  const q = d.plain ? '&' : '?';
  /** A request straight to the site's REST API, as another user of the site would make it. */
  const site = async (method: string, route: string, body?: unknown) => {
    const url = d.plain ? `${homeUrl}/index.php?rest_route=${route}` : `${homeUrl}/wp-json${route}`;
    const res = await fetch(url, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`admin:${SERVE_PASSWORD}`).toString('base64')}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Rec };
  };

  beforeAll(async () => {
    if (!remote) return;
    server = await spawnServe({ dataDir: join(tmp, 'data'), args: d.serve ?? [], env: isolatedEnv() });
    homeUrl = `${server.origin}${d.dir ?? ''}`;
    siteUrl = `${homeUrl}/`;
  });
  afterAll(async () => {
    await server?.stop();
    await stopAllServes();
    rmSync(tmp, { recursive: true, force: true });
  });

  it.runIf(remote && serveAvailable())("the site announces its REST root in the deployment's form", async () => {
    const res = await fetch(siteUrl, { method: 'HEAD' });
    const root = d.plain ? `${homeUrl}/index.php?rest_route=/` : `${homeUrl}/wp-json/`;
    expect(res.headers.get('link')).toBe(`<${root}>; rel="https://api.w.org/"`);
    const index = (await ok(['api', 'GET', '/', '-o', 'json'])).json<Rec>();
    expect(index).toMatchObject({ namespace: 'tribe/events/v1' });
  });

  it('creates, reads, updates, copies, trashes and restores an event, in any zone the same instant', async () => {
    const created = (
      await ok([
        'events',
        'create',
        '--title',
        'Matrix one',
        '--start-date',
        '2031-03-01T10:00:00Z',
        '--duration',
        '1h',
        '-o',
        'json',
      ])
    ).json<Rec>();
    expect(created).toMatchObject({ title: 'Matrix one', utc_start_date: '2031-03-01 10:00:00' });
    expect((await ok(['events', 'get', String(created.id), '-o', 'json'])).json<Rec>()).toMatchObject({
      id: created.id,
      utc_end_date: '2031-03-01 11:00:00',
    });
    await ok(['events', 'update', String(created.id), '--title', 'Matrix one renamed']);
    const copy = (
      await ok(['events', 'copy', String(created.id), '--start-date', '2031-03-08T10:00:00Z', '-o', 'json'])
    ).json<Rec>();
    expect(copy).toMatchObject({
      title: 'Matrix one renamed',
      utc_start_date: '2031-03-08 10:00:00',
      utc_end_date: '2031-03-08 11:00:00',
    });
    expect(copy.id).not.toBe(created.id);
    const trashed = (await ok(['events', 'delete', String(created.id), '--yes', '-o', 'json'])).json<Rec>();
    expect(trashed).toMatchObject({ id: created.id, status: 'trash' });
    const restored = (await ok(['events', 'restore', String(created.id), '-o', 'json'])).json<Rec>();
    expect(restored).toMatchObject({ id: created.id, title: 'Matrix one renamed' });
    const gone = (await ok(['events', 'delete', String(copy.id), '--force', '--yes', '-o', 'json'])).json<Rec>();
    expect(gone).toMatchObject({ id: copy.id, deleted: true });
    expect((await run(['events', 'get', String(copy.id)])).code).toBe(5);
  });

  it('imports CSV (then unchanged), counts and exports every page as CSV, NDJSON and iCalendar', async () => {
    const csv = file('events.csv', `${CSV}\n`);
    expect((await ok(['import', 'events', csv, '-o', 'json'])).json()).toMatchObject({ created: 7, rejected: 0 });
    expect((await ok(['import', 'events', csv, '-o', 'json'])).json()).toMatchObject({ created: 0, unchanged: 7 });
    expect((await ok(['events', 'list', '--search', 'Matrix', ...WINDOW, '-o', 'count'])).stdout.trim()).toBe('8');
    const exported = (await ok(['export', 'events', '--search', 'Matrix ', ...WINDOW, '-o', 'json'])).json<Rec[]>();
    expect(instants(exported.filter((e) => String(e.title).length === 8))).toEqual(
      ROWS.map((r) => ({ title: r.title, start: r.start, end: r.end })),
    );
    const asCsv = (await ok(['export', 'events', '--search', 'Matrix', ...WINDOW, '-o', 'csv'])).stdout;
    expect(asCsv.trim().split('\n')).toHaveLength(9);
    const ndjson = (await ok(['export', 'events', '--search', 'Matrix', ...WINDOW, '-o', 'ndjson'])).stdout;
    expect(ndjson.trim().split('\n')).toHaveLength(8);
    const again = (await ok(['import', 'events', file('events.ndjson', ndjson), '-o', 'json'])).json();
    expect(again).toMatchObject({ created: 0, rejected: 0 });
    const ics = (await ok(['export', 'events', '--search', 'Matrix', ...WINDOW, '-o', 'ics'])).stdout;
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(8);
    const fromIcs = (await ok(['import', 'events', file('events.ics', ics), '-o', 'json'])).json();
    expect(fromIcs).toMatchObject({ created: 0, rejected: 0 });
    expect((await ok(['events', 'list', '--search', 'Matrix', ...WINDOW, '-o', 'count'])).stdout.trim()).toBe('8');
  });

  it('shows the agenda and the calendar of the imported days, lists terms and pages through api', async () => {
    const agenda = JSON.stringify(
      (await ok(['agenda', '--start-date', '2031-04-01', '--days', '7', '-o', 'json'])).json(),
    );
    for (const r of ROWS) expect(agenda).toContain(r.title);
    const month = (await ok(['calendar', '--month', '2031-04', '-o', 'json'])).stdout;
    for (const r of ROWS) expect(month).toContain(r.title);
    const cats = (await ok(['categories', 'list', '-o', 'json'])).json<Rec[]>().map((c) => c.name);
    expect(cats).toEqual(expect.arrayContaining(['Music', 'Talks']));
    const paged = await ok([
      'api',
      'GET',
      '/events',
      '--paginate',
      '-f',
      'search=Matrix',
      '-f',
      'start_date=2031-01-01',
      '-f',
      'end_date=2031-12-31',
      '-o',
      'count',
    ]);
    expect(paged.stdout.trim()).toBe('8');
    const core = await ok(['api', 'GET', '/wp-json/wp/v2/tribe_events', '-f', 'per_page=2', '-o', 'json']);
    expect(core.json<Rec[]>()).toHaveLength(2);
  });

  it.runIf(remote && serveAvailable())(
    'sync pulls every change and trash made on the site, and pushes a new event',
    async () => {
      expect((await ok(['sync', 'pull', '-o', 'json'])).code).toBe(0);
      const offline = await ok(['--offline', 'events', 'list', '--search', 'Matrix', ...WINDOW, '-o', 'count']);
      expect(offline.stdout.trim()).toBe('8');
      const find = async (title: string) =>
        (
          (await site('GET', `/tribe/events/v1/events${q}search=${encodeURIComponent(title)}&${WINDOW_QUERY}`)).body
            .events as Rec[]
        )[0] as Rec;
      const target = await find('Matrix a');
      const trashMe = await find('Matrix b');
      // Changes made on the site after the pull, by another user: a new title, a trashed event.
      expect(
        (
          await site('POST', `/tribe/events/v1/events/${target.id}`, {
            title: 'Matrix a changed on the site',
            start_date: target.start_date,
            end_date: target.end_date,
          })
        ).status,
      ).toBe(200);
      expect((await site('DELETE', `/tribe/events/v1/events/${trashMe.id}`)).status).toBe(200);
      await ok(['sync', 'pull', '-o', 'json']);
      const copy = (await ok(['--offline', 'events', 'get', String(target.id), '-o', 'json'])).json<Rec>();
      expect(copy.title).toBe('Matrix a changed on the site');
      expect(
        (await ok(['--offline', 'events', 'list', '--search', 'Matrix', ...WINDOW, '-o', 'count'])).stdout.trim(),
      ).toBe('7');
      const added = (
        await ok([
          '--offline',
          'events',
          'create',
          '--title',
          'Matrix offline',
          '--start-date',
          '2031-05-01T09:00:00Z',
          '--duration',
          '1h',
          '-o',
          'json',
        ])
      ).json<Rec>();
      const pushed = (await ok(['sync', 'push', '-o', 'json'])).json<{ mapping: { events: Record<string, number> } }>();
      const id = pushed.mapping.events[String(added.id)];
      expect((await ok(['events', 'get', String(id), '-o', 'json'])).json<Rec>()).toMatchObject({
        title: 'Matrix offline',
        utc_start_date: '2031-05-01 09:00:00',
      });
    },
  );

  it.runIf(d.perPage !== undefined && remote && serveAvailable())(
    "lists a page of the site's size by default",
    async () => {
      const page = (await site('GET', `/tribe/events/v1/events${q}start_date=2031-01-01&end_date=2031-12-31`)).body;
      const total = Number(page.total);
      expect(total).toBeGreaterThan(0);
      expect(page.events as Rec[]).toHaveLength(Math.min(total, d.perPage as number));
      expect(page.total_pages).toBe(Math.ceil(total / (d.perPage as number)));
    },
  );
});
