import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNames } from '../../src/server/format/collate.js';

const icu = new Intl.Collator('en', { sensitivity: 'base' });
const name = (chars: string) =>
  fc.array(fc.constantFrom(...chars.split('')), { maxLength: 8 }).map((cs) => cs.join(''));

describe('compareNames (term order)', () => {
  it('agrees with the ICU collator on letters, digits, spaces and hyphens (its fast path)', () => {
    fc.assert(
      fc.property(name('aBcXyZ019 -'), name('aBcXyZ019 -'), (a, b) => {
        expect(Math.sign(compareNames(a, b))).toBe(Math.sign(icu.compare(a, b)));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the ICU collator on anything else (accents, punctuation)', () => {
    fc.assert(
      fc.property(name('aéEÉ_&.z9 -'), name('aéEÉ_&.z9 -'), (a, b) => {
        expect(Math.sign(compareNames(a, b))).toBe(Math.sign(icu.compare(a, b)));
      }),
      { numRuns: 2000 },
    );
  });

  it('orders names case-insensitively, digits before letters, accents as their base letter', () => {
    expect(['beta', 'Alpha', '2nd', 'Émile', 'alpha x'].sort(compareNames)).toEqual([
      '2nd',
      'Alpha',
      'alpha x',
      'beta',
      'Émile',
    ]);
  });
});
