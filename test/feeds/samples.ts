/**
 * iCalendar feeds in the shapes four publishers serve them, written for these tests (our own text,
 * made from a list of events so a test can move, rename, remove, cancel and add events between runs):
 * - Google Calendar's public address: UTC times, `X-WR-TIMEZONE`, a VTIMEZONE, `@google.com` UIDs,
 *   a DTSTAMP that is the time of the request (so two fetches never have the same bytes), SEQUENCE,
 *   escaped text, weekly rules with EXDATE and overridden occurrences (RECURRENCE-ID);
 * - Outlook (Exchange) published calendars: Windows zone names with their VTIMEZONE, long hex UIDs,
 *   `X-MICROSOFT-CDO-*`, CLASS and PRIORITY, no STATUS;
 * - Nextcloud: `-//IDN nextcloud.com//Calendar app//EN`, UUID UIDs, IANA TZIDs, CATEGORIES;
 * - the plugin's own `?ical=1` feed: `{post id}-{start}-{end}@{host}` UIDs (their times move with the
 *   event), ORGANIZER with a URL-encoded CN, LOCATION with the address, GEO, URL, CATEGORIES.
 * Lines end in CRLF and long lines are folded at 75 octets, as the publishers do.
 */

/** One event of a sample feed. Times are instants (UTC) unless `allDay`. */
export interface SampleEvent {
  uid: string;
  title: string;
  start: Date;
  end: Date;
  allDay?: boolean;
  location?: string;
  organizer?: { name: string; email: string };
  categories?: string[];
  description?: string;
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  /** e.g. `FREQ=WEEKLY;COUNT=4` */
  rrule?: string;
  exdates?: Date[];
  /** overridden occurrences: the original start, and what changes */
  overrides?: { recurrenceId: Date; start: Date; end: Date; title?: string; status?: 'CANCELLED' }[];
  /** the plugin's post id (its feed's UID form) */
  postId?: number;
}

/** Days from now at an hour (UTC), for events that stay in the future. */
export function inDays(days: number, hour = 18, minute = 0): Date {
  const d = new Date();
  d.setUTCHours(hour, minute, 0, 0);
  return new Date(d.getTime() + days * 86_400_000);
}

