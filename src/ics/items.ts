/**
 * An iCalendar feed as source items (see import/source-item.ts): every event, or every occurrence of a
 * recurring one, with the key the source knows it by. Unlike an import of a file, a feed is read
 * defensively, because it is fetched again and again from a server that may be failing:
 * - a body that is not a whole calendar (an HTML error or login page, a download cut short: no
 *   `END:VCALENDAR` at the end) fails the whole feed, so that nothing is changed;
 * - each VEVENT is parsed on its own, so a malformed one is rejected with its line and the rest are
 *   read (its UID, when it can be seen, still counts as present: its event is not trashed).
 *
 * Keys: the UID, plus `#` and the occurrence's original start (RECURRENCE-ID) for an occurrence of a
 * recurring event, so an overridden occurrence keeps its key when it moves. The plugin's own feed
 * (`?ical=1`) writes UIDs as `{post id}-{start}-{end}@{host}` (see uid.ts): the times in them change
 * when the event moves, so its key is the post id and host alone.
 */
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { CalctlError, EXIT } from '../errors/index.js';
import { itemHash, type KnownItem, noLinks, type SourceItem } from '../import/source.js';
import { type ExpansionStats, eventOf, type LinedEvent, occurrencesOf, relateOverrides } from './occurrences.js';
import { parseEventUid } from './uid.js';
import { type EventLength, ICS_COLUMNS, noVeventNotes, type VeventNotes, veventLinks, veventRow } from './vevent.js';

/** A feed whose body is not a whole iCalendar document: nothing of it is used. */
export class CalendarFormatError extends CalctlError {
  constructor(message: string, hint?: string) {
    super(message, { code: 'bad-calendar', exitCode: EXIT.failure, hint });
  }
}

/** What a feed held. */
export interface IcsItems {
  items: SourceItem[];
  /** VEVENT components in the body (0: an empty calendar) */
  vevents: number;
  stats: ExpansionStats & { cancelled: number; withoutUid: number };
  notes: VeventNotes;
  /**
   * Rejected VEVENTs whose UID could not be read at all: some event of the feed is unknown this run,
   * so none may be taken for removed.
   */
  unknownRejected: number;
  /** keys (without occurrence) of rejected VEVENTs: their events and occurrences count as present */
  rejectedKeys: Set<string>;
  /** what a later run may reuse of each group of VEVENTs read cleanly, by the hash of its text */
  groups: Map<string, KnownItem[]>;
}

/** Options of {@link readIcsItems}. */
export interface IcsItemOptions {
  /** zone of floating times and of instants */
  siteZone: string;
  /** occurrences starting after this are left out */
  until: Date;
  /** occurrences ending before this are left out (single events are always read) */
  from?: Date | undefined;
  /**
   * What the last run knew of a group of VEVENTs with this hash, when the caller can vouch that
   * nothing is to be done about them (see {@link readIcsItems}); undefined: read the group.
   */
  reuse?: ((groupHash: string) => readonly KnownItem[] | undefined) | undefined;
  /** the length of date-time events with neither DTEND nor DURATION (see reader.ts's IcsReadOptions) */
  defaultDuration?: EventLength | undefined;
}

/** The key of an event's UID: the plugin's own UIDs by post id and host (their times move). */
export function uidKey(uid: string): string {
  const own = parseEventUid(uid);
  return own ? `${own.id}@${own.host}` : uid.trim();
}

/** An occurrence's original start as key text: `20301203T180000Z`, or `20301203` for a date. */
export function occurrenceText(t: ICAL.Time): string {
  if (t.isDate) return `${t.year}${String(t.month).padStart(2, '0')}${String(t.day).padStart(2, '0')}`;
  return `${new Date(t.toUnixTime() * 1000).toISOString().replace(/[-:]|\.\d+/g, '')}`;
}

interface Block {
  text: string;
  line: number;
  /** why the block cannot be parsed before trying (an unterminated VEVENT) */
  broken?: string | undefined;
}

const lineOf = (line: string) => line.replace(/\s+$/, '');

/**
 * Splits the body into the calendar without its events (properties, time zones) and one block per
 * VEVENT with the line it begins on.
 * @throws CalendarFormatError when the body is not a whole VCALENDAR
 */
