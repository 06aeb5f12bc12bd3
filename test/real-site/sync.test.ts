/**
 * `calctl sync` against a REAL site (optional): a first pull equal to the site record for record, an
 * offline venue + event + tag pushed and found linked on the site, and an update/update conflict found
 * and resolved; past events (which the plugin leaves out of WordPress core's list) kept by every pull;
 * a push killed midway (answers held by a proxy on 127.0.0.1, calctl killed) finished by a re-run that
 * finds what landed in a few requests. Runs when CALCTL_REAL_URL, CALCTL_REAL_USER and
 * CALCTL_REAL_PASSWORD are set (a staging site: docs/sync.md), skips with a note otherwise. What it
 * makes is deleted for good at the end through WordPress core's routes.
 */
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, spawnCli, tempHome } from '../helpers/cli.js';
import { startKillProxy } from '../helpers/kill-proxy.js';
import { apiBase, calctl, cleanup, configured, env, makeStamp, type Rec, skipNote, url } from './site.js';

skipNote('sync');
const stamp = makeStamp('sy');
const home = tempHome();
/** Records noted by id: past events are missing from the core list the cleanup searches by stamp. */
const made: { type: string; id: number }[] = [];

async function ok(args: string[]): Promise<string> {
  const r = await calctl(home, args);
  // (stdout too: with -o json a run's conflicts are described there)
  expect(r.code, `${args.join(' ')}\n${r.stderr}\n${r.stdout.slice(0, 4000)}`).toBe(0);
  return r.stdout;
}

afterAll(async () => {
  if (configured) await cleanup(stamp, made);
}, 300_000);

const EVERY = ['--status', 'publish,future,draft,pending,private,trash', '--all'];
const EVERY_DATE = [
  '--start-date',
  '1900-01-01',
  '--end-date',
  '2100-12-31',
  '--status',
  'publish,future,draft,pending,private,trash',
];

async function list(resource: string, offline: boolean): Promise<Map<number, string>> {
  const args = [
    ...(offline ? ['--offline'] : []),
    resource,
    'list',
    ...EVERY,
    '-o',
    'json',
    '--fields',
    'id,slug,status',
  ];
  if (resource === 'events') args.push('--start-date', '1900-01-01', '--end-date', '2100-12-31');
  const rows = JSON.parse(await ok(args)) as Rec[];
  return new Map(rows.map((r) => [r.id, `${r.slug}|${r.status}`]));
}

/**
 * The copy holds every record the site held, unchanged, both before and after the pull; records made,
 * changed or deleted meanwhile (the site is shared: others work on it too) may be either way. A record
 * in neither list can only be one made after the first and deleted before the second: a site numbers
 * new records upwards, so its id is above every id the first list held.
 */
function expectPulled(before: Map<number, string>, copy: Map<number, string>, after: Map<number, string>) {
  const steady = [...before].filter(([id, v]) => after.get(id) === v);
  expect(steady.filter(([id, v]) => copy.get(id) !== v)).toEqual([]);
  const newest = Math.max(0, ...before.keys());
  expect([...copy.keys()].filter((id) => !before.has(id) && !after.has(id) && id <= newest)).toEqual([]);
}

