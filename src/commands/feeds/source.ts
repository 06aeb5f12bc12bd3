/**
 * Reads a feed's source into items, as cheaply as an unchanged source allows: an iCalendar address is
 * asked with the validators of the last complete run (one `304` when the server supports them); a
 * body, file or list equal to the last complete run's (by hash) is not read further. Either way the
 * run then writes nothing and asks the site nothing.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ApiClient } from '../../api/client.js';
import { documentText, fetchDocument } from '../../api/fetch-document.js';
import { parseDuration as parseLength } from '../../dates/duration.js';
import { CalctlError, EXIT } from '../../errors/index.js';
import { readIcsItems } from '../../ics/items.js';
import { veventNoteLines } from '../../ics/vevent.js';
import { itemHash, type KnownItem, type SourceItem } from '../../import/index.js';
import type { FeedSettings } from './settings.js';
import { readSiteItems } from './site-source.js';
import type { Validators } from './state.js';

/** The source could not be read (exit 3 for the run; the feed changes nothing). */
export class SourceError extends CalctlError {
  constructor(message: string, hint?: string, cause?: unknown) {
    super(message, { code: 'feed-source', exitCode: EXIT.failure, hint, cause });
  }
}

/** What reading a source gave. */
export type SourceRead =
  | {
      kind: 'not-modified';
      why: 'not modified (304)' | 'same content as the last run';
      /** new validators for the same content (a server that started sending an ETag) */
      validators?: Validators | undefined;
    }
  | {
      kind: 'items';
      items: SourceItem[];
      /** events the source holds (VEVENTs, listed events): 0 is an empty calendar */
      total: number;
      /** rejected VEVENTs whose UID could not be read: no event may be taken for removed */
      unknownRejected: number;
      /** keys of rejected VEVENTs: their events count as present */
      rejectedKeys: Set<string>;
      /** notes for people (zones converted, occurrences expanded …) */
      notes: string[];
      /** what to remember once the run is complete */
      validators: Validators;
      /** groups of VEVENTs read cleanly (to reuse next time, see ics/items.ts) */
      groups: Map<string, KnownItem[]>;
    };

/** What a read needs besides the feed. */
export interface SourceOptions {
  validators: Validators;
  window: { from: Date; until: Date };
  /** the window as days (`2026-11-26..2027-11-26`): validators count only within the same one */
  windowKey: string;
  /** the site's zone, for times without one (asked only when a body has to be read) */
  siteZone: () => Promise<string>;
  /** the other site's client, for a feed of another site */
  otherSite: () => Promise<ApiClient>;
  /** keys of events this feed brought that have not ended (another site: asked for when not listed) */
  followed: readonly string[];
  /** `feeds add --default-duration`: the length of an event the source gives no end */
  defaultDuration?: string | undefined;
  /** what the last run knew of a group of VEVENTs, when nothing is to be done about it */
  reuse?: ((groupHash: string) => readonly KnownItem[] | undefined) | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  version?: string | undefined;
  log?: ((line: string) => void) | undefined;
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

async function readCalendar(
  text: string,
  opts: SourceOptions,
  validators: Validators,
): Promise<Extract<SourceRead, { kind: 'items' }>> {
  const defaultDuration = opts.defaultDuration === undefined ? undefined : parseLength(opts.defaultDuration);
  const read = readIcsItems(text, {
    siteZone: await opts.siteZone(),
    ...opts.window,
    reuse: opts.reuse,
    ...(defaultDuration ? { defaultDuration } : {}),
  });
  const notes: string[] = [];
  if (read.stats.recurring > 0) {
    notes.push(`${read.stats.recurring} recurring event(s) became ${read.stats.occurrences} event(s) in the window`);
  }
  if (read.stats.withoutUid > 0) {
    notes.push(`${read.stats.withoutUid} event(s) have no UID: followed by title and start (a move makes a new event)`);
  }
  for (const zone of read.notes.zones) notes.push(zone);
  notes.push(...veventNoteLines(read.notes, defaultDuration));
  return {
    kind: 'items',
    items: read.items,
    total: read.vevents,
    unknownRejected: read.unknownRejected,
    rejectedKeys: read.rejectedKeys,
    notes,
    validators,
    groups: read.groups,
  };
}

/**
 * Reads the source of a feed.
 * @throws SourceError (and the document and calendar errors it wraps) when the source cannot be
 *   read as a whole: nothing is to be changed then
 */
export async function readSource(feed: FeedSettings, opts: SourceOptions): Promise<SourceRead> {
  // (a body seen on another day may hold events that have just entered the window: read it again)
  const last: Validators =
    opts.validators.window === opts.windowKey
      ? opts.validators
      : { etag: null, lastModified: null, bodyHash: null, window: null };
  const window = opts.windowKey;
  if (feed.kind === 'ics-url') {
    const answer = await fetchDocument({
      url: feed.source,
      etag: last.etag ?? undefined,
      lastModified: last.lastModified ?? undefined,
      accept: 'text/calendar, text/plain;q=0.8, */*;q=0.5',
      timeoutMs: opts.timeoutMs,
      signal: opts.signal,
      version: opts.version,
      log: opts.log,
    });
    if (answer.kind === 'not-modified') return { kind: 'not-modified', why: 'not modified (304)' };
    const text = documentText(answer.body, answer.contentType);
    const bodyHash = sha(text);
    const validators = { etag: answer.etag ?? null, lastModified: answer.lastModified ?? null, bodyHash, window };
    if (bodyHash === last.bodyHash) return { kind: 'not-modified', why: 'same content as the last run', validators };
    return readCalendar(text, opts, validators);
  }
  if (feed.kind === 'ics-file') {
    let text: string;
    try {
      text = (await readFile(feed.source, 'utf8')).replace(/^\uFEFF/, '');
    } catch (err) {
      throw new SourceError(
        `cannot read ${feed.source}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
        'check that the file is there and readable',
        err,
      );
    }
    const bodyHash = sha(text);
    if (bodyHash === last.bodyHash) return { kind: 'not-modified', why: 'same content as the last run' };
    return readCalendar(text, opts, { etag: null, lastModified: null, bodyHash, window });
  }
  const client = await opts.otherSite();
  const { items, total } = await readSiteItems(client, opts.window, opts.followed, opts.signal);
  const bodyHash = sha(
    items
      .map((i) => `${i.key}=${itemHash(i)}`)
      .sort()
      .join('\n'),
  );
  if (bodyHash === last.bodyHash) return { kind: 'not-modified', why: 'same content as the last run' };
  return {
    kind: 'items',
    items,
    total,
    unknownRejected: 0,
    rejectedKeys: new Set(),
    notes: [],
    validators: { etag: null, lastModified: null, bodyHash, window },
    groups: new Map(),
  };
}
