/**
 * `calctl migrate` killed midway (SIGKILL: the process itself is the point, so the built CLI is
 * spawned) and run again: the second run finishes the move from the id map the first left, and the
 * target holds every event once. Two test servers play the sites.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, spawnCli, tempHome } from '../helpers/cli.js';

type Rec = Record<string, unknown> & { id: number };
const EVENTS = 60;
let source: TestServer;
let target: TestServer;
const home = tempHome();

beforeAll(async () => {
  [source, target] = await Promise.all([startApi(), startApi()]);
  const venue = (await apiRequest<Rec>(source, 'POST', '/venues', { venue: 'Kill Hall' })).body;
  for (let i = 0; i < EVENTS; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const r = await apiRequest(source, 'POST', '/events', {
      title: `Killed run ${i}`,
      start_date: `${i % 2 ? 2020 : 2028}-0${(i % 9) + 1}-${day} 10:00:00`,
      end_date: `${i % 2 ? 2020 : 2028}-0${(i % 9) + 1}-${day} 11:00:00`,
      venue: venue.id,
    });
    expect(r.status).toBe(201);
  }
  for (const [name, site] of [
    ['from', source],
    ['to', target],
  ] as const) {
    const r = await runCli(['profile', 'add', name, '--url', site.baseUrl, '--user', site.user, '--password-stdin'], {
      home,
      input: site.password,
    });
    expect(r.code, r.stderr).toBe(0);
  }
}, 120_000);

afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
});

const mapFile = () => join(home, '.local', 'share', 'calctl', 'migrate', 'to', 'from.json');
const mappedEvents = (): number => {
  if (!existsSync(mapFile())) return 0;
  try {
    const data = JSON.parse(readFileSync(mapFile(), 'utf8')) as { records: Record<string, Record<string, unknown>> };
    return Object.keys(data.records.events ?? {}).length;
  } catch {
    return 0;
  }
};

describe('migrate killed midway', () => {
  it('a re-run finishes the move with nothing twice', async () => {
    let poll: NodeJS.Timeout | undefined;
    const killed = await spawnCli(['migrate', '@from', '@to', '--yes'], {
      home,
      timeoutMs: 60_000,
      onSpawn: (child) => {
        poll = setInterval(() => {
          if (mappedEvents() >= 5) {
            child.kill('SIGKILL');
            clearInterval(poll);
          }
        }, 2);
      },
    });
    clearInterval(poll);
    expect(killed.code, killed.stderr).toBeNull();
    expect(mappedEvents()).toBeLessThan(EVENTS);
    const again = await runCli(['migrate', '@from', '@to', '--yes', '-o', 'json'], { home, timeoutMs: 60_000 });
    expect(again.code, again.stderr).toBe(0);
    expect(mappedEvents()).toBe(EVENTS);
    const list = await apiRequest<{ events: Rec[] }>(
      target,
      'GET',
      '/events?start_date=1990-01-01&end_date=2099-12-31&per_page=50&page=1',
    );
    const page2 = await apiRequest<{ events: Rec[] }>(
      target,
      'GET',
      '/events?start_date=1990-01-01&end_date=2099-12-31&per_page=50&page=2',
    );
    const titles = [...list.body.events, ...(page2.body.events ?? [])].map((e) => e.title);
    expect(titles).toHaveLength(EVENTS);
    expect(new Set(titles).size).toBe(EVENTS);
    const venues = await apiRequest<{ venues: Rec[] }>(target, 'GET', '/venues');
    expect(venues.body.venues.map((v) => v.venue)).toEqual(['Kill Hall']);
    const third = await runCli(['migrate', '@from', '@to', '--yes', '-o', 'json'], { home, timeoutMs: 60_000 });
    expect(third.json<{ resources: { events: { created: number; unchanged: number } } }>().resources.events).toEqual(
      expect.objectContaining({ created: 0, unchanged: EVENTS }),
    );
  }, 120_000);
});
