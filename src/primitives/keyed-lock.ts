/** A function that runs `fn` for one key at a time. */
export type KeyedLock = <T>(key: string, fn: () => Promise<T>) => Promise<T>;

/**
 * A lock per key: calls with the same key run one after the other, in the order they came, and calls
 * with different keys run side by side (rows of one title in an import or a feed: the second finds the
 * record the first created instead of creating another). A key's entry is dropped once its last call
 * ends, so the map holds only keys in use.
 */
export function keyedLock(): KeyedLock {
  const tails = new Map<string, Promise<void>>();
  return async <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const before = tails.get(key) ?? Promise.resolve();
    let release = () => {};
    const mine = before.then(() => new Promise<void>((r) => (release = r)));
    tails.set(key, mine);
    await before;
    try {
      return await fn();
    } finally {
      release();
      if (tails.get(key) === mine) tails.delete(key);
    }
  };
}
