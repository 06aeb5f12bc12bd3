/**
 * Reading a source ahead of its consumer: the import writes a few rows at a time, and the reads that
 * matching needs for the next rows (their date windows on a large calendar) can be under way while
 * those writes are, instead of starting when a row gets its turn.
 */

/**
 * Yields the rows of `rows` in order, reading up to `depth` rows ahead of the consumer and calling
 * `look` with each row as soon as it is read (before the consumer gets it). A failure of the source
 * is thrown to the consumer when it reaches that point; `look` must not throw.
 */
export async function* readAhead<T>(
  rows: AsyncIterable<T>,
  depth: number,
  look: (row: T) => void,
): AsyncGenerator<T, void, undefined> {
  const iterator = rows[Symbol.asyncIterator]();
  const buffer: T[] = [];
  let ended = false;
  let failure: { err: unknown } | undefined;
  let wake: (() => void) | undefined;
  let room: (() => void) | undefined;
  let stopped = false;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  // The reader: keeps the buffer full while the consumer works on earlier rows.
  const reader = (async () => {
    try {
      while (!stopped) {
        if (buffer.length >= depth) {
          await new Promise<void>((r) => {
            room = r;
          });
          continue;
        }
        const next = await iterator.next();
        if (next.done) break;
        look(next.value);
        buffer.push(next.value);
        notify();
      }
    } catch (err) {
      failure = { err };
    } finally {
      ended = true;
      notify();
    }
  })();
  try {
    for (;;) {
      if (buffer.length > 0) {
        const row = buffer.shift() as T;
        room?.();
        room = undefined;
        yield row;
        continue;
      }
      if (ended) {
        if (failure) throw failure.err;
        return;
      }
      await new Promise<void>((r) => {
        wake = r;
      });
    }
  } finally {
    // The consumer stopped early (a fatal error, --fail-fast, Ctrl-C): the reader stops too, and the
    // source is closed (not awaited: a read under way, such as stdin's, may never end).
    stopped = true;
    room?.();
    if (!ended) iterator.return?.()?.catch(() => {});
    reader.catch(() => {});
  }
}
