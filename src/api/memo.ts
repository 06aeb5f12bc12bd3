/**
 * One question asked of a site once per run, however many rows ask it at the same time: the in-flight
 * promise is shared per key, and a failed one is forgotten so that a later row may ask again.
 */
export function onePerKey<T>(): (key: string, ask: () => Promise<T>) => Promise<T> {
  const known = new Map<string, Promise<T>>();
  return (key, ask) => {
    let p = known.get(key);
    if (!p) {
      p = ask();
      known.set(key, p);
      p.catch(() => known.delete(key));
    }
    return p;
  };
}
