/** The first reasons of rejected rows kept for stderr, beside the rejects file that gets them all. */
import type { RejectsWriter } from './rejects.js';

/** How many rejection reasons are printed on stderr; the rest are counted (all go to --rejects). */
const REASONS_SHOWN = 20;

/**
 * Wraps the rejects writer to keep the first reasons for stderr, so that a run without --rejects
 * still says why rows were rejected.
 */
export function rejectionReasons(inner: RejectsWriter) {
  const shown: string[] = [];
  let more = 0;
  let printed = false;
  const lineOf = (text: string) => Number(/^line (\d+)/.exec(text)?.[1] ?? 0);
  return {
    writer: {
      write(cells, error) {
        inner.write(cells, error);
        if (shown.length < REASONS_SHOWN) shown.push(error);
        else more++;
      },
      close: () => inner.close(),
    } satisfies RejectsWriter,
    /** Prints the reasons kept (in line order) and how many more there were; once. */
    print(stderr: { write(text: string): unknown }, rejectsFile: string | undefined) {
      if (printed) return;
      printed = true;
      // Rows run concurrently, so they finish a little out of order.
      for (const text of shown.sort((a, b) => lineOf(a) - lineOf(b))) stderr.write(`calctl: rejected: ${text}\n`);
      if (more > 0) {
        stderr.write(
          `calctl: … and ${more} more rejected ${more === 1 ? 'row' : 'rows'} ` +
            `(${rejectsFile !== undefined ? `all in ${rejectsFile}` : 'use --rejects FILE to collect them all'})\n`,
        );
      }
    },
  };
}
