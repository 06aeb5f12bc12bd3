/**
 * Sync keeps past events: `calctl serve` (another process) plays the site and, as the plugin does,
 * leaves events already over out of WordPress core's list of events unless asked for them. A past
 * event, a past draft, a past event in the trash and a past event hidden from listings are in the
 * first pull and survive every later pull; a change to one on the site is pulled; one deleted for good
 * is gone; `sync status` never calls one deleted while the site has it in any status.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/in-process.js';
import { SERVE_PASSWORD, type ServeProcess, spawnServe, stopAllServes } from '../helpers/spawn-serve.js';

let site: ServeProcess;
let env: Record<string, string>;
type Rec = Record<string, unknown> & { id: number };

beforeAll(async () => {
  site = await spawnServe({ dataDir: mkdtempSync(join(tmpdir(), 'calctl-past-site-')) });
  env = { CALCTL_URL: site.baseUrl, CALCTL_USER: 'admin', CALCTL_PASSWORD: SERVE_PASSWORD };
}, 60_000);
afterAll(async () => {
  await stopAllServes();
});

const home = mkdtempSync(join(tmpdir(), 'calctl-past-home-'));
const run = (args: string[]) => runInProcess(args, { env, home });
async function ok(args: string[]): Promise<string> {
  const r = await run(args);
  expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(0);
  return r.stdout;
}
const made = async (args: string[]) => JSON.parse(await ok([...args, '-o', 'json'])) as Rec;
const event = (title: string, start: string, extra: string[] = []) =>
  made(['events', 'create', '--title', title, '--start-date', start, '--duration', '1h', ...extra]);

async function offlineTitles(): Promise<string[]> {
  const args = ['--offline', 'events', 'list', '--all', '-o', 'json', '--fields', 'title'];
  const window = ['--status', 'publish,future,draft,pending,private,trash', '--start-date', '1990-01-01'];
  const rows = JSON.parse(await ok([...args, ...window, '--end-date', '2099-12-31'])) as { title: string }[];
  const hidden = await run(['--offline', 'events', 'get', String(ids.hidden), '-o', 'json']);
  return [...rows.map((r) => r.title), ...(hidden.code === 0 ? [hidden.json<Rec>().title as string] : [])].sort();
}

const ids: Record<string, number> = {};

describe('sync and past events', () => {
  it('core list of the site leaves past events out unless asked, as the plugin does', async () => {
    ids.past = (await event('Past concert', '2020-03-01 19:00')).id;
    ids.draft = (await event('Past draft', '2021-04-01 19:00', ['--status', 'draft'])).id;
    ids.binned = (await event('Past binned', '2022-05-01 19:00')).id;
    await ok(['events', 'delete', String(ids.binned), '--yes']);
    ids.hidden = (await event('Past hidden', '2019-06-01 19:00', ['--hide-from-listings'])).id;
    ids.future = (await event('Future gig', '2031-01-01 19:00')).id;
    const core = (query: string) =>
      runInProcess(['api', 'GET', `/wp-json/wp/v2/tribe_events?${query}`, '-o', 'json'], { env, home });
    const every = 'status=publish,draft,trash&_fields=id&per_page=100';
    const upcoming = (await core(every)).json<Rec[]>().map((r) => r.id);
    expect(upcoming).toEqual([ids.future]);
    const all = (await core(`${every}&search=-_EventStartDate_x`)).json<Rec[]>().map((r) => r.id);
    expect(all.sort((a, b) => a - b)).toEqual(Object.values(ids).sort((a, b) => a - b));
  });

  it('the first pull brings every past event; two more pulls keep them; status sees no change', async () => {
    const first = JSON.parse(await ok(['sync', 'pull', '-o', 'json']));
    expect(first.pulled).toMatchObject({ created: 5, deleted: 0 });
    const everything = ['Future gig', 'Past binned', 'Past concert', 'Past draft', 'Past hidden'];
    expect(await offlineTitles()).toEqual(everything);
    expect(JSON.parse(await ok(['sync', 'status', '-o', 'json'])).changes).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const again = JSON.parse(await ok(['sync', 'pull', '-o', 'json']));
      expect(again.pulled).toEqual({ created: 0, updated: 0, deleted: 0 });
      expect(await offlineTitles()).toEqual(everything);
    }
  });

  it('a past event changed on the site is pulled; one deleted for good is gone, and only that one', async () => {
    await ok(['events', 'update', String(ids.past), '--title', 'Past concert (recorded)']);
    await ok(['events', 'delete', String(ids.draft), '--force', '--yes']);
    const status = JSON.parse(await ok(['sync', 'status', '-o', 'json']));
    expect(status.changes).toEqual(
      expect.arrayContaining([
        { resource: 'events', id: ids.past, side: 'site', change: 'changed' },
        { resource: 'events', id: ids.draft, side: 'site', change: 'deleted' },
      ]),
    );
    expect(status.changes).toHaveLength(2);
    const pulled = JSON.parse(await ok(['sync', 'pull', '-o', 'json']));
    expect(pulled.pulled).toEqual({ created: 0, updated: 1, deleted: 1 });
    expect(await offlineTitles()).toEqual(['Future gig', 'Past binned', 'Past concert (recorded)', 'Past hidden']);
  });

  it('a push of the copy leaves the past events on the site', async () => {
    await ok(['--offline', 'events', 'update', String(ids.hidden), '--title', 'Past hidden (edited offline)']);
    const pushed = JSON.parse(await ok(['sync', 'push', '-o', 'json']));
    expect(pushed.pushed).toEqual({ created: 0, updated: 1, deleted: 0 });
    expect(await made(['events', 'get', String(ids.past)])).toMatchObject({ title: 'Past concert (recorded)' });
    expect(await made(['events', 'get', String(ids.hidden)])).toMatchObject({ title: 'Past hidden (edited offline)' });
  });
});
