/**
 * The text re-import scenario, run against `calctl serve` (test/e2e/text-reimport.test.ts) and a real
 * site (test/real-site/text-reimport.test.ts): files whose text a site rewrites as it stores it
 * (quotes, apostrophes, ampersands, ellipses, dashes) imported again and again through the built
 * CLI, behind a proxy that counts the writes the site receives. Every name carries the run's stamp.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CliResult, runCli, tempHome } from './cli.js';
import { type FaultProxy, startFaultProxy } from './proxy.js';

export interface Target {
  /** the site's origin (http://127.0.0.1:8080) */
  origin: string;
  user: string;
  password: string;
}

export interface Scenario {
  proxy: FaultProxy;
  stamp: string;
  dir: string;
  calctl(args: string[], input?: string): Promise<CliResult>;
  /** runs `fn` and answers how many writes (anything but GET/HEAD/OPTIONS) reached the site meanwhile */
  writesDuring(fn: () => Promise<CliResult>): Promise<{ result: CliResult; writes: string[] }>;
  /** a file in the scenario's directory */
  file(name: string, text: string): string;
  close(): Promise<void>;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The writes one forwarded request carries: itself, or the items of a batch. The import's batch
 * probe (a DELETE of record 0, which cannot exist, with all-or-nothing validation) changes nothing
 * and is not counted.
 */
function writesOf(r: { method: string; url: string; body: string }): string[] {
  if (READS.has(r.method)) return [];
  if (!r.url.includes('/batch/v1')) return [`${r.method} ${r.url}`];
  const items = (JSON.parse(r.body) as { requests?: { method?: string; path?: string }[] }).requests ?? [];
  return items
    .filter((i) => !READS.has(i.method ?? 'POST') && !(i.method === 'DELETE' && /\/0$/.test(i.path ?? '')))
    .map((i) => `${i.method ?? 'POST'} ${i.path}`);
}

export async function openScenario(target: Target, stamp: string): Promise<Scenario> {
  const proxy = await startFaultProxy({ target: target.origin, seed: 1, rates: {} });
  const home = tempHome();
  const dir = mkdtempSync(join(tmpdir(), 'calctl-text-'));
  // (the API base itself: discovery would find the site's own address and go around the proxy)
  const env = {
    CALCTL_URL: `${proxy.origin}/wp-json/tribe/events/v1`,
    CALCTL_USER: target.user,
    CALCTL_PASSWORD: target.password,
  };
  const calctl = (args: string[], input?: string) =>
    runCli(args, { env, home, timeoutMs: 180_000, ...(input !== undefined ? { input } : {}) });
  return {
    proxy,
    stamp,
    dir,
    calctl,
    async writesDuring(fn) {
      const from = proxy.forwarded.length;
      const result = await fn();
      const writes = proxy.forwarded.slice(from).flatMap(writesOf);
      return { result, writes };
    },
    file(name, text) {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    },
    close: () => proxy.close(),
  };
}

const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Rows of the CSV: titles and descriptions a site texturizes, venues and categories named likewise. */
export function eventRows(stamp: string): string[][] {
  return [
    [`Kids' Club ${stamp}`, `Kids' Club: "fun" & games... -- for all`, '2031-07-01 10:00', `Kids' Hall ${stamp}`],
    [`Wait for it... ${stamp}`, `It's "Big" -- really big...`, '2031-07-02 10:00', `Kids' Hall ${stamp}`],
    [
      `The "Big" Quiz ${stamp}`,
      `<p>Questions & answers</p>\n<p>'Tis fun</p>`,
      '2031-07-03 10:00',
      `R&D Centre ${stamp}`,
    ],
    [`Probe I -- dash ${stamp}`, 'a - b --- c, 3x4 boards', '2031-07-04 10:00', `R&D Centre ${stamp}`],
    [`Fish & Chips -- "Friday's" special... ${stamp}`, `Fish & chips, 'n' more`, '2031-07-05 10:00', ''],
  ];
}

/** The CSV of {@link eventRows}, with one description replaced when `changed` is given. */
export function eventsCsv(stamp: string, changed?: { row: number; description: string }): string {
  const lines = ['title,description,start_date,end_date,venue,categories'];
  eventRows(stamp).forEach(([title, description, start, venue], i) => {
    const text = changed?.row === i ? changed.description : (description as string);
    const end = (start as string).replace('10:00', '11:00');
    lines.push([title, text, start, end, venue, `Fun & Games ${stamp}`].map((c) => quote(c as string)).join(','));
  });
  return `${lines.join('\n')}\n`;
}

/** An iCalendar file with one weekly event (four occurrences) whose summary has an apostrophe. */
export function weeklyIcs(stamp: string): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//calctl tests//EN',
    'BEGIN:VEVENT',
    `UID:volunteers-${stamp}@calctl.test`,
    'DTSTAMP:20300101T000000Z',
    'DTSTART:20310804T180000Z',
    'DTEND:20310804T190000Z',
    'RRULE:FREQ=WEEKLY;COUNT=4',
    `SUMMARY:Volunteers' briefing -- "week" ${stamp}`,
    "DESCRIPTION:Bring your badge... & a friend's phone number",
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

type Loose = Record<string, unknown>;

/**
 * Registers the scenario's tests (inside the caller's `describe`): `scenario()` gives the opened
 * scenario once its `beforeAll` ran.
 */
export function textReimportTests(
  scenario: () => Scenario,
  expect: typeof import('vitest').expect,
  it: typeof import('vitest').it,
): void {
  const summaryOf = (r: CliResult) => {
    expect(r.code, r.stderr).toBe(0);
    return r.json<Loose>();
  };

  it('a CSV imported twice: created, then unchanged with no write; a real change is one update', async () => {
    const s = scenario();
    const csv = s.file('events.csv', eventsCsv(s.stamp));
    const first = await s.writesDuring(() => s.calctl(['import', 'events', csv, '-o', 'json']));
    expect(summaryOf(first.result)).toMatchObject({ created: 5, updated: 0, rejected: 0 });
    const again = await s.writesDuring(() => s.calctl(['import', 'events', csv, '-o', 'json']));
    expect(summaryOf(again.result)).toMatchObject({ created: 0, updated: 0, unchanged: 5, rejected: 0 });
    expect(again.writes).toEqual([]);
    const edited = s.file('edited.csv', eventsCsv(s.stamp, { row: 1, description: `It's "Bigger" now...` }));
    const changed = await s.writesDuring(() => s.calctl(['import', 'events', edited, '-o', 'json']));
    expect(summaryOf(changed.result)).toMatchObject({ created: 0, updated: 1, unchanged: 4, rejected: 0 });
    expect(changed.writes).toHaveLength(1);
    const quiet = await s.writesDuring(() => s.calctl(['import', 'events', edited, '-o', 'json']));
    expect(summaryOf(quiet.result)).toMatchObject({ updated: 0, unchanged: 5 });
    expect(quiet.writes).toEqual([]);
  }, 600_000);

  it('lists titles as text (`Kids’ Club`); --raw prints what the site sent', async () => {
    const s = scenario();
    // (the scenario's events: its stamp, in 2031)
    const list = (...extra: string[]) =>
      s.calctl([
        'events',
        'list',
        '--search',
        s.stamp,
        '--start-date',
        '2031-01-01',
        '--end-date',
        '2031-12-31',
        ...extra,
      ]);
    const listed = await list('-o', 'json');
    expect(listed.code, listed.stderr).toBe(0);
    const titles = listed.json<Loose[]>().map((e) => String(e.title));
    expect(titles).toContain(`Kids\u2019 Club ${s.stamp}`);
    expect(titles).toContain(`Fish & Chips \u2014 \u201cFriday\u2019s\u201d special\u2026 ${s.stamp}`);
    expect(titles.join(' ')).not.toContain('&#');
    const kids = listed.json<Loose[]>().find((e) => String(e.title).startsWith('Kids')) as Loose;
    expect((kids.venue as Loose).venue).toBe(`Kids\u2019 Hall ${s.stamp}`);
    expect(String(kids.description)).toContain('<p>');
    const raw = await list('--raw', '-o', 'json');
    expect(raw.json<Loose[]>().map((e) => String(e.title))).toContain(`Kids&#8217; Club ${s.stamp}`);
    const csv = await list('-o', 'csv');
    expect(csv.stdout).toContain(`Kids\u2019 Club ${s.stamp}`);
  }, 300_000);

  it('an export re-imported (CSV, JSON, NDJSON) changes nothing', async () => {
    const s = scenario();
    for (const format of ['csv', 'json', 'ndjson'] as const) {
      const exported = await s.calctl(['export', 'events', '--search', s.stamp, '-o', format]);
      expect(exported.code, exported.stderr).toBe(0);
      const path = s.file(`export.${format}`, exported.stdout);
      const back = await s.writesDuring(() => s.calctl(['import', 'events', path, '-o', 'json']));
      expect({ format, summary: summaryOf(back.result) }).toMatchObject({
        format,
        summary: { created: 0, updated: 0, unchanged: 5, rejected: 0 },
      });
      expect(back.writes).toEqual([]);
    }
  }, 600_000);

  it('an .ics with a weekly event imported twice: created 4, then unchanged 4 with no write', async () => {
    const s = scenario();
    const ics = s.file('weekly.ics', weeklyIcs(s.stamp));
    const args = ['import', 'events', ics, '--until', '2031-12-31', '-o', 'json'];
    const first = await s.writesDuring(() => s.calctl(args));
    expect(summaryOf(first.result)).toMatchObject({ created: 4, rejected: 0 });
    const again = await s.writesDuring(() => s.calctl(args));
    expect(summaryOf(again.result)).toMatchObject({ created: 0, updated: 0, unchanged: 4, rejected: 0 });
    expect(again.writes).toEqual([]);
  }, 600_000);
}
