/**
 * The iCalendar round trip on the built-in local calendar: export → import into an empty calendar →
 * export gives the same file, DTSTAMP (the time of the export) and LAST-MODIFIED (the time of the
 * import) aside. Both calendars are filled one row at a time in the file's order, so their records
 * get the same ids and the UIDs (`{id}-{start}-{end}@{host}`, as the site's feed writes them) agree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../helpers/cli.js';

const crlf = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

/** Events in start order, each with something to keep: zones, a venue, categories, a long text. */
const SOURCE = crlf([
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//test//round trip//EN',
  'BEGIN:VEVENT',
  'UID:one@test',
  'DTSTAMP:20300101T000000Z',
  'DTSTART;TZID=Europe/Paris:20300405T193000',
  'DTEND;TZID=Europe/Paris:20300405T223000',
  'SUMMARY:Jazz night\\, with friends\\; and more',
  'DESCRIPTION:First paragraph.\\n\\nSecond paragraph with ünïcode and a line long enough to be folded by the writer.',
  'LOCATION:Blue Room',
  'CATEGORIES:Music,Jazz',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:two@test',
  'DTSTAMP:20300101T000000Z',
  'DTSTART;VALUE=DATE:20300410',
  'DTEND;VALUE=DATE:20300413',
  'SUMMARY:Spring fair',
  'LOCATION:Town Hall',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:three@test',
  'DTSTAMP:20300101T000000Z',
  'DTSTART;TZID=America/New_York:20300501T090000',
  'DTEND;TZID=America/New_York:20300501T170000',
  'SUMMARY:Workshop — 日本語',
  'STATUS:TENTATIVE',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:four@test',
  'DTSTAMP:20300101T000000Z',
  'DTSTART:20300601T120000Z',
  'DTEND:20300601T130000Z',
  'SUMMARY:Lunch talk',
  'LOCATION:Blue Room',
  'END:VEVENT',
  'END:VCALENDAR',
]);

const withoutTimes = (text: string) => text.replace(/^(DTSTAMP|LAST-MODIFIED):.*\r\n/gm, '');

async function importInto(home: string, file: string): Promise<void> {
  const r = await runCli(['import', 'events', file, '--concurrency', '1', '--batch-size', '1', '-o', 'json'], {
    home,
  });
  expect(r.code, r.stderr).toBe(0);
  expect(r.json()).toMatchObject({ rejected: 0 });
}

async function exportFrom(home: string): Promise<string> {
  const r = await runCli(['export', 'events', '-o', 'ics'], { home });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

describe('iCalendar round trip', () => {
  it('export → import into an empty calendar → export gives the same file (DTSTAMP aside)', async () => {
    const first = tempHome();
    const source = join(first, 'source.ics');
    writeFileSync(source, SOURCE);
    await importInto(first, source);
    const exported = await exportFrom(first);
    expect(exported.match(/BEGIN:VEVENT/g)).toHaveLength(4);
    expect(exported).toContain('STATUS:TENTATIVE');
    expect(exported).toMatch(/DTSTART;VALUE=DATE:20300410\r\nDTEND;VALUE=DATE:20300413\r\n/);
    expect(exported).toMatch(/CATEGORIES:(Music,Jazz|Jazz,Music)\r\n/);

    const second = tempHome();
    const copy = join(second, 'copy.ics');
    writeFileSync(copy, exported);
    await importInto(second, copy);
    const again = await exportFrom(second);
    expect(withoutTimes(again)).toBe(withoutTimes(exported));
    // (and the file itself was what was exported: nothing dropped on the way)
    expect(readFileSync(copy, 'utf8')).toBe(exported);

    // Importing its own export again changes nothing.
    const rerun = await runCli(['import', 'events', copy, '-o', 'json'], { home: second });
    expect(rerun.json()).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
  });
});