const pad = (n: number) => String(n).padStart(2, '0');
/** `20301203T180000Z` */
export const utc = (d: Date) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
const dateOnly = (d: Date) => `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
/** Wall time of an instant in an IANA zone: `20301203T190000` */
function wallIn(d: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

const escapeText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/,/g, '\\,').replace(/;/g, '\\;');

/** Folds a content line at 75 octets (continuation lines start with a space). */
function fold(line: string): string[] {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return [line];
  const out: string[] = [];
  let rest = line;
  let limit = 75;
  while (Buffer.byteLength(rest, 'utf8') > limit) {
    let cut = limit;
    while (Buffer.byteLength(rest.slice(0, cut), 'utf8') > limit) cut--;
    out.push(out.length === 0 ? rest.slice(0, cut) : ` ${rest.slice(0, cut)}`);
    rest = rest.slice(cut);
    limit = 74;
  }
  out.push(` ${rest}`);
  return out;
}

const crlf = (lines: string[]) => `${lines.flatMap(fold).join('\r\n')}\r\n`;

/** A VTIMEZONE of a zone without daylight saving (enough for the tests' fixed offsets). */
const fixedZone = (tzid: string, offset: string, name: string) => [
  'BEGIN:VTIMEZONE',
  `TZID:${tzid}`,
  'BEGIN:STANDARD',
  'DTSTART:16010101T000000',
  `TZOFFSETFROM:${offset}`,
  `TZOFFSETTO:${offset}`,
  `TZNAME:${name}`,
  'END:STANDARD',
  'END:VTIMEZONE',
];

function dates(e: SampleEvent, form: (d: Date) => string, param = ''): string[] {
  if (e.allDay) {
    return [`DTSTART;VALUE=DATE:${dateOnly(e.start)}`, `DTEND;VALUE=DATE:${dateOnly(e.end)}`];
  }
  return [`DTSTART${param}:${form(e.start)}`, `DTEND${param}:${form(e.end)}`];
}

function overrides(e: SampleEvent, head: (o: NonNullable<SampleEvent['overrides']>[number]) => string[]): string[] {
  return (e.overrides ?? []).flatMap((o) => [
    'BEGIN:VEVENT',
    ...head(o),
    `SUMMARY:${escapeText(o.title ?? e.title)}`,
    ...(o.status ? [`STATUS:${o.status}`] : []),
    'END:VEVENT',
  ]);
}

/** Google Calendar's public iCal address. `stamp` is the time of the request. */
export function googleFeed(events: readonly SampleEvent[], stamp = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Neighbourhood events',
    'X-WR-TIMEZONE:UTC',
    'X-WR-CALDESC:What is on around here',
    ...fixedZone('UTC', '+0000', 'UTC'),
  ];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      ...dates(e, utc),
      ...(e.rrule ? [`RRULE:${e.rrule}`] : []),
      ...(e.exdates ?? []).map((d) => `EXDATE:${utc(d)}`),
      `DTSTAMP:${utc(stamp)}`,
      `UID:${e.uid}@google.com`,
      'CREATED:20260101T120000Z',
      `DESCRIPTION:${escapeText(e.description ?? '')}`,
      'LAST-MODIFIED:20260102T120000Z',
      `LOCATION:${escapeText(e.location ?? '')}`,
      'SEQUENCE:0',
      `STATUS:${e.status ?? 'CONFIRMED'}`,
      `SUMMARY:${escapeText(e.title)}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
      ...overrides(e, (o) => [
        `DTSTART:${utc(o.start)}`,
        `DTEND:${utc(o.end)}`,
        `DTSTAMP:${utc(stamp)}`,
        `UID:${e.uid}@google.com`,
        `RECURRENCE-ID:${utc(o.recurrenceId)}`,
        'SEQUENCE:1',
      ]),
    );
  }
  lines.push('END:VCALENDAR');
  return crlf(lines);
}

/** An Outlook (Exchange) published calendar, in "W. Europe Standard Time" (Berlin, Paris …). */
export function outlookFeed(events: readonly SampleEvent[]): string {
  const tz = 'W. Europe Standard Time';
  const wall = (d: Date) => wallIn(d, 'Europe/Berlin');
  const lines = [
    'BEGIN:VCALENDAR',
    'METHOD:PUBLISH',
    'PRODID:Microsoft Exchange Server 2010',
    'VERSION:2.0',
    'X-WR-CALNAME:Calendar',
    'BEGIN:VTIMEZONE',
    `TZID:${tz}`,
    'BEGIN:STANDARD',
    'DTSTART:16010101T030000',
    'TZOFFSETFROM:+0200',
    'TZOFFSETTO:+0100',
    'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10',
    'END:STANDARD',
    'BEGIN:DAYLIGHT',
    'DTSTART:16010101T020000',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0200',
    'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3',
    'END:DAYLIGHT',
    'END:VTIMEZONE',
  ];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      ...(e.organizer ? [`ORGANIZER;CN=${e.organizer.name}:mailto:${e.organizer.email}`] : []),
      `DESCRIPTION;LANGUAGE=en-US:${escapeText(e.description ?? '')}`,
      ...(e.rrule ? [`RRULE:${e.rrule}`] : []),
      `UID:${e.uid}`,
      `SUMMARY;LANGUAGE=en-US:${escapeText(e.title)}`,
      ...dates(e, wall, `;TZID=${tz}`),
      'CLASS:PUBLIC',
      'PRIORITY:5',
      'DTSTAMP:20260301T101500Z',
      'TRANSP:OPAQUE',
      ...(e.status ? [`STATUS:${e.status}`] : []),
      'SEQUENCE:0',
      `LOCATION;LANGUAGE=en-US:${escapeText(e.location ?? '')}`,
      'X-MICROSOFT-CDO-APPT-SEQUENCE:0',
      'X-MICROSOFT-CDO-BUSYSTATUS:BUSY',
      'X-MICROSOFT-CDO-IMPORTANCE:1',
      'X-MICROSOFT-DISALLOW-COUNTER:FALSE',
      'END:VEVENT',
      ...overrides(e, (o) => [
        `UID:${e.uid}`,
        `RECURRENCE-ID;TZID=${tz}:${wall(o.recurrenceId)}`,
        `DTSTART;TZID=${tz}:${wall(o.start)}`,
        `DTEND;TZID=${tz}:${wall(o.end)}`,
        'DTSTAMP:20260301T101500Z',
      ]),
    );
  }
  lines.push('END:VCALENDAR');
  return crlf(lines);
}

