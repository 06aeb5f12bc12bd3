/**
 * The main jobs against a REAL site (optional): list, get, create, update, delete, import and export
 * through the built CLI. Runs when CALCTL_REAL_URL, CALCTL_REAL_USER and CALCTL_REAL_PASSWORD are set
 * (a staging site: docs/real-site.md says how to check one), and skips with a note otherwise. Every
 * record it makes carries this run's stamp and is deleted for good at the end, through WordPress
 * core's routes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../helpers/cli.js';

const url = process.env.CALCTL_REAL_URL;
const user = process.env.CALCTL_REAL_USER;
const password = process.env.CALCTL_REAL_PASSWORD;
const configured = Boolean(url && user && password);
if (!configured) {
  console.warn(
    'test/real-site: skipped (set CALCTL_REAL_URL, CALCTL_REAL_USER and CALCTL_REAL_PASSWORD to run it against a site)',
  );
}

type Loose = Record<string, unknown> & { id: number };
const origin = (url ?? '').replace(/\/+$/, '').replace(/\/wp-json.*$/, '');
const stamp = `rt${Date.now().toString(36)}`;
const home = tempHome();
const made: { type: string; id: number }[] = [];
const env = { CALCTL_URL: url, CALCTL_USER: user, CALCTL_PASSWORD: password };
const calctl = (args: string[], input?: string) =>
  runCli(args, { env, home, timeoutMs: 120_000, ...(input !== undefined ? { input } : {}) });

async function core(method: string, path: string): Promise<unknown> {
  const res = await fetch(`${origin}/wp-json${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
  });
  return res.json();
}

afterAll(async () => {
  if (!configured) return;
  const found = (await core(
    'GET',
    `/wp/v2/tribe_events?search=${stamp}&status=any&per_page=100&_fields=id`,
  )) as Loose[];
  for (const e of Array.isArray(found) ? found : []) made.push({ type: 'tribe_events', id: e.id });
  for (const { type, id } of made) await core('DELETE', `/wp/v2/${type}/${id}?force=true`);
}, 120_000);

describe.skipIf(!configured)('the main jobs against a real site', () => {
  it('lists every resource, with the status filters a site takes (any is sent as the statuses it means)', async () => {
    for (const args of [
      ['events', 'list', '--status', 'any'],
      ['events', 'list', '--status', 'publish,draft'],
      ['venues', 'list', '--status', 'any'],
      ['organizers', 'list', '--status', 'draft'],
      ['categories', 'list'],
      ['tags', 'list'],
    ]) {
      const r = await calctl([...args, '-o', 'json']);
      expect({ args, code: r.code, stderr: r.stderr }).toMatchObject({ code: 0 });
      expect(Array.isArray(r.json())).toBe(true);
    }
  }, 120_000);

  it('creates, reads, updates and deletes an event', async () => {
    const created = await calctl([
      'events',
      'create',
      '--title',
      `Real ${stamp}`,
      '--start-date',
      '2031-05-04 19:00',
      '--end-date',
      '2031-05-04 21:00',
      '--status',
      'draft',
      '-o',
      'json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const event = created.json<Loose>();
    made.push({ type: 'tribe_events', id: event.id });
    expect(event).toMatchObject({ title: `Real ${stamp}`, status: 'draft', start_date: '2031-05-04 19:00:00' });

    const got = await calctl(['events', 'get', String(event.id), '-o', 'json']);
    expect(got.json<Loose>()).toMatchObject({ id: event.id, title: `Real ${stamp}` });

    const updated = await calctl([
      'events',
      'update',
      String(event.id),
      '--title',
      `Real ${stamp} renamed`,
      '-o',
      'json',
    ]);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.json<Loose>()).toMatchObject({ title: `Real ${stamp} renamed`, start_date: '2031-05-04 19:00:00' });

    const deleted = await calctl(['events', 'delete', String(event.id), '--yes', '-o', 'json']);
    expect(deleted.code, deleted.stderr).toBe(0);
    const trashed = await core('GET', `/wp/v2/tribe_events/${event.id}?context=edit&_fields=status`);
    expect(trashed).toMatchObject({ status: 'trash' });
  }, 120_000);

  it('imports a file twice (created, then unchanged) and exports what it imported', async () => {
    const csv = [
      'title,start_date,end_date,status',
      `Imported ${stamp} one,2031-06-01 10:00,2031-06-01 11:00,publish`,
      `Imported ${stamp} two,2031-06-02 10:00,2031-06-02 11:00,draft`,
      `Imported ${stamp} three,2031-06-03 10:00,2031-06-03 11:00,publish`,
    ].join('\n');
    const first = await calctl(['import', 'events', '-', '-o', 'json'], `${csv}\n`);
    expect(first.code, first.stderr).toBe(0);
    expect(first.json()).toMatchObject({ created: 3, rejected: 0 });
    const again = await calctl(['import', 'events', '-', '-o', 'json'], `${csv}\n`);
    expect(again.code, again.stderr).toBe(0);
    expect(again.json()).toMatchObject({ created: 0, unchanged: 3 });

    const exported = await calctl(['export', 'events', '--search', stamp, '-o', 'json']);
    expect(exported.code, exported.stderr).toBe(0);
    const titles = exported.json<Loose[]>().map((e) => String(e.title));
    expect(titles.filter((t) => t.startsWith(`Imported ${stamp}`)).sort()).toEqual(
      [`Imported ${stamp} one`, `Imported ${stamp} three`, `Imported ${stamp} two`].sort(),
    );
  }, 180_000);
});
