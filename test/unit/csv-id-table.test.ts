import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdTable } from '../../src/import/id-table.js';

describe('IdTable', () => {
  it('returns every id added under a hash, lowest first, across growth', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 1e6 })), { maxLength: 3000 }),
        (pairs) => {
          const table = new IdTable(4);
          const expected = new Map<number, number[]>();
          for (const [h, id] of pairs) {
            table.add(h, id);
            expected.set(h, [...(expected.get(h) ?? []), id]);
          }
          expect(table.size).toBe(pairs.length);
          for (let h = 0; h <= 41; h++) expect(table.find(h)).toEqual((expected.get(h) ?? []).sort((a, b) => a - b));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('takes 31-bit hashes and refuses what is not a record id', () => {
    const table = new IdTable();
    table.add(0x7fffffff, 5);
    table.add(0, 6);
    expect(table.find(0x7fffffff)).toEqual([5]);
    expect(table.find(0)).toEqual([6]);
    expect(table.find(1)).toEqual([]);
    expect(() => table.add(1, 0)).toThrow(RangeError);
    expect(() => table.add(1, -3)).toThrow(RangeError);
  });
});
