/**
 * `sync push` is recorded in the history (issue 39): an event made offline and another changed
 * offline, pushed; `calctl undo` trashes the one the push created and gives the other its earlier
 * title back. `calctl serve` plays the site.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../helpers/cli.js';
import { SERVE_PASSWORD, type ServeProcess, spawnServe, stopAllServes } from '../helpers/spawn-serve.js';

type Rec = Record<string, unknown>;
let site: ServeProcess;
let env: Record<string, string>;

beforeAll(async () => {
  site = await spawnServe({ dataDir: mkdtempSync(join(tmpdir(), 'calctl-history-sync-')) });
  env = { CALCTL_URL: site.baseUrl, CALCTL_USER: 'admin', CALCTL_PASSWORD: SERVE_PASSWORD };
}, 60_000);
afterAll(async () => {
  await stopAllServes();
});

describe('sync push in the history', { timeout: 120_000 }, () => {
  it('is recorded, and undo takes it back', async () => {
    const home = tempHome();
    const cli = (args: string[]) => runCli(args, { home, env, timeoutMs: 60_000 });
    const ok = async (args: string[]) => {
      const r = await cli(args);
      expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(0);
      return r.stdout;
    };
    const first = JSON.parse(
      await ok([
        'events',
        'create',
        '--title',
        'On the site',
        '--start-date',
        '2031-05-01 10:00',
        '--duration',
        '1h',
        '-o',
        'json',
      ]),
    ) as Rec;
    await ok(['sync', 'pull']);
    await ok(['--offline', 'events', 'update', String(first.id), '--title', 'Renamed offline']);
    await ok([
      '--offline',
      'events',
      'create',
      '--title',
      'Made offline',
      '--start-date',
      '2031-05-02 10:00',
      '--duration',
      '1h',
    ]);
    await ok(['sync', 'push']);
    const runs = JSON.parse(await ok(['history', '-o', 'json'])) as Rec[];
    expect(runs[0]).toMatchObject({ kind: 'sync push', status: 'done' });
    const shown = JSON.parse(await ok(['history', 'show', String(runs[0]?.id), '-o', 'json'])) as { records: Rec[] };
    expect(shown.records.map((r) => r.action).sort()).toEqual(['created', 'updated']);

    await ok(['undo', '--yes']);
    const all = JSON.parse(
      await ok([
        'events',
        'list',
        '--status',
        'publish,trash',
        '--start-date',
        '2031-01-01',
        '--end-date',
        '2031-12-31',
        '-o',
        'json',
      ]),
    ) as Rec[];
    const byTitle = Object.fromEntries(all.map((e) => [String(e.title), e.status]));
    expect(byTitle).toEqual({ 'On the site': 'publish', 'Made offline': 'trash' });
  });
});
