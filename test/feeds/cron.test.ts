/**
 * The crontab line `calctl feeds cron` prints runs under cron's own environment (issue 39): `env -i
 * PATH=/usr/bin:/bin`, through sh, from `/`, as cron runs a job. A successful run prints 0 bytes (cron
 * mails nothing); a run with a failing feed prints the failure and exits 3. A file feed on the built-in
 * local calendar, so no server is needed.
 */
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../helpers/cli.js';

/** Runs a command as cron does: sh -c, an empty environment but cron's PATH, from `/`. */
function asCron(command: string): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    // (spawned: the point is the process's own environment, and the built launcher it names)
    execFile(
      '/usr/bin/env',
      ['-i', 'PATH=/usr/bin:/bin', '/bin/sh', '-c', command],
      { cwd: '/', timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? ((err as { code?: number }).code ?? 1) : 0;
        done({ code: typeof code === 'number' ? code : 1, out: stdout + stderr });
      },
    );
  });
}

const nextYear = new Date().getUTCFullYear() + 1;
const feed = (titles: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//calctl//cron//EN',
    ...titles.flatMap((title, i) => [
      'BEGIN:VEVENT',
      `UID:cron-${i}@example.org`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${nextYear}0${i + 1}15T180000Z`,
      `DTEND:${nextYear}0${i + 1}15T190000Z`,
      `SUMMARY:${title}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

describe('feeds cron', { timeout: 120_000 }, () => {
  it("prints a line that runs under cron's environment: silent on success, the failure otherwise", async () => {
    const home = tempHome();
    const run = (args: string[]) => runCli(args, { home, timeoutMs: 30_000 });
    const file = join(home, 'club.ics');
    writeFileSync(file, feed(['Cron one', 'Cron two']));
    expect((await run(['feeds', 'add', 'club', file, '--until', '+2y'])).code).toBe(0);

    const printed = await run(['feeds', 'cron', '--every', '15m']);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toMatch(/^\*\/15 \* \* \* \* HOME=\S+ .*\/bin\/calctl\.cjs feeds run --quiet\n$/);
    const asked = await run(['feeds', 'cron', '-o', 'json']);
    const { schedule, command, line } = asked.json<{ schedule: string; command: string; line: string }>();
    expect(schedule).toBe('*/30 * * * *');
    expect(line).toBe(`${schedule} ${command}`);
    // (what the docs once said fails there: calctl is not on cron's PATH)
    expect((await asCron('calctl feeds run --quiet')).code).toBe(127);

    let r = await asCron(command);
    expect(r, r.out).toEqual({ code: 0, out: '' });
    const events = await run(['events', 'list', '--start-date', `${nextYear}-01-01`, '-o', 'json']);
    expect(events.json<{ title: string }[]>().map((e) => e.title)).toEqual(['Cron one', 'Cron two']);
    writeFileSync(file, feed(['Cron one', 'Cron two', 'Cron three']));
    r = await asCron(command);
    expect(r, r.out).toEqual({ code: 0, out: '' });

    // (a source that was there when the feed was added, and is gone)
    const gone = join(home, 'gone.ics');
    writeFileSync(gone, feed(['Soon gone']));
    expect((await run(['feeds', 'add', 'gone', gone])).code).toBe(0);
    rmSync(gone);
    r = await asCron(command);
    expect(r.code).toBe(3);
    expect(r.out).toMatch(/feed gone failed: .*gone\.ics/);
    expect(r.out).not.toContain('feed club');
  });

  it('names the site by its profile, never by credentials; refuses a feed it does not know', async () => {
    const home = tempHome();
    const run = (args: string[], env: Record<string, string> = {}) => runCli(args, { home, env, timeoutMs: 30_000 });
    let r = await run(['feeds', 'cron', 'nope']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no feed named "nope"');
    r = await run(['feeds', 'cron'], { CALCTL_URL: 'https://example.org', CALCTL_USER: 'u', CALCTL_PASSWORD: 'p' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('names its site by a profile');
    r = await run(['feeds', 'cron', '--every', '45m']);
    expect(r.code).toBe(2);
    expect((await run(['feeds', 'cron', '--every', '1d'])).stdout).toMatch(/^0 0 \* \* \* /);
    expect((await run(['feeds', 'cron', '--every', '6h'])).stdout).toMatch(/^0 \*\/6 \* \* \* /);
  });
});
