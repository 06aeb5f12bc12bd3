/**
 * The main jobs through the built CLI on the URL forms a WordPress site may have (issue 26): plain
 * permalinks (the REST API only at `?rest_route=/…`), WordPress in a folder (`/blog`), and both. A
 * proxy plays the deployment in front of a real embedded server and records every request: besides
 * each job's result, no request may go to a URL the deployment does not serve (a second `?`, a
 * `/wp-json` path on a plain site, a route outside the folder).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { type DeploymentProxy, startDeployment } from '../helpers/deployment-proxy.js';

type Rec = Record<string, unknown> & { id: number };

describe.each([
  { permalinks: 'plain', dir: '/blog', full: true },
  { permalinks: 'plain', dir: '', full: false },
  { permalinks: 'pretty', dir: '/blog', full: false },
] as const)('a site with $permalinks permalinks in "$dir"', ({ permalinks, dir, full }) => {
  let server: TestServer;
  let site: DeploymentProxy;
  let home: string;
  const cli = (args: string[], input?: string) =>
    runCli(args, {
      env: { CALCTL_URL: site.siteUrl, CALCTL_USER: server.user, CALCTL_PASSWORD: server.password },
      home,
      ...(input !== undefined ? { input } : {}),
    });
  const ok = async (args: string[], input?: string) => {
    const r = await cli(args, input);
    expect(r.code, `calctl ${args.join(' ')}\n${r.stderr}`).toBe(0);
    return r;
  };

  beforeAll(async () => {
    server = await startApi({ perPage: 5 });
    site = await startDeployment({ upstream: server.url, permalinks, dir });
    home = tempHome();
  });
  afterAll(async () => {
    await site?.close();
    await server?.close();
  });

  it('finds the REST root the site announces', async () => {
    const r = await ok(['api', 'GET', '/', '-o', 'json']);
    expect(r.json<Rec>()).toMatchObject({ namespace: 'tribe/events/v1' });
    expect(site.received[0]).toMatchObject({ method: 'HEAD', url: `${dir}/`, status: 200 });
  });

  it('creates, reads, updates, trashes, restores and deletes for good', async () => {
    const created = (
      await ok([
        'events',
        'create',
        '--title',
        'Deploy one',
        '--start-date',
        '2031-03-01 10:00',
        '--duration',
        '1h',
        '-o',
        'json',
      ])
    ).json<Rec>();
    expect((await ok(['events', 'get', String(created.id), '-o', 'json'])).json<Rec>()).toMatchObject({
      title: 'Deploy one',
    });
    await ok(['events', 'update', String(created.id), '--title', 'Deploy one renamed']);
    const trashed = (await ok(['events', 'delete', String(created.id), '--yes', '-o', 'json'])).json<Rec>();
    expect(trashed).toMatchObject({ id: created.id, status: 'trash' });
    const restored = (await ok(['events', 'restore', String(created.id), '-o', 'json'])).json<Rec>();
    expect(restored).toMatchObject({ id: created.id, title: 'Deploy one renamed' });
    const gone = (await ok(['events', 'delete', String(created.id), '--force', '--yes', '-o', 'json'])).json<Rec>();
    expect(gone).toMatchObject({ id: created.id, deleted: true });
    const r = await cli(['events', 'get', String(created.id)]);
    expect(r.code).toBe(5);
  });

  it('imports a file (every row created, then unchanged) and exports it', async () => {
    const csv = [
      'title,start_date,end_date,categories',
      'Import a,2031-04-01 10:00,2031-04-01 11:00,Music',
      'Import b,2031-04-02 10:00,2031-04-02 11:00,Music',
      'Import c,2031-04-03 10:00,2031-04-03 11:00,Talks',
      'Import d,2031-04-04 10:00,2031-04-04 11:00,',
      'Import e,2031-04-05 10:00,2031-04-05 11:00,',
      'Import f,2031-04-06 10:00,2031-04-06 11:00,',
    ].join('\n');
    const first = await ok(['import', 'events', '-', '-o', 'json'], `${csv}\n`);
    expect(first.json()).toMatchObject({ created: 6, rejected: 0 });
    const again = await ok(['import', 'events', '-', '-o', 'json'], `${csv}\n`);
    expect(again.json()).toMatchObject({ created: 0, unchanged: 6, rejected: 0 });
    // more than one page of the site (5 a page): every record, and -o count from the site's total
    const exported = (await ok(['export', 'events', '--search', 'Import', '-o', 'json'])).json<Rec[]>();
    expect(exported.map((e) => e.title).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f'].map((x) => `Import ${x}`));
    const before = site.received.length;
    const counted = await ok([
      'events',
      'list',
      '--search',
      'Import',
      '--start-date',
      '2031-01-01',
      '--end-date',
      '2031-12-31',
      '-o',
      'count',
    ]);
    expect(counted.stdout.trim()).toBe('6');
    const lists = site.received.slice(before).filter((q) => /events\/v1\/events(?:[?&]|$)/.test(q.url));
    expect(lists.map((q) => new URL(q.url, 'http://x').searchParams.get('per_page'))).toEqual(['1']);
  });

  it.runIf(full)('the other jobs: lists, api, completion, views, iCalendar, sync', async () => {
    expect((await ok(['categories', 'list', '-o', 'json'])).json<Rec[]>().map((c) => c.name)).toEqual(
      expect.arrayContaining(['Music', 'Talks']),
    );
    const listed = await ok([
      'api',
      'GET',
      '/events',
      '-f',
      'per_page=2',
      '-f',
      'start_date=2031-01-01',
      '-f',
      'end_date=2031-12-31',
      '-o',
      'json',
    ]);
    expect(listed.json<{ events: Rec[]; total: number }>()).toMatchObject({ total: 6 });
    const paged = await ok([
      'api',
      'GET',
      '/events',
      '--paginate',
      '-f',
      'start_date=2031-01-01',
      '-f',
      'end_date=2031-12-31',
      '-o',
      'count',
    ]);
    expect(paged.stdout.trim()).toBe('6');
    const core = await ok(['api', 'GET', '/wp-json/wp/v2/tribe_events', '-f', 'per_page=1', '-o', 'json']);
    expect(core.json<Rec[]>()).toHaveLength(1);
    const plainWritten = await ok(['api', 'GET', '/?rest_route=/wp/v2/tribe_events', '-f', 'per_page=2', '-o', 'json']);
    expect(plainWritten.json<Rec[]>()).toHaveLength(2);

    const completed = await ok(['__complete', 'slugs', 'categories']);
    expect(completed.stdout).toMatch(/^music\tMusic$/m);
    const agenda = await ok(['agenda', '--start-date', '2031-04-01', '--days', '7', '-o', 'json']);
    expect(JSON.stringify(agenda.json())).toContain('Import c');
    const ics = await ok(['export', 'events', '--search', 'Import', '-o', 'ics']);
    expect(ics.stdout.match(/BEGIN:VEVENT/g)).toHaveLength(6);

    await ok(['sync', 'pull']);
    const offline = await ok([
      '--offline',
      'events',
      'list',
      '--start-date',
      '2031-01-01',
      '--end-date',
      '2031-12-31',
      '-o',
      'count',
    ]);
    expect(offline.stdout.trim()).toBe('6');
    const added = (
      await ok([
        '--offline',
        'events',
        'create',
        '--title',
        'Offline one',
        '--start-date',
        '2031-05-01 09:00',
        '--duration',
        '1h',
        '-o',
        'json',
      ])
    ).json<Rec>();
    const pushed = (await ok(['sync', 'push', '-o', 'json'])).json<{ mapping: { events: Record<string, number> } }>();
    const id = pushed.mapping.events[String(added.id)];
    expect((await ok(['events', 'get', String(id), '-o', 'json'])).json<Rec>()).toMatchObject({ title: 'Offline one' });
  });

  it('sent no request to a URL this deployment does not serve', () => {
    expect(site.received.filter((q) => !q.served)).toEqual([]);
    expect(site.received.length).toBeGreaterThan(10);
  });
});