function splitCalendar(text: string): { skeleton: string; blocks: Block[] } {
  const lines = text.split(/\r\n|\n|\r/);
  const first = lines.findIndex((l) => l.trim() !== '');
  const last = lines.findLastIndex((l) => l.trim() !== '');
  const head = first === -1 ? '' : (lines[first] ?? '').trim();
  if (first === -1) throw new CalendarFormatError('the feed answered an empty body, not a calendar');
  if (!/^BEGIN:VCALENDAR$/i.test(head)) {
    const html = head.startsWith('<') || /<html|<!doctype/i.test(text.slice(0, 2000));
    throw new CalendarFormatError(
      html
        ? 'the feed answered an HTML page, not a calendar (an error or login page?)'
        : `the feed is not an iCalendar document: it begins with "${head.slice(0, 40)}"`,
      'open the address in a browser: a calendar starts with BEGIN:VCALENDAR',
    );
  }
  if (!/^END:VCALENDAR$/i.test((lines[last] ?? '').trim())) {
    throw new CalendarFormatError(
      `the calendar is cut short: it ends at line ${last + 1} without END:VCALENDAR`,
      'the download was interrupted or the server failed midway: the next run tries again',
    );
  }
  const skeleton: string[] = [];
  const blocks: Block[] = [];
  let current: { lines: string[]; line: number } | undefined;
  const close = (broken?: string) => {
    if (current) blocks.push({ text: current.lines.join('\r\n'), line: current.line, broken });
    current = undefined;
  };
  for (let i = first; i <= last; i++) {
    const line = lineOf(lines[i] ?? '');
    if (/^BEGIN:VEVENT$/i.test(line)) {
      if (current) close('the VEVENT that begins here has no END:VEVENT');
      current = { lines: [line], line: i + 1 };
      continue;
    }
    if (current) {
      if (/^END:VCALENDAR$/i.test(line)) {
        close('the VEVENT that begins here has no END:VEVENT');
        skeleton.push(line);
        continue;
      }
      current.lines.push(line);
      if (/^END:VEVENT$/i.test(line)) close();
      continue;
    }
    skeleton.push(line);
  }
  return { skeleton: skeleton.join('\r\n'), blocks };
}

function parseComponent(text: string): ICAL.Component {
  const jcal: unknown = ICAL.parse(text);
  const first = Array.isArray(jcal) && Array.isArray(jcal[0]) ? jcal[0] : jcal;
  return new ICAL.Component(first as unknown[]);
}

/** A property's raw value in a block ical.js could not read (unfolded first). */
function rawProperty(block: string, name: string): string | undefined {
  const unfolded = block.replace(/\r\n[ \t]/g, '');
  const m = new RegExp(`^${name}(?:;[^:\\r\\n]*)?:(.*)$`, 'im').exec(unfolded);
  return m?.[1]?.trim() || undefined;
}

const fallbackKey = (summary: string, start: string) =>
  `nouid:${createHash('sha256').update(`${summary}\u0001${start}`).digest('hex').slice(0, 24)}`;

/** Lines that change on every request without the event changing (Google writes the time of the request). */
const VOLATILE = /^DTSTAMP[;:].*$/gim;

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** What reading one group of VEVENTs needs of the calendar around it. */
interface GroupReading {
  /** the calendar's own component (its time zones), parsed once when a group first needs it */
  rootOf: () => ICAL.Component;
  reject: (block: Block, message: string, known?: string) => void;
  stats: IcsItems['stats'];
  until: ICAL.Time;
  from: ICAL.Time | undefined;
  rowOpts: Parameters<typeof veventRow>[3];
}

/**
 * The items of one group of VEVENTs (an event and its overridden occurrences): every occurrence in
 * the window; `clean` when none of its VEVENTs was rejected.
 */
function readGroup(members: readonly Block[], g: GroupReading): { read: SourceItem[]; clean: boolean } {
  const parsed: LinedEvent[] = [];
  let clean = true;
  for (const block of members) {
    try {
      const component = parseComponent(block.text);
      g.rootOf().addSubcomponent(component);
      const event = eventOf(component);
      if (!event.startDate) throw new Error('a VEVENT without DTSTART');
      parsed.push({ event, line: block.line });
    } catch (err) {
      if (err instanceof CalendarFormatError) throw err;
      g.reject(block, (err as Error).message);
      clean = false;
    }
  }
  const read: SourceItem[] = [];
  for (const { event, line } of relateOverrides(parsed)) {
    let base = event.uid ? uidKey(event.uid) : undefined;
    if (base === undefined) g.stats.withoutUid++;
    try {
      for (const o of occurrencesOf(event, { until: g.until, from: g.from, stats: g.stats })) {
        const cells = veventRow(o.item, o.start, o.end, g.rowOpts);
        cells.delete('venue');
        base ??= fallbackKey(cells.get('title') ?? '', cells.get('start_date') ?? '');
        const key = o.recurrenceId ? `${base}#${occurrenceText(o.recurrenceId)}` : base;
        if (o.cancelled) g.stats.cancelled++;
        const item: SourceItem = { key, line, cancelled: o.cancelled, cells, links: veventLinks(o.item) };
        item.hash = itemHash(item);
        read.push(item);
      }
    } catch (err) {
      g.reject({ text: '', line }, (err as Error).message, event.uid || undefined);
      clean = false;
    }
  }
  return { read, clean };
}

