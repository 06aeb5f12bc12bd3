/**
 * `calctl export events -o ics`: the events the filters select (every date unless filtered, as any
 * export), as one iCalendar file on stdout or `--file`. The events are gathered first (the file
 * names every zone they use up front), then written with one call.
 */
import type { Writable } from 'node:stream';
import { type ParamObject, paginate } from '../api/index.js';
import type { ResourceSpec } from '../catalog/index.js';
import { UsageError } from '../errors/index.js';
import { EXPORT_CONCURRENCY, exportQuery } from '../export/export.js';
import { hostOf } from '../ics/uid.js';
import { writeIcs } from '../ics/writer.js';
import { CALCTL_VERSION } from '../io/version.js';
import { stderrNotes } from '../output/notes.js';
import { typedTitles } from './ics-titles.js';
import type { Runtime } from './types.js';

/** Options of {@link exportIcs}. */
export interface IcsExportOptions {
  resource: ResourceSpec;
  query: ParamObject;
  siteZone: string;
  out: Writable;
  concurrency?: number | undefined;
}

/**
 * Writes the iCalendar file of the events a query selects.
 * @returns the number of events written
 * @throws UsageError for a resource other than events
 */
export async function exportIcs(rt: Runtime, opts: IcsExportOptions): Promise<number> {
  if (opts.resource.name !== 'events') {
    throw new UsageError(
      `-o ics writes events, not ${opts.resource.name}`,
      'use calctl export events -o ics',
      'bad-format',
    );
  }
  const api = await rt.api();
  const records: Record<string, unknown>[] = [];
  const pages = paginate<Record<string, unknown>>(api, '/events', exportQuery(opts.resource, opts.query), 'events', {
    signal: rt.ctx.signal,
    prefetch: opts.concurrency ?? EXPORT_CONCURRENCY,
  });
  for await (const record of pages) records.push(record);
  // (titles as the site's own feed writes them: as typed, not texturized)
  await typedTitles(api, records, rt.ctx.signal);
  const { text, skipped } = writeIcs(records, {
    siteZone: opts.siteZone,
    host: hostOf(api.baseUrl) ?? 'localhost',
    version: CALCTL_VERSION,
    stamp: rt.ctx.now(),
  });
  if (skipped > 0) {
    stderrNotes(rt.ctx).warn(`${skipped} events without readable dates were left out`);
  }
  await new Promise<void>((done, fail) => {
    opts.out.write(text, (err) => (err ? fail(err) : done()));
  });
  return records.length - skipped;
}
