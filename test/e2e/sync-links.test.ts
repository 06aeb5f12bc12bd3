/**
 * A pull while the site changes: a venue, an organizer, a category and a tag made on the site after
 * the pull read their lists and before it read the events', named by a new event (seen on a real site
 * while other work ran on it). The copy brings them too: the event keeps its links offline, nothing
 * counts as changed offline, and a push sends nothing (it took the links off the site's event before).
 * `calctl serve` plays the site behind a proxy on 127.0.0.1 that makes them when the events are listed.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../helpers/cli.js';
import { SERVE_PASSWORD, type ServeProcess, spawnServe, stopAllServes } from '../helpers/spawn-serve.js';

type Rec = Record<string, unknown> & { id: number };
let site: ServeProcess;
let env: Record<string, string>;
/**
 * Runs once, before the next list of events reaches the site: the plugin's (a first pull lists
 * everything) or WordPress core's (a later pull asks it what changed).
 */
let beforeEventsList: (() => Promise<void>) | undefined;
let eventsList = '';
let proxyOrigin = '';
const proxy = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', async () => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method === 'GET' && eventsList !== '' && path.endsWith(eventsList) && beforeEventsList) {
      const hook = beforeEventsList;
      beforeEventsList = undefined;
      await hook();
    }
    const up = request(`${site.origin}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    up.on('error', () => res.destroy());
    up.end(Buffer.concat(chunks));
  });
});

const cli = (home: string, args: string[], url = `${proxyOrigin}/wp-json/tribe/events/v1`) =>
  runCli(args, { home, env: { ...env, CALCTL_URL: url }, timeoutMs: 60_000 });

async function ok(home: string, args: string[]): Promise<string> {
  const r = await cli(home, args);
  expect(r.code, `${args.join(' ')}\n${r.stderr}\n${r.stdout.slice(0, 2000)}`).toBe(0);
  return r.stdout;
}

/** On the site itself: an event with a venue, an organizer, a category and a tag all made with it. */
async function madeMeanwhile(name: string): Promise<Rec> {
  const r = await runCli(
    [
      ...['events', 'create', '--title', `Meanwhile ${name}`, '--start-date', '2031-06-11 20:00', '--duration', '2h'],
      ...['--venue', `Hall ${name}`, '--organizer', `Club ${name}`, '--categories', `Cat ${name}`],
      ...['--tags', `Tag ${name}`, '--create-missing', '-o', 'json'],
    ],
    { home: tempHome(), env, timeoutMs: 60_000 },
  );
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Rec;
}

/** Names of an event's links, as one side shows them. */
const links = (e: Rec) => ({
  venue: (e.venue as { venue?: string }).venue,
  organizer: (e.organizer as { organizer: string }[]).map((o) => o.organizer),
  categories: (e.categories as { name: string }[]).map((c) => c.name),
  tags: (e.tags as { name: string }[]).map((t) => t.name),
});

beforeAll(async () => {
  site = await spawnServe({ dataDir: mkdtempSync(join(tmpdir(), 'calctl-sync-links-')) });
  env = { CALCTL_URL: site.baseUrl, CALCTL_USER: 'admin', CALCTL_PASSWORD: SERVE_PASSWORD };
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  proxy.close();
  await stopAllServes();
});

describe('sync pull while the site makes linked records', () => {
  it('brings what a new event links to, on the first pull and on a later one, and pushes nothing', async () => {
    const home = tempHome();
    for (const [round, name] of ['first', 'later'].entries()) {
      eventsList = round === 0 ? '/tribe/events/v1/events' : '/wp/v2/tribe_events';
      let made: Rec | undefined;
      beforeEventsList = async () => {
        made = await madeMeanwhile(name);
      };
      const pulled = JSON.parse(await ok(home, ['sync', 'pull', '-o', 'json'])) as { pulled: { created: number } };
      expect(made, `round ${round}: the events were listed`).toBeDefined();
      // (the event, its venue, organizer, category and tag)
      expect(pulled.pulled.created).toBeGreaterThanOrEqual(5);
      const status = JSON.parse(await ok(home, ['sync', 'status', '-o', 'json'])) as { changes: unknown[] };
      expect(status.changes).toEqual([]);
      const copy = JSON.parse(
        await ok(home, ['--offline', 'events', 'get', String((made as Rec).id), '-o', 'json']),
      ) as Rec;
      expect(links(copy)).toEqual({
        venue: `Hall ${name}`,
        organizer: [`Club ${name}`],
        categories: [`Cat ${name}`],
        tags: [`Tag ${name}`],
      });
      const pushed = JSON.parse(await ok(home, ['sync', 'push', '-o', 'json'])) as { pushed: Record<string, number> };
      expect(pushed.pushed).toEqual({ created: 0, updated: 0, deleted: 0 });
      const onSite = JSON.parse(await ok(home, ['events', 'get', String((made as Rec).id), '-o', 'json'])) as Rec;
      expect(links(onSite)).toEqual(links(copy));
    }
  }, 120_000);
});
