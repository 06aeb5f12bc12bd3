/**
 * The iCalendar writer on records as the site returns them, read back with node-ical (a parser
 * calctl does not use): GEO, ORGANIZER, STATUS, a fixed-offset zone, HTML descriptions as text,
 * escaping, 75-octet folding of multi-byte text and CRLF; and the TZIDs the reader understands.
 */
import ical from 'node-ical';
import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../src/ics/html.js';
import { eventUid, parseEventUid } from '../../src/ics/uid.js';
import { writeIcs } from '../../src/ics/writer.js';
import { labelOffsetZone, readTzid } from '../../src/ics/zones.js';

const record = {
  id: 42,
  url: 'https://events.example.org/event/jazz/',
  title: 'Jazz &amp; blues, night; ünïcode ünïcode ünïcode ünïcode ünïcode ünïcode ünïcode',
  description: '<p>Doors at <b>7</b>.</p>\n<p>Line two,<br />line three</p>',
  start_date: '2026-12-05 19:00:00',
  end_date: '2026-12-05 21:00:00',
  utc_start_date: '2026-12-05 18:00:00',
  utc_end_date: '2026-12-05 20:00:00',
  timezone: 'Europe/Paris',
  all_day: false,
  status: 'draft',
  modified_utc: '2026-11-20 10:00:00',
  venue: { venue: 'Blue Room', address: '1 Main St', city: 'Lyon', zip: '69001', geo_lat: '45.76', geo_lng: '4.83' },
  organizer: [{ organizer: 'No Mail' }, { organizer: 'Jazz Club', email: 'club@example.org' }],
  categories: [{ name: 'Music' }, { name: 'Rock &amp; Roll' }],
};
const offset = {
  id: 43,
  url: 'https://events.example.org/event/offset/',
  title: 'Offset zone',
  start_date: '2026-12-05 10:00:00',
  end_date: '2026-12-05 11:00:00',
  utc_start_date: '2026-12-05 04:30:00',
  utc_end_date: '2026-12-05 05:30:00',
  timezone: 'UTC+5:30',
};
const opts = {
  siteZone: 'Europe/Paris',
  host: 'example.org',
  version: '9.9.9',
  stamp: new Date('2026-11-25T00:00:00Z'),
};

describe('writeIcs', () => {
  const { text, skipped } = writeIcs([record, offset, { id: 44, title: 'no dates' }], opts);
  const events = Object.values(ical.sync.parseICS(text)).filter((c) => c?.type === 'VEVENT') as ical.VEvent[];
  const [jazz, off] = events;

  it('writes CRLF lines of at most 75 octets, escaped, and leaves out records without dates', () => {
    expect(skipped).toBe(1);
    expect(events).toHaveLength(2);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(text.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(text).toMatch(/SUMMARY:Jazz & blues\\, night\\; ün/);
    expect(text).toContain('PRODID:-//calctl//calctl 9.9.9//EN');
    expect(text).toContain('X-WR-TIMEZONE:Europe/Paris');
  });

  it('is read back with every field', () => {
    expect(jazz?.uid).toBe('42-1796497200-1796504400@events.example.org');
    expect(String(jazz?.summary)).toBe('Jazz & blues, night; ünïcode ünïcode ünïcode ünïcode ünïcode ünïcode ünïcode');
    expect(String(jazz?.description)).toBe('Doors at 7.\n\nLine two,\nline three');
    expect(jazz?.start.toISOString()).toBe('2026-12-05T18:00:00.000Z');
    expect(jazz?.start.tz).toBe('Europe/Paris');
    expect(String(jazz?.location)).toBe('Blue Room, 1 Main St, Lyon, 69001');
    expect(jazz?.geo).toEqual({ lat: 45.76, lon: 4.83 });
    expect(jazz?.organizer).toMatchObject({ params: { CN: 'Jazz Club' }, val: 'mailto:club@example.org' });
    expect(jazz?.categories).toEqual(['Music', 'Rock & Roll']);
    expect(jazz?.status).toBe('TENTATIVE');
    expect(JSON.stringify(jazz?.url)).toContain('https://events.example.org/event/jazz/');
    expect(jazz?.lastmodified?.toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(jazz?.dtstamp.toISOString()).toBe('2026-11-25T00:00:00.000Z');
    // a zone without a VTIMEZONE (a fixed offset) is written as UTC
    expect(off?.start.toISOString()).toBe('2026-12-05T04:30:00.000Z');
    expect(text).toMatch(/DTSTART:20261205T043000Z/);
  });
});

describe('UIDs, text and zones', () => {
  it('gives the UID of the site feed and reads it back', () => {
    const uid = eventUid(
      {
        id: 11,
        url: 'http://127.0.0.1:8080/event/x/',
        start_date: '2026-12-10 22:00:00',
        end_date: '2026-12-10 23:00:00',
      },
      'x',
    );
    expect(uid).toBe('11-1796940000-1796943600@127.0.0.1');
    expect(parseEventUid(uid ?? '')).toEqual({ id: 11, start: 1796940000, end: 1796943600, host: '127.0.0.1' });
    expect(parseEventUid('abc@google.com')).toBeUndefined();
  });

  it('turns HTML into text', () => {
    expect(htmlToText('<ul><li>one</li><li>two &amp; three</li></ul>')).toBe('- one\n\n- two & three');
  });

  it('reads IANA, Windows and label TZIDs', () => {
    expect(readTzid('Europe/Berlin')).toEqual({ kind: 'zone', zone: 'Europe/Berlin' });
    expect(readTzid('"W. Europe Standard Time"')).toEqual({ kind: 'zone', zone: 'Europe/Berlin' });
    expect(readTzid('Eastern Standard Time')).toEqual({ kind: 'zone', zone: 'America/New_York' });
    expect(readTzid('/Europe/Paris')).toEqual({ kind: 'zone', zone: 'Europe/Paris' });
    expect(readTzid('Customized Time Zone')).toEqual({ kind: 'unknown', tzid: 'Customized Time Zone' });
    expect(labelOffsetZone('(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi')).toBe('UTC+5:30');
    expect(labelOffsetZone('(UTC-03:00) Brasilia')).toBe('UTC-3:00');
  });
});
