/**
 * `calctl migrate` to and from a REAL site (optional; runs when CALCTL_REAL_URL, CALCTL_REAL_USER and
 * CALCTL_REAL_PASSWORD are set): a small stamped calendar on a test server (nested categories, a tag,
 * two venues, an organizer, an image, past and future events, a draft) is moved to the site with every
 * link and the image; a second run writes nothing; then the site's stamped calendar is moved back into
 * the built-in calendar of a fresh home. Everything made on the site carries this run's stamp (the
 * image by the id map) and is deleted for good at the end.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { runInProcess } from '../helpers/in-process.js';
import { apiBase, cleanup, configured, makeStamp, password, type Rec, site, skipNote, user } from './site.js';

skipNote('migrate.test.ts');
const stamp = makeStamp('mg');
const home = tempHome();
const back = tempHome();
let server: TestServer;
let target: string;
const media: number[] = [];
let parentId = 0;

/** A stored profile in `home` (each side has its own credentials). */
async function profile(where: string, name: string, url: string, login: string, secret: string): Promise<void> {
  const r = await runCli(['profile', 'add', name, '--url', url, '--user', login, '--password-stdin'], {
    home: where,
    input: secret,
  });
  expect(r.code, r.stderr).toBe(0);
}

async function post(path: string, body: unknown): Promise<Rec> {
  const r = await apiRequest<Rec>(server, 'POST', path, body);
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r.body;
}

describe.skipIf(!configured)('migrate with a real site', () => {
  beforeAll(async () => {
    target = await apiBase();
    server = await startApi();
    await profile(home, 'staging', server.baseUrl, server.user, server.password);
    await profile(home, 'site', target, user as string, password as string);
    await profile(back, 'site', target, user as string, password as string);
    const parent = await post('/categories', { name: `${stamp} Parent` });
    parentId = parent.id;
    const child = await post('/categories', { name: `${stamp} Child`, parent: parent.id });
    const tag = await post('/tags', { name: `${stamp} tag` });
    const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#396' } })
      .png()
      .toBuffer();
    const up = await fetch(`${server.url}/wp-json/wp/v2/media`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${server.user}:${server.password}`).toString('base64')}`,
        'content-type': 'image/png',
        'content-disposition': `attachment; filename="${stamp}-poster.png"`,
      },
      body: bytes,
    });
    const image = ((await up.json()) as Rec).id;
    const v1 = await post('/venues', { venue: `${stamp} Hall`, address: '1 Main St', city: 'Dresden' });
    const v2 = await post('/venues', { venue: `${stamp} Garden`, city: 'Leipzig' });
    const org = await post('/organizers', { organizer: `${stamp} Club`, email: 'club@example.org' });
    const events: [string, string, Record<string, unknown>][] = [
      ['past', '2021-05-01', { venue: v1.id, categories: [child.id], tags: [tag.id], image: String(image) }],
      ['future', '2027-05-01', { venue: v2.id, organizer: [org.id], categories: [parent.id] }],
      ['draft', '2027-06-01', { venue: v1.id, status: 'draft' }],
    ];
    for (const [name, day, extra] of events) {
      await post('/events', {
        title: `${stamp} ${name}`,
        start_date: `${day} 10:00:00`,
        end_date: `${day} 12:00:00`,
        ...extra,
      });
    }
  }, 120_000);

  afterAll(async () => {
    await cleanup(stamp);
    for (const id of media) await site('DELETE', `/wp/v2/media/${id}`, { force: 'true' });
    await server?.close();
  }, 300_000);

  const toSite = () =>
    runInProcess(['migrate', '@staging', '@site', '--status', 'publish,draft', '--yes', '-o', 'json'], { home });

  it('moves the calendar to the site with every link and the image; a second run writes nothing', async () => {
    const r = await toSite();
    expect(r.code, r.stderr).toBe(0);
    const out = r.json<{ map: string; resources: Record<string, { created: number; adopted: number } | null> }>();
    const map = JSON.parse(readFileSync(out.map, 'utf8')) as { records: Record<string, Record<string, Rec>> };
    media.push(...Object.values(map.records.media ?? {}).map((e) => e.id));
    expect(out.resources.events?.created).toBe(3);
    expect(out.resources.media?.created).toBe(1);
    const shown = await Promise.all(
      Object.values(map.records.events ?? {}).map(
        async (e) => (await site<Rec>('GET', `/tribe/events/v1/events/${e.id}`)).body,
      ),
    );
    const past = shown.find((e) => e.title === `${stamp} past`) as Rec;
    expect((past.venue as Rec).venue).toBe(`${stamp} Hall`);
    expect((past.categories as Rec[])[0]?.name).toBe(`${stamp} Child`);
    expect((past.categories as Rec[])[0]?.parent).toBe(map.records.categories?.[String(parentId)]?.id);
    expect((past.tags as Rec[])[0]?.name).toBe(`${stamp} tag`);
    expect((past.image as Rec).id).toBe(media[0]);
    const future = shown.find((e) => e.title === `${stamp} future`) as Rec;
    expect((future.organizer as Rec[])[0]?.organizer).toBe(`${stamp} Club`);
    expect(shown.find((e) => e.title === `${stamp} draft`)?.status).toBe('draft');
    const again = await toSite();
    expect(again.code, again.stderr).toBe(0);
    const second = again.json<{ resources: Record<string, { created: number; updated: number } | null> }>();
    for (const name of ['categories', 'tags', 'venues', 'organizers', 'events']) {
      expect(second.resources[name], name).toMatchObject({ created: 0, updated: 0 });
    }
  }, 300_000);

  it('moves it back from the site into the built-in calendar', async () => {
    const r = await runInProcess(['migrate', '@site', 'local', '--status', 'publish,draft', '--yes', '-o', 'json'], {
      home: back,
    });
    expect(r.code, r.stderr).toBe(0);
    const list = await runInProcess(
      [
        'events',
        'list',
        '--all',
        '--search',
        stamp,
        '--status',
        'publish,draft',
        '--start-date',
        '2000-01-01',
        '--end-date',
        '2099-12-31',
        '-o',
        'json',
      ],
      { home: back },
    );
    const events = list.json<Rec[]>();
    expect(events.map((e) => e.title).sort()).toEqual([`${stamp} draft`, `${stamp} future`, `${stamp} past`]);
    const past = events.find((e) => e.title === `${stamp} past`) as Rec;
    expect((past.venue as Rec).venue).toBe(`${stamp} Hall`);
    expect((past.image as Rec).width).toBe(64);
  }, 300_000);
});
