/**
 * iCalendar through the built CLI against a real embedded server whose site zone is Europe/Paris:
 * files in the styles of Google Calendar, Outlook and Apple Calendar imported (zones, recurring
 * events, all-day dates, escaped and folded text, non-ASCII, ignored alarms and attendees), the
 * import's machinery (idempotent re-run, --dry-run, --rejects), and the export read back by a
 * second, independent parser (node-ical).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { APPLE, GOOGLE, MIXED, OUTLOOK } from './files.js';

type Loose = Record<string, unknown>;
let server: TestServer;
let env: Record<string, string>;
const home = tempHome();
const dir = mkdtempSync(join(tmpdir(), 'calctl-ics-'));
const calctl = (args: string[]) => runCli(args, { env, home, timeoutMs: 60_000 });
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

async function events(search?: string): Promise<Loose[]> {
  const r = await calctl([
    'events',
    'list',
    '--all',
    '--start-date',
    '2030-01-01',
    '--end-date',
    '2031-12-31',
    ...(search ? ['--search', search] : []),
    '-o',
    'json',
  ]);
  expect(r.code, r.stderr).toBe(0);
  return r.json<Loose[]>();
}

const venueName = (e: Loose) => (e.venue as Loose | undefined)?.venue;
const categoryNames = (e: Loose) => ((e.categories as Loose[]) ?? []).map((c) => c.name);

beforeAll(async () => {
  server = await startApi({ timezone: 'Europe/Paris' });
  env = { CALCTL_URL: server.url, CALCTL_USER: server.user, CALCTL_PASSWORD: server.password };
});
afterAll(async () => server?.close());

describe('import events FILE.ics', () => {
  it('Google Calendar: UTC times, a weekly rule with an exception, an all-day span, escaped and folded text', async () => {
    const r = await calctl(['import', 'events', file('google.ics', GOOGLE), '--until', '2031-06-30', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ created: 7, rejected: 0, rows: 7 });
    expect(r.stderr).toMatch(/1 recurring event became 5 events/);

    const [concert] = await events('Café');
    // 18:00Z in December is 19:00 in Paris, the site's zone
    expect(concert).toMatchObject({
      title: 'Café concert, jazz; blues',
      start_date: '2030-12-03 19:00:00',
      end_date: '2030-12-03 21:00:00',
      timezone: 'Europe/Paris',
    });
    expect(String(concert?.description)).toContain(
      'Bring friends, family; everyone. This line is long enough that Google folds it',
    );
    expect(venueName(concert as Loose)).toBe('Salle Pleyel');

    const standups = await events('standup');
    // six Mondays from 7 October, less the 21st; the wall time stays 09:00 across the October DST change
    expect(standups.map((e) => e.start_date)).toEqual([
      '2030-10-07 09:00:00',
      '2030-10-14 09:00:00',
      '2030-10-28 09:00:00',
      '2030-11-04 09:00:00',
      '2030-11-11 09:00:00',
    ]);
    expect(new Set(standups.map((e) => e.utc_start_date))).toContain('2030-10-28 08:00:00');

    const [fest] = await events('festival');
    expect(fest).toMatchObject({ all_day: true, start_date: '2030-12-30 00:00:00', end_date: '2031-01-01 23:59:59' });
  });

  it('Outlook: a Windows zone name, the organizer; alarms and attendees ignored with one note', async () => {
    const r = await calctl(['import', 'events', file('outlook.ics', OUTLOOK)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/alarms \(VALARM\) and attendees are not imported/);
    const [review] = await events('Quarterly');
    expect(review).toMatchObject({
      start_date: '2030-11-15 09:00:00',
      end_date: '2030-11-15 10:30:00',
      timezone: 'America/Los_Angeles',
      utc_start_date: '2030-11-15 17:00:00',
    });
    expect(venueName(review as Loose)).toBe('Conference Room 4');
    expect(((review?.organizer as Loose[]) ?? []).map((o) => o.organizer)).toEqual(['Jane Doe']);
  });

  it('Apple Calendar: its VTIMEZONE, a multi-line location, categories, non-ASCII text', async () => {
    const r = await calctl(['import', 'events', file('apple.ics', APPLE)]);
    expect(r.code, r.stderr).toBe(0);
    const [night] = await events('night');
    expect(night).toMatchObject({
      title: 'Ünïcode night — 日本語',
      start_date: '2030-11-08 19:00:00',
      timezone: 'America/New_York',
      utc_start_date: '2030-11-09 00:00:00',
    });
    expect(venueName(night as Loose)).toBe('Blue Room');
    expect(categoryNames(night as Loose).sort()).toEqual(['Music', 'Night life']);
  });

  it('a second run changes nothing; --dry-run writes nothing; bad events go to --rejects', async () => {
    const again = await calctl(['import', 'events', join(dir, 'google.ics'), '--until', '2031-06-30', '-o', 'json']);
    expect(again.stderr).toMatch(/became 5 events \(occurrences up to 2031-06-30/);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 7 });

    const before = (await events()).length;
    const mixed = file('mixed.ics', MIXED);
    const rejects = join(dir, 'rejects.csv');
    const dry = await calctl(['import', 'events', mixed, '--dry-run', '-o', 'json']);
    // (the plan: one entry per row, the counts last)
    const planned = dry.json<Record<string, unknown>[]>();
    expect(planned.at(-1)).toMatchObject({ summary: { created: 1, rejected: 1 } });
    expect(planned.map((e) => e.action)).toEqual(expect.arrayContaining(['create', 'reject']));
    expect((await events()).length).toBe(before);

    const real = await calctl(['import', 'events', mixed, '--rejects', rejects, '-o', 'json']);
    expect(real.code).toBe(3);
    expect(real.json()).toMatchObject({ created: 1, rejected: 1 });
    expect(readFileSync(rejects, 'utf8')).toMatch(/Backwards.*is before the start/s);
    // a floating time is read in the site's zone
    expect((await events('Floating'))[0]).toMatchObject({
      start_date: '2030-12-01 10:00:00',
      timezone: 'Europe/Paris',
    });
  });

  it('--resume continues a stopped import where it stopped', async () => {
    const three = MIXED.replace(
      'END:VCALENDAR',
      'BEGIN:VEVENT\r\nUID:late@test\r\nDTSTAMP:20300101T000000Z\r\nDTSTART:20301202T100000Z\r\nDTEND:20301202T110000Z\r\nSUMMARY:Resumed later\r\nEND:VEVENT\r\nEND:VCALENDAR',
    );
    const path = file('resume.ics', three.replace(/Floating morning/, 'Floating again'));
    const stopped = await calctl([
      'import',
      'events',
      path,
      '--fail-fast',
      '--concurrency',
      '1',
      '--batch-size',
      '1',
      '-o',
      'json',
    ]);
    expect(stopped.code).toBe(3);
    expect(stopped.json()).toMatchObject({ created: 1, rejected: 1, rows: 2 });
    expect(await events('Resumed')).toHaveLength(0);
    const resumed = await calctl(['import', 'events', path, '--resume', '-o', 'json']);
    expect(resumed.json()).toMatchObject({ created: 2, rejected: 1 });
    expect(await events('Resumed')).toHaveLength(1);
    expect(await events('again')).toHaveLength(1);
  });

  it('stdin with --format ics; a file that is not iCalendar stops with exit 2', async () => {
    const stdin = await runCli(['import', 'events', '-', '--format', 'ics', '-o', 'json'], { env, home, input: APPLE });
    expect(stdin.json()).toMatchObject({ unchanged: 1 });
    const bad = await calctl(['import', 'events', file('bad.ics', 'hello\nworld\n')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/not a valid iCalendar file|not an iCalendar file/);
  });
});

describe('export events -o ics', () => {
  it('is read back by another parser as the same events', async () => {
    const out = join(dir, 'export.ics');
    const r = await calctl(['export', 'events', '-o', 'ics', '--file', out, '--start-date', '2030-01-01']);
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Europe\/Paris\r\n/);
    const parsed = Object.values(ical.sync.parseICS(text)).filter((c) => c?.type === 'VEVENT') as ical.VEvent[];
    const records = await events();
    expect(parsed).toHaveLength(records.length);
    for (const record of records) {
      const uid = `${record.id}-`;
      const ev = parsed.find((p) => p.uid.startsWith(uid));
      expect(ev, `event ${record.id}`).toBeDefined();
      if (!ev) continue;
      expect(String(ev.summary)).toBe(record.title);
      if (record.all_day) {
        expect(ev.datetype).toBe('date');
      } else {
        expect(ev.start.toISOString()).toBe(`${String(record.utc_start_date).replace(' ', 'T')}.000Z`);
        expect(ev.end?.toISOString()).toBe(`${String(record.utc_end_date).replace(' ', 'T')}.000Z`);
      }
      const venue = venueName(record);
      if (venue) expect(String(ev.location)).toContain(String(venue));
      expect((ev.categories ?? []).sort()).toEqual(categoryNames(record).sort());
    }
    const apple = parsed.find((p) => String(p.summary).startsWith('Ünïcode'));
    expect(apple?.start.tz).toBe('America/New_York');
  });

  it("writes a title as typed, as the site's own feed does, where the events route gives it texturized", async () => {
    const typed = `Bob's night -- "live"`;
    const made = await calctl([
      'events',
      'create',
      '--title',
      typed,
      '--start-date',
      '2030-06-01 20:00',
      '--end-date',
      '2030-06-01 23:00',
      '-o',
      'json',
    ]);
    expect(made.code, made.stderr).toBe(0);
    const shown = made.json<Loose>().title;
    // (what the events route gives: WordPress's curly quotes and dash)
    expect(shown).not.toBe(typed);
    const r = await calctl(['export', 'events', '-o', 'ics', '--start-date', '2030-06-01', '--end-date', '2030-06-02']);
    expect(r.code, r.stderr).toBe(0);
    const parsed = Object.values(ical.sync.parseICS(r.stdout)).filter((c) => c?.type === 'VEVENT') as ical.VEvent[];
    expect(parsed.map((p) => String(p.summary))).toContain(typed);
    // (and an import of that file finds the event: nothing is created twice)
    const again = await calctl(['import', 'events', file('typed.ics', r.stdout), '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.json()).toMatchObject({ created: 0, rejected: 0 });
  });
});
