import { describe, expect, it } from 'vitest';
import { readAhead } from '../../src/import/read-ahead.js';

async function* numbers(n: number, failAt?: number, closed?: { done: boolean }) {
  try {
    for (let i = 0; i < n; i++) {
      if (i === failAt) throw new Error(`bad row ${i}`);
      yield i;
    }
  } finally {
    if (closed) closed.done = true;
  }
}

describe('readAhead', () => {
  it('yields every row in order, having looked at rows up to `depth` ahead of the consumer', async () => {
    const looked: number[] = [];
    const seen: [number, number][] = [];
    for await (const row of readAhead(numbers(10), 3, (r) => looked.push(r))) {
      // let the reader run while this row is worked on
      await new Promise((r) => setImmediate(r));
      seen.push([row, looked.length]);
    }
    expect(seen.map(([row]) => row)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(looked).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // (each row was looked at before it was handed over, and never more than depth + 1 ahead)
    for (const [row, count] of seen) {
      expect(count).toBeGreaterThan(row);
      expect(count).toBeLessThanOrEqual(row + 4);
    }
  });

  it("throws the source's failure when the consumer reaches it, after the rows before it", async () => {
    const got: number[] = [];
    await expect(
      (async () => {
        for await (const row of readAhead(numbers(10, 4), 8, () => {})) got.push(row);
      })(),
    ).rejects.toThrow('bad row 4');
    expect(got).toEqual([0, 1, 2, 3]);
  });

  it('closes the source when the consumer stops early', async () => {
    const closed = { done: false };
    for await (const row of readAhead(numbers(1000, undefined, closed), 4, () => {})) {
      if (row === 2) break;
    }
    await new Promise((r) => setImmediate(r));
    expect(closed.done).toBe(true);
  });
});
