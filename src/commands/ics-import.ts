/**
 * `calctl import events FILE.ics` (or `--format ics`): the iCalendar reader as the import's record
 * source, so matching, --dry-run, --rejects, --resume, progress and the summary are the CSV
 * import's. `--until` bounds the occurrences of recurring events (default one year ahead).
 */
import type { Readable } from 'node:stream';
import type { ResourceSpec } from '../catalog/index.js';
import { DURATION_FORMS, parseDateInput, parseDuration } from '../dates/index.js';
import { UsageError } from '../errors/index.js';
import { type IcsSource, icsNotes, openIcsSource } from '../ics/reader.js';
import type { RecordSource } from '../import/index.js';
import { stderrNotes } from '../output/notes.js';
import { dateZone } from './shared.js';
import type { Runtime } from './types.js';

/** `--until` as a date in the site's zone (end of that day), and as the instant it means. */
async function untilOf(rt: Runtime, text: unknown, zone: string): Promise<{ wall: string; instant: Date }> {
  const { wallTimeToUtc, parseWallTime } = await import('../clock/index.js');
  const wall = await parseDateInput(typeof text === 'string' ? text : '+1y', {
    now: rt.ctx.now(),
    dateFormat: rt.globals().dateFormat,
    timezone: zone,
    endOfDay: true,
  });
  const parsed = parseWallTime(wall);
  if (!parsed) throw new UsageError(`--until: cannot read "${String(text)}"`);
  return { wall, instant: wallTimeToUtc(parsed, zone) };
}

/**
 * `--default-duration` (the option `defaultDuration`): the length of events without an end.
 * @throws UsageError for a text that is not a length
 */
export function defaultDurationOf(text: unknown): { days: number; minutes: number } | undefined {
  if (text === undefined || text === null || text === '') return undefined;
  const length = parseDuration(String(text));
  if (!length) {
    throw new UsageError(
      `--default-duration: cannot read "${String(text)}" as a length of time`,
      `write it as ${DURATION_FORMS}`,
      'invalid-duration',
    );
  }
  return length;
}

const shownUntil = new WeakMap<object, string>();

/**
 * Opens an iCalendar input for an import.
 * @throws UsageError for a resource other than events, a bad --until, or a malformed file
 */
export async function openIcs(
  rt: Runtime,
  resource: ResourceSpec,
  input: Readable,
  opts: { until?: string | undefined; defaultDuration?: string | undefined },
): Promise<RecordSource> {
  if (resource.name !== 'events') {
    input.destroy();
    throw new UsageError(
      `iCalendar files hold events, not ${resource.name}`,
      'use calctl import events FILE.ics',
      'bad-format',
    );
  }
  const siteZone = await dateZone(rt);
  const until = await untilOf(rt, opts.until, siteZone);
  const defaultDuration = defaultDurationOf(opts.defaultDuration);
  const source = await openIcsSource(input, { siteZone, until: until.instant, defaultDuration });
  shownUntil.set(source, until.wall.slice(0, 10));
  return source;
}

/** Prints what the file held besides rows (recurring events expanded, parts ignored), once. */
export function printNotes(rt: Runtime, source: RecordSource): void {
  const stats = (source as Partial<IcsSource>).stats;
  if (!stats) return;
  const notes = stderrNotes(rt.ctx);
  for (const line of icsNotes(stats, shownUntil.get(source) ?? '')) notes.note(line);
}
