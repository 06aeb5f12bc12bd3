import { afterEach, describe, expect, it } from 'vitest';
import { abortableDelay, watchAbort } from '../../src/api/abort-watch.js';

const warnings: Error[] = [];
const onWarning = (w: Error) => warnings.push(w);
process.on('warning', onWarning);
afterEach(() => {
  warnings.length = 0;
});

describe('watchAbort', () => {
  it('serves hundreds of watchers of one signal with one listener (no leak warning)', async () => {
    const controller = new AbortController();
    const called: number[] = [];
    const stops = Array.from({ length: 300 }, (_, i) => watchAbort(controller.signal, () => called.push(i)));
    // Watchers that stopped watching are not called.
    for (const stop of stops.slice(0, 100)) stop();
    controller.abort(new Error('stop'));
    await new Promise((r) => setImmediate(r));
    expect(called).toHaveLength(200);
    expect(called[0]).toBe(100);
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });

  it('calls at once for a signal already aborted', () => {
    const controller = new AbortController();
    controller.abort();
    let called = false;
    watchAbort(controller.signal, () => {
      called = true;
    });
    expect(called).toBe(true);
  });
});

describe('abortableDelay', () => {
  it('resolves after the delay, and rejects with the reason when a signal aborts first', async () => {
    const started = Date.now();
    await abortableDelay(20, [undefined]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    const controller = new AbortController();
    const waiting = Array.from({ length: 50 }, () => abortableDelay(10_000, [controller.signal]));
    controller.abort(new Error('interrupted'));
    const results = await Promise.allSettled(waiting);
    expect(results.every((r) => r.status === 'rejected' && (r.reason as Error).message === 'interrupted')).toBe(true);
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});