/**
 * Reads a feed's body. The VEVENTs of one UID (an event and its overridden occurrences) are read
 * together; with `reuse`, a group whose text (and the calendar around it) is the one the last run
 * read comes back from what that run knew instead of being parsed again: on a large feed with few
 * changes, parsing is most of a run.
 * @throws CalendarFormatError for a body that is not a whole calendar
 */
export function readIcsItems(text: string, opts: IcsItemOptions): IcsItems {
  const { skeleton, blocks } = splitCalendar(text.replace(/^\uFEFF/, ''));
  let root: ICAL.Component | undefined;
  const rootOf = (): ICAL.Component => {
    if (root) return root;
    try {
      root = parseComponent(skeleton);
    } catch (err) {
      throw new CalendarFormatError(`the calendar cannot be read: ${(err as Error).message}`);
    }
    return root;
  };
  const result: IcsItems = {
    items: [],
    vevents: blocks.length,
    stats: { recurring: 0, occurrences: 0, capped: 0, cancelled: 0, withoutUid: 0 },
    notes: noVeventNotes(),
    unknownRejected: 0,
    rejectedKeys: new Set(),
    groups: new Map(),
  };
  const reject = (block: Block, message: string, known?: string) => {
    const uid = known ?? rawProperty(block.text, 'UID');
    const key = uid === undefined ? '' : uidKey(uid);
    if (uid === undefined) result.unknownRejected++;
    else result.rejectedKeys.add(key);
    result.items.push({
      key,
      line: block.line,
      cancelled: false,
      cells: new Map(),
      links: noLinks(),
      problem: message,
    });
  };
  // The groups, in the order of their first VEVENT; a VEVENT without a readable UID stands alone.
  const groups = new Map<string, Block[]>();
  for (const block of blocks) {
    if (block.broken) {
      reject(block, block.broken);
      continue;
    }
    const uid = rawProperty(block.text, 'UID');
    const id = uid === undefined ? `#${block.line}` : `uid:${uid}`;
    const group = groups.get(id);
    if (group) group.push(block);
    else groups.set(id, [block]);
  }
  // (a default length read differently changes the events without an end: their groups are read again)
  const length = opts.defaultDuration ? [`${opts.defaultDuration.days}d${opts.defaultDuration.minutes}m`] : [];
  const context = sha(
    [skeleton, opts.siteZone, opts.from?.toISOString() ?? '', opts.until.toISOString(), ...length].join('\n'),
  );
  const until = ICAL.Time.fromJSDate(opts.until, true);
  const from = opts.from ? ICAL.Time.fromJSDate(opts.from, true) : undefined;
  const rowOpts = {
    siteZone: opts.siteZone,
    columns: ICS_COLUMNS,
    notes: result.notes,
    defaultDuration: opts.defaultDuration,
  };
  for (const members of groups.values()) {
    const hash = sha(`${context}\n${members.map((b) => b.text.replace(VOLATILE, '')).join('\n')}`);
    const known = opts.reuse?.(hash);
    if (known) {
      result.groups.set(hash, [...known]);
      for (const k of known) {
        result.items.push({
          key: k.key,
          line: members[0]?.line ?? 0,
          cancelled: k.cancelled,
          cells: new Map(),
          links: noLinks(),
          cached: true,
          hash: k.hash,
        });
      }
      continue;
    }
    const { read, clean } = readGroup(members, { rootOf, reject, stats: result.stats, until, from, rowOpts });
    result.items.push(...read);
    // (a group with a rejected VEVENT is read again next time: it may have been fixed)
    if (clean) {
      result.groups.set(
        hash,
        read.map((i) => ({ key: i.key, hash: i.hash as string, cancelled: i.cancelled, outside: false })),
      );
    }
  }
  return result;
}