/** A Nextcloud calendar's public link (`?export`), in Asia/Tokyo (no daylight saving: +09:00). */
export function nextcloudFeed(events: readonly SampleEvent[]): string {
  const tz = 'Asia/Tokyo';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'PRODID:-//IDN nextcloud.com//Calendar app 4.7.6//EN',
    'X-WR-CALNAME:Club (shared by alice)',
    'X-APPLE-CALENDAR-COLOR:#0082C9',
    ...fixedZone(tz, '+0900', 'JST'),
  ];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      'CREATED:20260110T090000Z',
      'DTSTAMP:20260110T090000Z',
      'LAST-MODIFIED:20260110T090000Z',
      'SEQUENCE:2',
      `UID:${e.uid}`,
      ...dates(e, (d) => wallIn(d, tz), `;TZID=${tz}`),
      ...(e.rrule ? [`RRULE:${e.rrule}`] : []),
      `STATUS:${e.status ?? 'CONFIRMED'}`,
      `SUMMARY:${escapeText(e.title)}`,
      ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
      ...(e.categories?.length ? [`CATEGORIES:${e.categories.map(escapeText).join(',')}`] : []),
      ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'TRIGGER;RELATED=START:-PT15M',
      'END:VALARM',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return crlf(lines);
}

/** The plugin's own feed (`/events/?ical=1`) of a site at `host`, in UTC. */
export function pluginFeed(events: readonly SampleEvent[], host = 'events.example.org'): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Example Events - ECPv6.16.5//NONSGML v1.0//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Example Events',
    `X-ORIGINAL-URL:https://${host}`,
    'X-WR-CALDESC:Events for Example Events',
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-Robots-Tag:noindex',
    'X-PUBLISHED-TTL:PT1H',
    ...fixedZone('UTC', '+0000', 'UTC'),
  ];
  for (const e of events) {
    // (the plugin's UID: post id, then the wall-clock start and end read as UTC Unix seconds)
    const uid = `${e.postId ?? 1}-${Math.floor(e.start.getTime() / 1000)}-${Math.floor(e.end.getTime() / 1000)}@${host}`;
    lines.push(
      'BEGIN:VEVENT',
      ...dates(e, (d) => utc(d).slice(0, -1), ';TZID=UTC'),
      'DTSTAMP:20260201T080000',
      'CREATED:20260201T080000',
      'LAST-MODIFIED:20260201T080000',
      `UID:${uid}`,
      `SUMMARY:${escapeText(e.title)}`,
      `DESCRIPTION:${escapeText(e.description ?? '')}`,
      `URL:https://${host}/event/${e.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/`,
      ...(e.location ? [`LOCATION:${escapeText(e.location)}`, 'GEO:48.8566;2.3522'] : []),
      ...(e.categories?.length ? [`CATEGORIES:${e.categories.map(escapeText).join(',')}`] : []),
      ...(e.organizer ? [`ORGANIZER;CN="${encodeURIComponent(e.organizer.name)}":MAILTO:${e.organizer.email}`] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return crlf(lines);
}