describe.skipIf(!configured)('sync against a real site', () => {
  it('a push killed after 5 of 30 creates: the re-run finds what landed, each event once', async () => {
    const proxy = await startKillProxy(new URL(url as string).origin);
    const home3 = tempHome();
    // (the namespace URL itself, in the site's own form: discovery would follow the site's links around the proxy)
    const real = new URL(await apiBase());
    const base = `${proxy.origin}${real.pathname}${real.search}`;
    const run = (args: string[], onSpawn?: (c: ChildProcess) => void) =>
      onSpawn
        ? // (spawned: the push is killed with SIGKILL midway)
          spawnCli(args, { env: { ...env, CALCTL_URL: base }, home: home3, timeoutMs: 300_000, onSpawn })
        : runCli(args, { env: { ...env, CALCTL_URL: base }, home: home3, timeoutMs: 300_000 });
    const title = `Killed ${stamp}`;
    try {
      expect((await run(['sync', 'pull'])).code).toBe(0);
      const rows = Array.from({ length: 30 }, (_, i) => {
        const day = new Date(Date.UTC(2022, 0, 1) + i * 60 * 86400_000).toISOString().slice(0, 10);
        return `${title} ${i},${day} 19:00,${day} 20:00`;
      });
      const file = join(home3, 'killed.csv');
      writeFileSync(file, `title,start_date,end_date\n${rows.join('\n')}\n`);
      expect((await run(['--offline', 'import', 'events', file])).code).toBe(0);
      let child: ChildProcess | undefined;
      proxy.arm(5, () => setTimeout(() => child?.kill('SIGKILL'), 1500));
      const killed = await run(['sync', 'push'], (c) => {
        child = c;
      });
      expect(killed.code).toBeNull();
      proxy.disarm();
      const again = await run(['sync', 'push', '-o', 'json']);
      expect(again.code, again.stderr).toBe(0);
      // (the creates never sent, one request each, and a few to find those that landed unheard)
      expect(proxy.requests).toBeLessThanOrEqual(25 + 6);
    } finally {
      await proxy.close();
    }
    const found = JSON.parse(
      await ok(['events', 'list', '--search', title, '--all', '-o', 'json', '--fields', 'id,title', ...EVERY_DATE]),
    ) as Rec[];
    for (const e of found) made.push({ type: 'tribe_events', id: e.id });
    expect(found.map((e) => e.title).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `${title} ${i}`).sort());
  }, 600_000);

  it('keeps past events: in the first pull, after two more, changed and deleted only when the site says', async () => {
    const home2 = tempHome();
    const run = (args: string[]) => runCli(args, { env, home: home2, timeoutMs: 300_000 });
    const must = async (args: string[]) => {
      const r = await run(args);
      // (stdout too: with -o json a run's conflicts are described there)
      expect(r.code, `${args.join(' ')}\n${r.stderr}\n${r.stdout.slice(0, 4000)}`).toBe(0);
      return r.stdout;
    };
    const create = async (title: string, start: string, extra: string[] = []) => {
      const args = ['events', 'create', '--title', title, '--start-date', start, '--duration', '1h', ...extra];
      const rec = JSON.parse(await must([...args, '-o', 'json'])) as Rec;
      made.push({ type: 'tribe_events', id: rec.id });
      return rec.id;
    };
    const past = await create(`Past ${stamp}`, '2021-03-01 19:00');
    const draft = await create(`Past draft ${stamp}`, '2021-03-02 19:00', ['--status', 'draft']);
    const hidden = await create(`Past hidden ${stamp}`, '2021-03-03 19:00', ['--hide-from-listings']);
    const mine = [past, draft, hidden];
    // (the site is shared: others' records may conflict meanwhile, exit 3; ours never may)
    const pull = async () => {
      const r = await run(['sync', 'pull', '-o', 'json']);
      expect([0, 3], r.stderr).toContain(r.code);
      const conflicts = (JSON.parse(r.stdout) as { conflicts: { id: number }[] }).conflicts.map((c) => c.id);
      expect(conflicts.filter((id) => mine.includes(id))).toEqual([]);
    };
    const inCopy = async () => {
      const found: number[] = [];
      for (const id of mine)
        if ((await run(['--offline', 'events', 'get', String(id), '-o', 'json'])).code === 0) found.push(id);
      return found;
    };
    await pull();
    expect(await inCopy()).toEqual(mine);
    const status = JSON.parse(await must(['sync', 'status', '-o', 'json'])) as { changes: { id: number }[] };
    expect(status.changes.filter((c) => mine.includes(c.id))).toEqual([]);
    for (let i = 0; i < 2; i++) {
      // (what others delete meanwhile is theirs; ours must all be there)
      await pull();
      expect(await inCopy()).toEqual(mine);
    }
    await must(['events', 'update', String(past), '--title', `Past changed ${stamp}`]);
    await must(['events', 'delete', String(draft), '--force', '--yes']);
    await pull();
    expect(await inCopy()).toEqual([past, hidden]);
    const copied = JSON.parse(await must(['--offline', 'events', 'get', String(past), '-o', 'json'])) as Rec;
    expect(copied.title).toBe(`Past changed ${stamp}`);
  }, 600_000);

  it('pulls a copy equal to the site, pushes offline work linked, finds and resolves a conflict', async () => {
    const resources = ['events', 'venues', 'organizers'];
    const before = await Promise.all(resources.map((r) => list(r, false)));
    await ok(['sync', 'pull']);
    const after = await Promise.all(resources.map((r) => list(r, false)));
    for (const [i, r] of resources.entries()) {
      expectPulled(before[i] as Map<number, string>, await list(r, true), after[i] as Map<number, string>);
    }

    const venue = JSON.parse(await ok(['--offline', 'venues', 'create', '--venue', `Hall ${stamp}`, '-o', 'json']));
    const event = JSON.parse(
      await ok([
        '--offline',
        'events',
        'create',
        '--title',
        `Sync ${stamp}`,
        '--start-date',
        '2031-06-01 19:00',
        '--duration',
        '2h',
        '--venue',
        String(venue.id),
        '--tags',
        `tag-${stamp}`,
        '--create-missing',
        '-o',
        'json',
      ]),
    );
    const pushed = JSON.parse(await ok(['sync', 'push', '-o', 'json']));
    const eventId = pushed.mapping.events[String(event.id)] as number;
    const venueId = pushed.mapping.venues[String(venue.id)] as number;
    const onSite = JSON.parse(await ok(['events', 'get', String(eventId), '-o', 'json']));
    expect(onSite.venue.id).toBe(venueId);
    expect(onSite.tags.map((t: { name: string }) => t.name)).toEqual([`tag-${stamp}`]);

    await ok(['events', 'update', String(eventId), '--title', `Site ${stamp}`]);
    await ok(['--offline', 'events', 'update', String(eventId), '--title', `Copy ${stamp}`]);
    const r = await calctl(home, ['sync', '-o', 'json']);
    expect(r.code).toBe(3);
    await ok(['sync', 'resolve', String(eventId), '--take', 'local']);
    await ok(['sync']);
    expect(JSON.parse(await ok(['events', 'get', String(eventId), '-o', 'json'])).title).toBe(`Copy ${stamp}`);

    // a change and a trash made on the site after the last pull, whatever the site's zone
    await ok(['events', 'update', String(eventId), '--title', `Later ${stamp}`]);
    await ok(['sync', 'pull']);
    const offline = () => ok(['--offline', 'events', 'get', String(eventId), '-o', 'json']).then((t) => JSON.parse(t));
    expect(await offline()).toMatchObject({ title: `Later ${stamp}` });
    await ok(['events', 'delete', String(eventId), '--yes']);
    await ok(['sync', 'pull']);
    expect(await offline()).toMatchObject({ status: 'trash' });
  }, 600_000);
});
