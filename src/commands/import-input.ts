/**
 * Where an import's input comes from besides a local file: an address read whole (`calctl import events
 * https://…/team.ics`), and whether a local file is small enough to leave the heap as it is.
 */
import { stat } from 'node:fs/promises';
import type { Runtime } from './types.js';

/**
 * Inputs up to this size (bytes, about 10,000 rows of CSV) run without the import's heap sizing: it
 * pays off over pages of a long run, not over a short one.
 */
const SMALL_INPUT = 1 << 20;

/** Whether `path` names a file of at most {@link SMALL_INPUT} bytes (undefined: stdin or an address). */
export async function smallFile(path: string | undefined): Promise<boolean> {
  if (path === undefined) return false;
  return stat(path).then(
    (s) => s.size <= SMALL_INPUT,
    () => false,
  );
}

/**
 * An input given as an address (`calctl import events https://…/team.ics`): read whole, once (it
 * cannot be resumed), with its format from the address's extension, else its content type.
 */
export async function fetchInput(rt: Runtime, url: string): Promise<{ path: string; body: Buffer; calendar: boolean }> {
  const { fetchDocument } = await import('../api/fetch-document.js');
  const g = rt.globals();
  const answer = await fetchDocument({
    url,
    signal: rt.ctx.signal,
    timeoutMs: g.timeout !== undefined ? g.timeout * 1000 : undefined,
    insecure: g.insecure,
    log: (line) => rt.debug?.(line),
  });
  if (answer.kind !== 'document') throw new Error('unexpected 304 without validators');
  const pathname = new URL(answer.url).pathname;
  const type = answer.contentType.toLowerCase();
  const calendar = /^\s*BEGIN:VCALENDAR/i.test(
    answer.body
      .subarray(0, 64)
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
  );
  // (the extension the content type stands for, when the address has none the format reader knows)
  const known = /\.(csv|tsv|json|ndjson|jsonl|ics|ical|icalendar|xlsx)$/i.test(pathname);
  const ext = known
    ? ''
    : type.includes('ndjson')
      ? '.ndjson'
      : type.includes('json')
        ? '.json'
        : type.includes('spreadsheetml')
          ? '.xlsx'
          : '';
  return { path: `${pathname}${ext}`, body: answer.body, calendar: calendar || type.includes('text/calendar') };
}
