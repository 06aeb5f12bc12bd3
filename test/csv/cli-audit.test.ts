/**
 * The built CLI against a real `calctl serve` (127.0.0.1, port 0): what a new user meets first —
 * malformed files, unwritable paths, rejection reasons, date-only ends, the export window, Ctrl-C
 * with -o json, and wording. Needs `npm run build`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Loose, type ServedSite, serveAvailable, serveSite, stopAllServes } from './helpers.js';

let site: ServedSite;
beforeEach(async () => {
  if (serveAvailable()) site = await serveSite();
});
afterEach(async () => {
  await site?.close();
  await stopAllServes();
});

const rows = (n: number, from = 0) =>
  Array.from(
    { length: n },
    (_, i) => `Row ${from + i},2026-05-${String(((from + i) % 28) + 1).padStart(2, '0')} 10:00`,
  );
const csv = (lines: string[]) => `${['title,start_date', ...lines].join('\n')}\n`;
const titles = async () => (await site.events()).map((e: Loose) => e.title as string).sort();
/** A clean stop: no Node crash output. */
const noCrash = (stderr: string) => {
  expect(stderr).not.toMatch(/Unhandled|node:internal|\n\s+at /);
};

describe.skipIf(!serveAvailable())('calctl import/export for a new user', () => {
  it('an unclosed quote is reported at its line, and every row above it is imported', async () => {
    const small = await site.file('small.csv', csv([...rows(3), '"Stray,2026-05-10 10:00', ...rows(2, 10)]));
    const res = await site.run(['import', 'events', small]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/line 5: a quoted value is never closed/);
    // What was done before the stop is summed up first.
    expect(res.stderr).toMatch(/created 3\b[\s\S]*line 5:/);
    noCrash(res.stderr);
    expect(await titles()).toEqual(['Row 0', 'Row 1', 'Row 2']);

    // Rows of ~300 bytes, the stray quote on line 302, past the reader's first 64 KiB chunk: the 300
    // rows above it are imported.
    const lines = rows(400, 100).map((line) => line.replace(/^(Row \d+)/, `$1 ${'x'.repeat(270)}`));
    lines[300] = `"${lines[300]}`;
    const big = await site.file('big.csv', csv(lines));
    expect(csv(lines.slice(0, 300)).length).toBeGreaterThan(64 * 1024);
    const again = await site.run(['import', 'events', big, '-o', 'json']);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/line 302: a quoted value is never closed/);
    expect(await site.eventCount()).toBe(3 + 300);
    // -o json: a cron job still gets the counts of what was done before the stop, on stdout.
    expect(JSON.parse(again.stdout)).toMatchObject({ created: 300, updated: 0, unchanged: 0, rejected: 0, rows: 300 });
  }, 60_000);

  it('a ragged row is rejected and the rows around it imported (exit 3); invalid UTF-8 stops at its line', async () => {
    const ragged = await site.file('ragged.csv', csv([...rows(2), 'Bad,2026-05-01 10:00,extra', ...rows(1, 5)]));
    const r = await site.run(['import', 'events', ragged]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/line 4: .*ragged row/);
    expect(r.stderr).toMatch(/created 3, updated 0, unchanged 0, rejected 1/);
    const latin1 = await site.file(
      'latin1.csv',
      Buffer.from(`${csv(rows(2, 20))}Caf\xe9,2026-05-01 10:00\nAfter,2026-05-01 10:00\n`, 'latin1'),
    );
    // (said to be UTF-8: a file whose start is not would be read as Windows-1252, encodings.test.ts)
    const u = await site.run(['import', 'events', latin1, '--encoding', 'utf-8']);
    expect(u.code).toBe(2);
    expect(u.stderr).toMatch(/line 4: invalid UTF-8/);
    expect(await titles()).toEqual(['Row 0', 'Row 1', 'Row 20', 'Row 21', 'Row 5']);
  });

  it('--rejects in a folder that does not exist stops before any row is sent (exit 2)', async () => {
    const path = await site.file('good.csv', csv(rows(3)));
    const res = await site.run(['import', 'events', path, '--rejects', '/nonexistent/r.csv']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(
      /--rejects \/nonexistent\/r\.csv: cannot write there: the folder \/nonexistent does not exist/,
    );
    expect(res.stderr).toMatch(/hint: create the folder/);
    noCrash(res.stderr);
    expect(await site.eventCount()).toBe(0);
    // The input itself is never a rejects file.
    const same = await site.run(['import', 'events', path, '--rejects', 'good.csv']);
    expect(same.code).toBe(2);
    expect(same.stderr).toMatch(/is the input file/);
    expect(await site.eventCount()).toBe(0);
  });

  it('export --file in a folder that does not exist fails before any request, without a success line', async () => {
    await site.run(['import', 'events', await site.file('good.csv', csv(rows(2)))]);
    const res = await site.run(['export', 'events', '--file', '/nonexistent/x.csv', '--verbose']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(
      /--file \/nonexistent\/x\.csv: cannot write there: the folder \/nonexistent does not exist/,
    );
    expect(res.stderr).not.toMatch(/exported/);
    expect(res.stderr).not.toMatch(/GET /);
    noCrash(res.stderr);
    const ok = await site.run(['export', 'events', '--file', 'x.csv']);
    expect(ok.code).toBe(0);
    expect(ok.stderr).toMatch(/exported 2 events to x\.csv/);
  });

  it('prints why rows were rejected on stderr, capped, and keeps stdout to the JSON summary', async () => {
    const bad = (n: number) => Array.from({ length: n }, (_, i) => `Bad ${i},not a date ${i}`);
    const path = await site.file('two.csv', csv([...rows(1), ...bad(1)]));
    const res = await site.run(['import', 'events', path, '-o', 'json']);
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/rejected: line 3, column "start_date": cannot read "not a date 0" as a date/);
    expect(JSON.parse(res.stdout)).toMatchObject({ created: 1, rejected: 1, rows: 2 });
    expect(res.stdout.trim().split('\n')).toHaveLength(1);
    // --fail-fast says why it stopped.
    const ff = await site.run(['import', 'events', path, '--fail-fast']);
    expect(ff.code).toBe(3);
    expect(ff.stderr).toMatch(/rejected: line 3, column "start_date"/);
    // Many: the first 20 (in line order), then a count.
    const many = await site.file('many.csv', csv(bad(25)));
    const m = await site.run(['import', 'events', many]);
    expect(m.code).toBe(3);
    const reasons = m.stderr.split('\n').filter((l) => l.startsWith('calctl: rejected: '));
    expect(reasons).toHaveLength(20);
    expect(reasons[0]).toMatch(/line 2,/);
    expect(reasons[19]).toMatch(/line 21,/);
    expect(m.stderr).toMatch(/… and 5 more rejected rows \(use --rejects FILE to collect them all\)/);
    const withFile = await site.run(['import', 'events', many, '--rejects', 'rej.csv']);
    expect(withFile.stderr).toMatch(/… and 5 more rejected rows \(all in rej\.csv\)/);
  });

  it('a date-only end means the end of that day, as --end-date does', async () => {
    const ours = await site.file(
      'ours.csv',
      'title,start_date,end_date\nOurs,2026-12-22 10:00,2026-12-22\nNext day,2026-12-22 10:00,2026-12-23\n',
    );
    expect((await site.run(['import', 'events', ours])).code).toBe(0);
    const labels = await site.file(
      'site.csv',
      'Event Name,Event Start Date,Event Start Time,Event End Date,Event End Time\n' +
        'Labels,12/24/2026,18:00,12/24/2026,\nTimed,12/25/2026,18:00,12/25/2026,20:30\n',
    );
    expect((await site.run(['import', 'events', labels])).code).toBe(0);
    const flag = await site.run([
      'events',
      'create',
      '--title',
      'Flag',
      '--start-date',
      '2026-12-26 10:00',
      '--end-date',
      '2026-12-26',
    ]);
    expect(flag.code, flag.stderr).toBe(0);
    const ends = Object.fromEntries((await site.events()).map((e: Loose) => [e.title, e.end_date]));
    expect(ends).toEqual({
      Ours: '2026-12-22 23:59:59',
      'Next day': '2026-12-23 23:59:59',
      Labels: '2026-12-24 23:59:59',
      Timed: '2026-12-25 20:30:00',
      Flag: '2026-12-26 23:59:59',
    });
  });

  it('export help describes the window export asks for, and --start-date alone has no two-year cut', async () => {
    const help = await site.run(['export', 'events', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).not.toMatch(/\(default: yesterday\)|\(default: two years ahead\)/);
    expect(help.stdout).toMatch(/export asks from 1900-01-01/);
    expect(help.stdout).toMatch(/export asks up to 2100-12-31/);
    const path = await site.file('far.csv', 'title,start_date\nSoon,2026-06-01 10:00\nFar,2045-06-01 10:00\n');
    expect((await site.run(['import', 'events', path])).code).toBe(0);
    const res = await site.run(['export', 'events', '--start-date', '2020-01-01', '-o', 'json']);
    expect(JSON.parse(res.stdout).map((e: Loose) => e.title)).toEqual(['Soon', 'Far']);
    const until = await site.run(['export', 'events', '--end-date', '2030-01-01', '-o', 'json']);
    expect(JSON.parse(until.stdout).map((e: Loose) => e.title)).toEqual(['Soon']);
  });

  it('export --concurrency: several pages on their way give the same file as one at a time; 0 is refused', async () => {
    const path = await site.file('many.csv', csv(rows(130)));
    expect((await site.run(['import', 'events', path, '-o', 'json'])).code).toBe(0);
    const one = await site.run(['export', 'events', '--concurrency', '1']);
    const four = await site.run(['export', 'events', '--concurrency', '4']);
    const byDefault = await site.run(['export', 'events']);
    expect(one.code).toBe(0);
    expect(one.stdout.trimEnd().split('\n')).toHaveLength(131);
    expect(four.stdout).toBe(one.stdout);
    expect(byDefault.stdout).toBe(one.stdout);
    const bad = await site.run(['export', 'events', '--concurrency', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--concurrency.*whole number from 1 to 64/);
    expect(bad.stdout).toBe('');
  }, 60_000);

  it('Ctrl-C with -o json: the summary so far on stdout, exit 130, the resume hint on stderr', async () => {
    const path = await site.file('long.csv', csv(rows(3000)));
    const run = site.start(['import', 'events', path, '-o', 'json', '--concurrency', '1']);
    let stored = 0;
    for (let i = 0; i < 500 && stored < 20; i++) {
      await new Promise((r) => setTimeout(r, 20));
      stored = await site.eventCount();
    }
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(130);
    const summary = JSON.parse(run.stdout());
    expect(Object.keys(summary).sort()).toEqual([
      'blank',
      'created',
      'rejected',
      'rows',
      'seconds',
      'unchanged',
      'updated',
    ]);
    expect(summary.created).toBeGreaterThanOrEqual(20);
    expect(summary.created).toBeLessThan(3000);
    expect(summary.rows).toBe(summary.created);
    // (plus at most the one create in flight, whose answer the interruption cut: --resume looks it up)
    expect((await site.eventCount()) - summary.created).toBeGreaterThanOrEqual(0);
    expect((await site.eventCount()) - summary.created).toBeLessThanOrEqual(1);
    expect(run.stderr()).toMatch(/--resume/);
    expect(run.stdout()).not.toMatch(/resume/);
  }, 60_000);

  it('says "1 row" and shows the --concurrency default once', async () => {
    const res = await site.run(['import', 'events', await site.file('one.csv', csv(rows(1)))]);
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(/— 1 row in /);
    const help = await site.run(['import', 'events', '--help']);
    const concurrency = help.stdout.slice(help.stdout.indexOf('--concurrency'), help.stdout.indexOf('--resume'));
    expect(concurrency.match(/default/g)).toHaveLength(1);
    expect(concurrency).toMatch(/\(default: 8\)/);
  });
});
