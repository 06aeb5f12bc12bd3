/** Every resource's list/get/create/update/delete through the built CLI against a real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, siteEnv, tempHome } from '../helpers/cli.js';

let server: TestServer;
let env: Record<string, string>;
let home: string;
const cli = (args: string[], input?: string) => runCli(args, { env, home, ...(input !== undefined ? { input } : {}) });

type Rec = Record<string, unknown> & { id: number };

beforeAll(async () => {
  server = await startApi();
  env = siteEnv(server);
  home = tempHome();
});
afterAll(async () => {
  await server?.close();
});

describe.each([
  {
    resource: 'venues',
    create: ['--venue', 'Main Hall', '--city', 'Lyon'],
    title: 'venue',
    change: ['--city', 'Nice'],
    key: 'city',
    value: 'Nice',
  },
  {
    resource: 'organizers',
    create: ['--organizer', 'Ann Org', '--email', 'a@example.org'],
    title: 'organizer',
    change: ['--phone', '123'],
    key: 'phone',
    value: '123',
  },
  {
    resource: 'categories',
    create: ['--name', 'Music'],
    title: 'name',
    change: ['--description', 'Loud'],
    key: 'description',
    value: 'Loud',
  },
  {
    resource: 'tags',
    create: ['--name', 'outdoor'],
    title: 'name',
    change: ['--description', 'Fresh air'],
    key: 'description',
    value: 'Fresh air',
  },
])('$resource', ({ resource, create, title, change, key, value }) => {
  it('create, get, list, update and delete', async () => {
    const created = await cli([resource, 'create', ...create, '-o', 'json']);
    expect(created.code, created.stderr).toBe(0);
    const record = created.json<Rec>();
    expect(record.id).toBeGreaterThan(0);

    const got = await cli([resource, 'get', String(record.id)]);
    expect(got.code).toBe(0);
    expect(got.json<Rec>()[title]).toBe(record[title]);

    const listed = await cli([
      resource,
      'list',
      ...(resource === 'categories' || resource === 'tags' ? ['--hide-empty=false'] : []),
    ]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.json<Rec[]>().map((r) => r.id)).toContain(record.id);

    const updated = await cli([resource, 'update', String(record.id), ...change]);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.json<Rec>()[key]).toBe(value);
    expect(updated.json<Rec>()[title]).toBe(record[title]);

    const deleted = await cli([resource, 'rm', String(record.id), '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
    // one record named: the object, as get prints it (issue 26)
    expect(deleted.json<Rec>().id).toBe(record.id);
  });
});

describe('events', () => {
  it('create, get by id and slug, list as one JSON array', async () => {
    const created = await cli([
      'events',
      'create',
      '--title',
      'Jazz Night',
      '--start-date',
      '+2d',
      '--end-date',
      '+3d',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const event = created.json<Rec>();
    const bySlug = await cli(['events', 'get', '--slug', String(event.slug)]);
    expect(bySlug.json<Rec>().id).toBe(event.id);
    const list = await cli(['events', 'ls', '--search', 'Jazz']);
    expect(list.json<Rec[]>().map((r) => r.title)).toEqual(['Jazz Night']);
    const ids = await cli(['events', 'list', '--search', 'Jazz', '-o', 'ids']);
    expect(ids.stdout.trim()).toBe(String(event.id));
    const porcelain = await cli([
      'events',
      'create',
      '--title',
      'P',
      '--start-date',
      '+1d',
      '--end-date',
      '+1d',
      '--porcelain',
    ]);
    expect(porcelain.stdout.trim()).toMatch(/^\d+$/);
  });

  it('update of --title alone keeps flags, cost, website, organizers, venue and the time zone', async () => {
    const org = (await apiRequest<Rec>(server, 'POST', '/organizers', { organizer: 'Keep Org' })).body;
    const venue = (await apiRequest<Rec>(server, 'POST', '/venues', { venue: 'Keep Hall' })).body;
    const created = await cli([
      'events',
      'create',
      '--title',
      'Tokyo Meetup',
      '--start-date',
      '2027-03-05 10:00',
      '--end-date',
      '2027-03-05 12:00',
      '--timezone',
      'Asia/Tokyo',
      '--featured',
      '--sticky',
      '--show-map',
      '--cost',
      '10 - 20',
      '--website',
      'https://meetup.example',
      '--organizer',
      String(org.id),
      '--venue',
      String(venue.id),
      '--categories',
      'talks',
      '--tags',
      'tech',
      '--create-missing',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const before = created.json<Rec>();
    const updated = await cli(['events', 'update', String(before.id), '--title', 'Tokyo Meetup 2']);
    expect(updated.code, updated.stderr).toBe(0);
    const after = updated.json<Rec>();
    expect(after.title).toBe('Tokyo Meetup 2');
    for (const key of [
      'featured',
      'sticky',
      'show_map',
      'show_map_link',
      'hide_from_listings',
      'cost',
      'cost_details',
      'website',
      'timezone',
      'start_date',
      'end_date',
      'utc_start_date',
      'all_day',
    ]) {
      expect(after[key], key).toEqual(before[key]);
    }
    const ids = (v: unknown) => (v as Rec[]).map((x) => x.id);
    expect(ids(after.organizer)).toEqual(ids(before.organizer));
    expect((after.venue as Rec).id).toBe(venue.id);
    expect(ids(after.categories)).toEqual(ids(before.categories));
    expect(ids(after.tags)).toEqual(ids(before.tags));
    expect(after.timezone).toBe('Asia/Tokyo');
  });

  it('--dry-run prints the request and sends nothing', async () => {
    const count = async () =>
      (await apiRequest<{ total: number }>(server, 'GET', '/events?status=publish,future,draft,pending,private')).body
        .total;
    const before = await count();
    const res = await cli([
      'events',
      'create',
      '--title',
      'Ghost',
      '--start-date',
      '+1d',
      '--end-date',
      '+1d',
      '--dry-run',
    ]);
    expect(res.code, res.stderr).toBe(0);
    const request = res.json<{ method: string; url: string; body: Rec }>();
    expect(request.method).toBe('POST');
    expect(request.url).toMatch(/\/events$/);
    expect(request.body.title).toBe('Ghost');
    const id = (
      await apiRequest<Rec>(server, 'POST', '/events', {
        title: 'Keep',
        start_date: '2027-01-01 10:00:00',
        end_date: '2027-01-01 11:00:00',
      })
    ).body.id;
    const upd = await cli(['events', 'update', String(id), '--title', 'Changed', '--dry-run']);
    expect(upd.json<{ method: string }>().method).toBe('PUT');
    const del = await cli(['events', 'delete', String(id), '--dry-run']);
    expect(del.code).toBe(0);
    expect(await count()).toBe(before + 1);
    expect((await apiRequest<Rec>(server, 'GET', `/events/${id}`)).body.title).toBe('Keep');
  });

  it('deletes several ids, and ids from stdin with -', async () => {
    const make = async (title: string) =>
      (
        await apiRequest<Rec>(server, 'POST', '/events', {
          title,
          start_date: '2027-02-01 10:00:00',
          end_date: '2027-02-01 11:00:00',
        })
      ).body.id;
    const [a, b, c] = [await make('D1'), await make('D2'), await make('D3')];
    const two = await cli(['events', 'delete', String(a), String(b), '--yes', '-o', 'ids']);
    expect(two.code, two.stderr).toBe(0);
    expect(two.stdout.trim().split('\n')).toEqual([String(a), String(b)]);
    const piped = await cli(['events', 'rm', '-', '-y'], `${c}\n`);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.json<Rec[]>()[0]?.status).toBe('trash');
    const again = await cli(['events', 'delete', String(c), '--yes']);
    expect(again.code).toBe(5);
  });

  it('--all streams more than 50 records as one array; --limit caps', async () => {
    const cat = (await apiRequest<Rec>(server, 'POST', '/categories', { name: 'Bulk' })).body.id;
    await Promise.all(
      Array.from({ length: 55 }, (_, i) =>
        apiRequest(server, 'POST', '/events', {
          title: `Bulk ${i}`,
          start_date: '2027-04-01 10:00:00',
          end_date: '2027-04-01 11:00:00',
          categories: [cat],
        }),
      ),
    );
    const all = await cli(['events', 'list', '--categories', String(cat), '--all', '--per-page', '100']);
    expect(all.code, all.stderr).toBe(0);
    expect(all.json<Rec[]>()).toHaveLength(55);
    const count = await cli(['events', 'list', '--categories', String(cat), '--all', '-o', 'count']);
    expect(count.stdout.trim()).toBe('55');
    const limited = await cli(['events', 'list', '--categories', String(cat), '--limit', '12']);
    expect(limited.json<Rec[]>()).toHaveLength(12);
    const page = await cli(['events', 'list', '--categories', String(cat)]);
    expect(page.json<Rec[]>()).toHaveLength(10);
  });

  it('warns when the geoloc filters were ignored', async () => {
    const res = await cli(['events', 'list', '--geoloc', '--geoloc-lat', '48.8', '--geoloc-lng', '2.3', '-o', 'count']);
    expect(res.code).toBe(0);
    expect(Number(res.stdout)).toBeGreaterThan(0);
    expect(res.stderr).toMatch(/ignored the geoloc filters/);
  });
});

describe('exit codes and safety', () => {
  it('5 for an unknown id or slug, also on an update to an unknown slug', async () => {
    expect((await cli(['events', 'get', '99999'])).code).toBe(5);
    expect((await cli(['venues', 'get', '--slug', 'no-such-venue'])).code).toBe(5);
    const upd = await cli(['events', 'update', '--slug', 'no-such-event', '--title', 'x']);
    expect(upd.code).toBe(5);
    expect(upd.stderr).toMatch(/no event with slug/);
  });

  it('4 for a wrong password, with a hint, and -o json adds an error object', async () => {
    const res = await runCli(['events', 'list', '-o', 'json'], {
      env: { ...env, CALCTL_PASSWORD: 'wrong wrong wrong' },
      home,
    });
    expect(res.code).toBe(4);
    expect(res.stderr).toMatch(/hint:/);
    const line = res.stderr.trim().split('\n').pop() ?? '';
    expect(JSON.parse(line).error.code).toBe('incorrect_password');
  });

  it('1 for a closed port, 2 for usage errors', async () => {
    const closed = await runCli(['events', 'list', '--url', 'http://127.0.0.1:9/wp-json/tribe/events/v1'], { home });
    expect(closed.code).toBe(1);
    expect((await cli(['events', 'list', '--per-page', 'many'])).code).toBe(2);
    expect((await cli(['events', 'list', '-o', 'xml'])).code).toBe(2);
    expect((await cli(['events', 'list', '--start-date', 'the day after never'])).code).toBe(2);
    expect((await cli(['evnts', 'list'])).stderr).toMatch(/Did you mean events/);
  });

  it('refuses prompts without a terminal', async () => {
    const create = await cli(['events', 'create', '--title', 'No dates']);
    expect(create.code).toBe(2);
    expect(create.stderr).toMatch(/--start-date, --end-date/);
    const del = await cli(['events', 'delete', '1']);
    expect(del.code).toBe(2);
    expect(del.stderr).toMatch(/--yes/);
  });

  it('never prints the password, even with --verbose', async () => {
    const runs = await Promise.all([
      cli(['events', 'list', '--verbose']),
      runCli(['events', 'list'], { env: { ...env, CALCTL_DEBUG: 'api', CALCTL_PASSWORD: 'wrong wrong' }, home }),
      cli(['info', '--verbose']),
      cli(['events', 'create', '--title', 'S', '--start-date', '+1d', '--end-date', '+1d', '--dry-run', '--verbose']),
    ]);
    expect(runs[0]?.stderr).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/wp-json\/tribe\/events\/v1\/events.* 200/);
    const basic = Buffer.from(`${server.user}:${server.password}`).toString('base64');
    for (const r of runs) {
      for (const secret of [server.password, basic, 'wrong wrong']) {
        expect(r.stdout).not.toContain(secret);
        expect(r.stderr).not.toContain(secret);
      }
    }
  });
});

describe('api, info, doc', () => {
  it('api GET with -f, POST with --data, --paginate; info and doc', async () => {
    const get = await cli(['api', 'GET', '/events', '-f', 'per_page=2']);
    expect(get.code, get.stderr).toBe(0);
    expect(get.json<{ events: unknown[] }>().events).toHaveLength(2);
    const post = await cli(['api', 'POST', '/tags', '--data', '{"name":"from-api"}']);
    expect(post.json<Rec>().name).toBe('from-api');
    const pages = await cli(['api', 'GET', '/events', '-f', 'per_page=50', '--paginate']);
    expect(pages.json<unknown[]>().length).toBeGreaterThan(50);
    const info = await cli(['info']);
    expect(info.json<{ namespace: string }>().namespace).toBe('tribe/events/v1');
    const doc = await cli(['doc']);
    expect(doc.json<{ openapi?: string; swagger?: string }>()).toHaveProperty('openapi');
    expect((await cli(['api', 'GET', '/nope'])).code).toBe(5);
  });
});
