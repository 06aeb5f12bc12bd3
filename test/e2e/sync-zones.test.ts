/**
 * `sync pull` sees every change and every trash made on the site after the previous pull, whatever
 * the site's zone: the embedded server plays a site in each zone with a clock the test moves (a
 * WordPress site keeps `post_modified` in its LOCAL time and compares core's `modified_after` with it),
 * and calctl runs in-process with the same clock. Each story crosses the night the zone's clocks go
 * back, where an edit made just after a pull has an earlier local time than the pull had.
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/server/start.js';
import { runInProcess } from '../helpers/in-process.js';

const PASSWORD = 'zone test pass 1234';
const MINUTE = 60_000;

/** A site's zone and an instant near which its clocks go back (or any instant, for a fixed offset). */
const ZONES: [zone: string, change: string][] = [
  ['America/New_York', '2026-11-01T06:00:00Z'], // 02:00 EDT → 01:00 EST
  ['Europe/Berlin', '2026-10-25T01:00:00Z'], // 03:00 CEST → 02:00 CET
  ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'], // 02:00 +11 → 01:30 +10:30
  ['UTC+5.5', '2026-11-01T06:00:00Z'],
  ['UTC-3', '2026-11-01T06:00:00Z'],
];

let server: RunningServer | undefined;
let dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const d of dirs) await rm(d, { recursive: true, force: true });
  dirs = [];
});

const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

describe.each(ZONES)('sync pull on a site in %s', (zone, change) => {
  it('sees an edit and a trash made after the previous pull, across the night clocks go back', async () => {
    let now = Date.parse(change) - 20 * MINUTE;
    const clock = () => new Date(now);
    server = await startServer({
      dataDir: temp('calctl-zone-site-'),
      port: 0,
      timezone: zone,
      adminPassword: PASSWORD,
      now: clock,
    });
    const site = server;
    const auth = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${site.baseUrl}${path}`, {
        method,
        headers: { authorization: auth, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(res.status, `${method} ${path}`).toBeLessThan(300);
      return (await res.json()) as { id: number; title: string; status: string };
    };
    const home = temp('calctl-zone-home-');
    const env = { CALCTL_URL: site.baseUrl, CALCTL_USER: 'admin', CALCTL_PASSWORD: PASSWORD };
    const calctl = (args: string[]) => runInProcess(args, { home, env, now: clock });
    const pull = async () => {
      const r = await calctl(['sync', 'pull', '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      return r.json<{ pulled: { created: number; updated: number; deleted: number } }>().pulled;
    };
    const offline = async (id: number) => {
      const r = await calctl(['--offline', 'events', 'get', String(id), '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      return r.json<{ title: string; status: string }>();
    };

    const a = await api('POST', '/events', {
      title: 'Alpha',
      start_date: '2026-12-01 10:00:00',
      end_date: '2026-12-01 11:00:00',
    });
    const b = await api('POST', '/events', {
      title: 'Beta',
      start_date: '2026-12-02 10:00:00',
      end_date: '2026-12-02 11:00:00',
    });
    now += 5 * MINUTE;
    expect(await pull()).toEqual({ created: 2, updated: 0, deleted: 0 });

    // an edit a few minutes after a pull: west of UTC, a GMT time read as local asked hours ahead
    now += 5 * MINUTE;
    await api('POST', `/events/${a.id}`, { title: 'Alpha (moved)' });
    now += 5 * MINUTE;
    expect(await pull()).toMatchObject({ updated: 1 });
    expect((await offline(a.id)).title).toBe('Alpha (moved)');

    // the clocks go back: an edit and a trash made just after have earlier local times than the pull
    now = Date.parse(change) + 10 * MINUTE;
    await api('POST', `/events/${a.id}`, { title: 'Alpha (after the change)' });
    now += 2 * MINUTE;
    await api('DELETE', `/events/${b.id}`);
    now += 3 * MINUTE;
    expect(await pull()).toMatchObject({ updated: 2 });
    expect((await offline(a.id)).title).toBe('Alpha (after the change)');
    expect((await offline(b.id)).status).toBe('trash');

    // and one more pull finds nothing new
    now += 5 * MINUTE;
    expect(await pull()).toEqual({ created: 0, updated: 0, deleted: 0 });
  });
});
