/** Small text helpers for comparing what a file says with what the site stores. */

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
};

/** Decodes the HTML entities WordPress puts into titles and term names (`&amp;`, `&#8211;` …). */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : all;
    }
    return NAMED[body.toLowerCase()] ?? all;
  });
}

/** A name as a match key: entities decoded, blanks collapsed, case folded (the site compares case-insensitively). */
export function nameKey(text: string): string {
  return decodeEntities(text).normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** HTML as plain words, for deciding whether a description changed (`<p>x</p>` equals `x`). */
export function htmlWords(text: string): string {
  return decodeEntities(text.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** A slug like WordPress makes it from a title, close enough for lookups (accents kept as letters). */
export function roughSlug(text: string): string {
  return decodeEntities(text)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^a-z0-9\s_-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * A 53-bit hash of a string (cyrb53, public domain): the natural keys of the records an import
 * creates are kept as (part of) these numbers instead of strings. Equal hashes are confirmed against
 * the record itself before they count as a match (see MatchIndex).
 */
export function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
