import { describe, expect, it } from 'vitest';
import { removeAccents, sanitizeTitle, uniqueSlug } from '../../src/server/format/slug.js';

describe('sanitizeTitle', () => {
  it.each([
    ['Bad Slug!!', 'bad-slug'],
    ['Café & Bar', 'cafe-bar'],
    ['Caf&eacute; &amp; Bar', 'caf-bar'],
    ['Hello World', 'hello-world'],
    ['  --Trim me--  ', 'trim-me'],
    ['Straße', 'strasse'],
    ['Smørrebrød', 'smorrebrod'],
    ['Crème Brûlée', 'creme-brulee'],
    ['Æsir & Œuvre', 'aesir-oeuvre'],
    ['Łódź', 'lodz'],
    ['<b>Bold</b> title', 'bold-title'],
    ['v1.2/beta', 'v1-2-beta'],
    ['snake_case stays', 'snake_case-stays'],
    ['Summer \u2013 Winter', 'summer-winter'],
    ['Don\u2019t stop', 'dont-stop'],
    ['Wait\u2026 \u201cQuoted\u201d\u2122 3\u00d74', 'wait-quoted-3x4'],
    ['!!!', ''],
    ['', ''],
    ['日本', '%e6%97%a5%e6%9c%ac'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeTitle(input)).toBe(expected);
  });

  it('caps slugs at 200 characters', () => {
    expect(sanitizeTitle('a'.repeat(250))).toHaveLength(200);
  });

  it('transliterates accents', () => {
    expect(removeAccents('àéîõü ñ ç')).toBe('aeiou n c');
  });
});

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
