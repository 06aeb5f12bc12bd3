/**
 * An iCalendar file as an import source: ical.js parses it, every VEVENT becomes a row of calctl's
 * own columns (vevent.ts), and a recurring event (RRULE, RDATE, EXDATE, RECURRENCE-ID overrides)
 * becomes one row per occurrence up to a limit date, since the site's free plugin has no recurring
 * events. Rows come in file order, occurrences in time order, so a resumed import finds them again.
 * The file is read whole (calendar files are small next to memory).
 */
import type { Readable } from 'node:stream';
import ICAL from 'ical.js';
import { MalformedInputError, type RecordSource, type SourceRow } from '../import/source.js';
import { type ExpansionStats, eventOf, MAX_OCCURRENCES, occurrencesOf, relateOverrides } from './occurrences.js';
import {
  type EventLength,
  ICS_COLUMNS,
  noVeventNotes,
  VENUE_DETAIL_COLUMNS,
  type VeventNotes,
  veventNoteLines,
  veventRow,
} from './vevent.js';

export { MAX_OCCURRENCES };

/** Options of {@link openIcsSource}. */
export interface IcsReadOptions {
  /** zone of floating times, and of instants (UTC, VTIMEZONE-only zones) */
  siteZone: string;
  /** occurrences of recurring events that start after this instant are left out */
  until: Date;
  /**
   * The length given to date-time events with neither DTEND nor DURATION (`--default-duration`;
   * dates/index.js's `parseDuration` reads it); none: they end as they start, as RFC 5545 says.
   */
  defaultDuration?: EventLength | undefined;
}

/** What the file held besides rows, for the notes after it is read. */
export interface IcsStats extends ExpansionStats {
  events: number;
  cancelled: number;
  notes: VeventNotes;
  /** the length given to events without an end, when one was */
  defaultDuration?: EventLength | undefined;
}

/** An opened iCalendar source. */
export interface IcsSource extends RecordSource {
  stats: IcsStats;
}

/** Lines of the file where each VEVENT begins, in order (ical.js keeps no positions). */
function veventLines(text: string): number[] {
  const lines: number[] = [];
  text.split(/\r\n|\n|\r/).forEach((line, i) => {
    if (/^BEGIN:VEVENT\s*$/i.test(line)) lines.push(i + 1);
  });
  return lines;
}

function parseCalendar(text: string): ICAL.Component {
  let jcal: unknown;
  try {
    jcal = ICAL.parse(text);
  } catch (err) {
    throw new MalformedInputError(`not a valid iCalendar file: ${(err as Error).message}`, undefined);
  }
  const first = Array.isArray(jcal) && Array.isArray(jcal[0]) ? jcal[0] : jcal;
  const root = new ICAL.Component(first as unknown[]);
  if (root.name !== 'vcalendar') {
    throw new MalformedInputError('not an iCalendar file: it does not start with BEGIN:VCALENDAR', 1);
  }
  return root;
}

async function readAll(input: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

/**
 * Opens an iCalendar input as rows.
 * @throws MalformedInputError for a file ical.js cannot read, or one that is not a VCALENDAR
 */
export async function openIcsSource(input: Readable, opts: IcsReadOptions): Promise<IcsSource> {
  const text = await readAll(input);
  if (text.includes('\uFFFD')) {
    throw new MalformedInputError('invalid UTF-8 text', undefined, 'the file must be UTF-8');
  }
  const root = parseCalendar(text);
  const lines = veventLines(text);
  const components = root.getAllSubcomponents('vevent');
  const stats: IcsStats = {
    events: 0,
    recurring: 0,
    occurrences: 0,
    capped: 0,
    cancelled: 0,
    notes: noVeventNotes(),
    ...(opts.defaultDuration ? { defaultDuration: opts.defaultDuration } : {}),
  };
  const columns: string[] = [...ICS_COLUMNS];
  if (components.some((c) => c.hasProperty('organizer'))) columns.push('organizer');
  if (components.some((c) => c.hasProperty('categories'))) columns.push('categories');
  if (components.some((c) => c.hasProperty('location') || c.hasProperty('x-apple-structured-location'))) {
    columns.push(...VENUE_DETAIL_COLUMNS);
  }

  const parsed = components.map((component, i) => ({ event: eventOf(component), line: lines[i] ?? 0 }));
  const entries = relateOverrides(parsed);
  const rowOpts = { siteZone: opts.siteZone, columns, notes: stats.notes, defaultDuration: opts.defaultDuration };
  const until = ICAL.Time.fromJSDate(opts.until, true);

  async function* rows(): AsyncGenerator<SourceRow> {
    let index = 0;
    for (const { event, line } of entries) {
      stats.events++;
      if (String(event.component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') {
        stats.cancelled++;
        continue;
      }
      if (!event.startDate) throw new MalformedInputError('a VEVENT without DTSTART', line);
      for (const o of occurrencesOf(event, { until, stats })) {
        if (o.cancelled) {
          stats.cancelled++;
          continue;
        }
        yield { index: ++index, line, cells: veventRow(o.item, o.start, o.end, rowOpts) };
      }
    }
  }
  return { columns, rows: rows(), stats };
}

/** The notes to print once the file has been read (recurring events, ignored parts, zones). */
export function icsNotes(stats: IcsStats, until: string): string[] {
  const notes: string[] = [];
  if (stats.recurring > 0) {
    notes.push(
      `${stats.recurring} recurring ${stats.recurring === 1 ? 'event' : 'events'} became ${stats.occurrences} ` +
        `${stats.occurrences === 1 ? 'event' : 'events'} (occurrences up to ${until}; --until to change)`,
    );
  }
  if (stats.capped > 0) notes.push(`${stats.capped} recurring events were cut at ${MAX_OCCURRENCES} occurrences`);
  if (stats.cancelled > 0) {
    notes.push(
      `${stats.cancelled} cancelled ${stats.cancelled === 1 ? 'event or occurrence was' : 'events or occurrences were'} left out`,
    );
  }
  const ignored = [
    stats.notes.alarms > 0 ? 'alarms (VALARM)' : '',
    stats.notes.attendees > 0 ? 'attendees' : '',
  ].filter(Boolean);
  if (ignored.length > 0) notes.push(`${ignored.join(' and ')} are not imported (the site has no place for them)`);
  notes.push(...veventNoteLines(stats.notes, stats.defaultDuration));
  for (const zone of stats.notes.zones) notes.push(zone);
  return notes;
}
