/**
 * The iCalendar reader's rows: a moved occurrence (RECURRENCE-ID, even before its series in the
 * file), RDATE, a cancelled occurrence, a DURATION instead of DTEND, an Outlook label zone without a
 * VTIMEZONE, and the notes it gives.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { icsNotes, openIcsSource } from '../../src/ics/reader.js';

const FILE = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//t//t//EN',
  'BEGIN:VEVENT',
  'UID:ser1',
  'RECURRENCE-ID;TZID=Europe/Paris:20301014T090000',
  'DTSTAMP:20300101T000000Z',
  'DTSTART;TZID=Europe/Paris:20301014T110000',
  'DTEND;TZID=Europe/Paris:20301014T120000',
  'SUMMARY:Standup (moved)',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:ser1',
  'DTSTAMP:20300101T000000Z',
  'DTSTART;TZID=Europe/Paris:20301007T090000',
  'DURATION:PT30M',
  'RRULE:FREQ=WEEKLY;COUNT=3',
  'RDATE;TZID=Europe/Paris:20301105T150000',
  'SUMMARY:Standup',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:ser1',
  'RECURRENCE-ID;TZID=Europe/Paris:20301021T090000',
  'DTSTAMP:20300101T000000Z',
  'DTSTART;TZID=Europe/Paris:20301021T090000',
  'DTEND;TZID=Europe/Paris:20301021T093000',
  'STATUS:CANCELLED',
  'SUMMARY:Standup',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:label',
  'DTSTAMP:20300101T000000Z',
  'DTSTART;TZID="(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi":20301201T100000',
  'DTEND;TZID="(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi":20301201T110000',
  'SUMMARY:Call with Mumbai',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

describe('openIcsSource', () => {
  it('expands a series with its moved, added and cancelled occurrences, in time order', async () => {
    const source = await openIcsSource(Readable.from([FILE]), {
      siteZone: 'Europe/Paris',
      until: new Date('2031-01-01T00:00:00Z'),
    });
    const rows = [];
    for await (const r of source.rows) rows.push(Object.fromEntries(r.cells));
    expect(rows.map((r) => `${r.start_date} ${r.end_date} ${r.title}`)).toEqual([
      '2030-10-07 09:00:00 2030-10-07 09:30:00 Standup',
      '2030-10-14 11:00:00 2030-10-14 12:00:00 Standup (moved)',
      '2030-11-05 15:00:00 2030-11-05 15:30:00 Standup',
      // 10:00 in India is 05:30 in Paris in December
      '2030-12-01 05:30:00 2030-12-01 06:30:00 Call with Mumbai',
    ]);
    expect(icsNotes(source.stats, '2030-12-31')).toEqual([
      '1 recurring event became 3 events (occurrences up to 2030-12-31; --until to change)',
      '1 cancelled event or occurrence was left out',
      'time zone "(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi" read as UTC+5:30; times written in Europe/Paris',
    ]);
  });

  it('leaves out the occurrences after --until', async () => {
    const source = await openIcsSource(Readable.from([FILE]), {
      siteZone: 'Europe/Paris',
      until: new Date('2030-10-10T00:00:00Z'),
    });
    const titles = [];
    for await (const r of source.rows) titles.push(r.cells.get('start_date'));
    expect(titles).toEqual(['2030-10-07 09:00:00', '2030-12-01 05:30:00']);
  });
});
