import { describe, expect, it } from 'vitest';
import { uniqueSlug } from '../../src/server/format/slug.js';

describe('uniqueSlug', () => {
  it.each([
    [[], 'party', 'party'],
    [['party'], 'party', 'party-2'],
    [['party', 'party-2', 'party-3'], 'party', 'party-4'],
    [['party-2'], 'party', 'party'],
  ])('taken %j, base %s → %s', (taken, base, expected) => {
    const set = new Set<string>(taken);
    expect(uniqueSlug(base, (c) => set.has(c))).toBe(expected);
  });

  it('keeps suffixed slugs within 200 characters', () => {
    const base = 'b'.repeat(200);
    const out = uniqueSlug(base, (c) => c === base);
    expect(out).toHaveLength(200);
    expect(out.endsWith('-2')).toBe(true);
  });
});
