/**
 * One abort listener per signal, however many requests and waits watch it. A bulk command keeps
 * hundreds of them in flight on the run's signal; a listener each would cost a registration per
 * request and trip Node's "possible EventTarget memory leak" warning past ten.
 */
const watchers = new WeakMap<AbortSignal, Set<() => void>>();

/** Calls `onAbort` when `signal` aborts (at once when it already has); returns the way to stop watching. */
export function watchAbort(signal: AbortSignal, onAbort: () => void): () => void {
  if (signal.aborted) {
    onAbort();
    return () => {};
  }
  let set = watchers.get(signal);
  if (!set) {
    const callbacks = new Set<() => void>();
    set = callbacks;
    watchers.set(signal, callbacks);
    signal.addEventListener(
      'abort',
      () => {
        for (const fn of [...callbacks]) fn();
        callbacks.clear();
      },
      { once: true },
    );
  }
  const callbacks = set;
  callbacks.add(onAbort);
  return () => {
    callbacks.delete(onAbort);
  };
}

/** Waits `ms`; rejects with the signal's reason when one of `signals` aborts first. */
export function abortableDelay(ms: number, signals: readonly (AbortSignal | undefined)[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const stops: (() => void)[] = [];
    const timer = setTimeout(() => {
      for (const stop of stops) stop();
      resolve();
    }, ms);
    for (const signal of signals) {
      if (!signal) continue;
      stops.push(
        watchAbort(signal, () => {
          clearTimeout(timer);
          for (const stop of stops) stop();
          reject(signal.reason);
        }),
      );
    }
  });
}
