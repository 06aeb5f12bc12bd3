/**
 * `--quiet` for cron (issue 39): `import`, `export`, `feeds run` and `sync` print 0 bytes on stdout
 * and stderr when they succeed with both piped (cron mails whatever a job prints), their summary as
 * data only when `-o json` is asked outright; a failing run still says what failed, and its exit
 * code says so. Also `sync push --dry-run -o json` prints its plan as JSON.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, runCli, tempHome } from '../helpers/cli.js';
import { SERVE_PASSWORD, type ServeProcess, spawnServe, stopAllServes } from '../helpers/spawn-serve.js';

/** An event next year, so no window of the local calendar leaves it out. */
const nextYear = new Date().getUTCFullYear() + 1;

function icsFeed(titles: string[]): string {
  const events = titles.map((title, i) =>
    [
      'BEGIN:VEVENT',
      `UID:quiet-${i}@example.org`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${nextYear}0${i + 1}10T180000Z`,
      `DTEND:${nextYear}0${i + 1}10T190000Z`,
      `SUMMARY:${title}`,
      'END:VEVENT',
    ].join('\r\n'),
  );
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//calctl//quiet//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
}

const silent = (r: CliResult) => {
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout + r.stderr).toBe('');
};

describe('feeds run --quiet', { timeout: 60_000 }, () => {
  it('prints 0 bytes when the feeds ran, the JSON only with -o json, and a failure when one fails', async () => {
    const home = tempHome();
    const run = (args: string[]) => runCli(args, { home, timeoutMs: 30_000 });
    const file = join(home, 'club.ics');
    writeFileSync(file, icsFeed(['Quiet one', 'Quiet two']));
    expect((await run(['feeds', 'add', 'club', file, '--until', '+2y'])).code).toBe(0);
    // (stdout is piped here: before issue 39 the JSON summary came out all the same)
    silent(await run(['feeds', 'run', '--quiet']));
    writeFileSync(file, icsFeed(['Quiet one', 'Quiet two', 'Quiet three']));
    silent(await run(['feeds', 'run', '-q']));
    let r = await run(['feeds', 'run', '--quiet', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.json<{ status: string }[]>()[0]).toMatchObject({ feed: 'club', status: 'not-modified' });
    // (without --quiet, as before: the words on stderr, the data in a pipe)
    writeFileSync(file, icsFeed(['Quiet one']));
    r = await run(['feeds', 'run', '--force']);
    expect(r.stderr).toContain('feed club: 0 created, 0 updated, 2 trashed');
    expect(r.json<unknown[]>()).toHaveLength(1);

    // (a source that was there when the feed was added, and is no longer)
    const gone = join(home, 'missing.ics');
    writeFileSync(gone, icsFeed(['Soon gone']));
    expect((await run(['feeds', 'add', 'gone', gone])).code).toBe(0);
    rmSync(gone);
    r = await run(['feeds', 'run', '--quiet']);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/feed gone failed: .*missing\.ics/);
    expect(r.stderr).toContain('1 of 2 feed(s) failed (gone)');
    expect(r.stderr).not.toContain('feed club');
  });
});

describe('import --quiet and export --quiet', { timeout: 60_000 }, () => {
  it('print 0 bytes on success; rejected rows and failures still go to stderr', async () => {
    const home = tempHome();
    const run = (args: string[]) => runCli(args, { home, timeoutMs: 30_000 });
    const csv = join(home, 'events.csv');
    writeFileSync(
      csv,
      `title,start_date,end_date,Mood\nTalk,${nextYear}-03-01 18:00,${nextYear}-03-01 19:00,calm\nFair,${nextYear}-03-02 10:00,${nextYear}-03-02 16:00,busy\n`,
    );
    // (an unknown column is a warning: it stays on stderr even with --quiet, the data went in without it)
    let r = await run(['import', 'events', csv, '--quiet', '--map', 'Mood=']);
    silent(r);
    r = await run(['import', 'events', csv, '-q', '-o', 'json', '--map', 'Mood=']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.json()).toMatchObject({ rows: 2, unchanged: 2 });
    r = await run(['import', 'events', csv, '-q']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/warning: ignoring unknown column "Mood"/);

    const bad = join(home, 'bad.csv');
    writeFileSync(bad, `title,start_date\nNo date,\nGood,${nextYear}-04-01 10:00\n`);
    r = await run(['import', 'events', bad, '--quiet']);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('rejected: line 2');
    expect(r.stderr).toContain('1 of 2 rows was rejected');
    r = await run(['import', 'events', join(home, 'nowhere.csv'), '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no such file');

    const out = join(home, 'out.csv');
    silent(await run(['export', 'events', '--file', out, '--quiet']));
    r = await run(['export', 'events', '--file', out]);
    expect(r.stderr).toContain('exported 3 events to');
    r = await run(['export', 'events', '-q', '-o', 'ndjson']);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim().split('\n')).toHaveLength(3);
    r = await run(['export', 'events', '--file', join(home, 'no', 'such', 'dir', 'x.csv'), '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--file');
  });
});

describe('sync --quiet', { timeout: 120_000 }, () => {
  let site: ServeProcess;
  let env: Record<string, string>;
  beforeAll(async () => {
    site = await spawnServe({ dataDir: mkdtempSync(join(tmpdir(), 'calctl-quiet-site-')) });
    env = { CALCTL_URL: site.baseUrl, CALCTL_USER: 'admin', CALCTL_PASSWORD: SERVE_PASSWORD };
  }, 60_000);
  afterAll(async () => {
    await stopAllServes();
  });

  it('pull, push and sync print 0 bytes on success; a conflict is printed, exit 3', async () => {
    const home = tempHome();
    const run = (args: string[]) => runCli(args, { home, env, timeoutMs: 60_000 });
    const create = await run([
      'events',
      'create',
      '--title',
      'On the site',
      '--start-date',
      `${nextYear}-05-01T18:00`,
      '--duration',
      '1h',
      '-o',
      'json',
    ]);
    const id = String(create.json<{ id: number }>().id);
    silent(await run(['sync', 'pull', '--quiet']));
    let r = await run(['sync', 'pull', '-q', '-o', 'json']);
    expect(r.stderr).toBe('');
    expect(r.json()).toMatchObject({ pulled: { created: 0, updated: 0, deleted: 0 } });

    expect((await run(['--offline', 'events', 'update', id, '--title', 'Offline title'])).code).toBe(0);
    expect(
      (
        await run([
          '--offline',
          'events',
          'create',
          '--title',
          'Made offline',
          '--start-date',
          `${nextYear}-05-02T18:00`,
          '--duration',
          '1h',
        ])
      ).code,
    ).toBe(0);

    // (the plan of a push as JSON when asked, as data: its writes and their counts)
    r = await run(['sync', 'push', '--dry-run', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const plan = r.json<{ dry_run: boolean; writes: Record<string, unknown>[]; pushed: unknown }>();
    expect(plan.dry_run).toBe(true);
    expect(plan.writes).toEqual(
      expect.arrayContaining([
        { action: 'update', resource: 'events', id: Number(id) },
        expect.objectContaining({ action: 'create', resource: 'events', title: 'Made offline' }),
      ]),
    );
    expect(plan.pushed).toEqual({ created: 1, updated: 1, deleted: 0 });
    // (in words on a terminal, or when asked for a table)
    r = await run(['sync', 'push', '--dry-run', '-o', 'table']);
    expect(r.stdout).toContain(`update event ${id}`);
    expect(r.stdout).toContain('create event 1000000000: Made offline');

    silent(await run(['sync', 'push', '--quiet']));
    silent(await run(['sync', '--quiet']));

    // A conflict: both sides change the record. Quiet still says what was left, and exits 3.
    expect((await run(['--offline', 'events', 'update', id, '--title', 'Copy says'])).code).toBe(0);
    expect((await run(['events', 'update', id, '--title', 'Site says'])).code).toBe(0);
    r = await run(['sync', '--quiet']);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`conflict: events ${id} (update/update)`);
    expect(r.stderr).toContain('left as they are');
    expect(r.stderr).not.toContain('pulled from');
    silent(await run(['sync', 'resolve', id, '--take', 'site', '--quiet']));

    // A site that does not answer: the failure, exit 1.
    r = await runCli(['sync', 'pull', '--quiet'], {
      home: tempHome(),
      env: { ...env, CALCTL_URL: 'http://127.0.0.1:1/wp-json/tribe/events/v1' },
      timeoutMs: 60_000,
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^calctl: /);
  });
});
