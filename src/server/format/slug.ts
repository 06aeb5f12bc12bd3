/**
 * Slugs the way WordPress builds them (`sanitize_title` → `sanitize_title_with_dashes`, then
 * `wp_unique_post_slug` / `wp_unique_term_slug` for collisions).
 */

/** Letters that Unicode decomposition does not reduce to ASCII; WordPress's remove_accents maps them. */
const EXTRA_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  œ: 'oe',
  Œ: 'OE',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ł: 'l',
  Ł: 'L',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŋ: 'n',
  Ŋ: 'N',
  ŧ: 't',
  Ŧ: 'T',
  ĸ: 'k',
  ſ: 's',
  ŀ: 'l',
  Ŀ: 'L',
};

// Dashes and no-break spaces act as word separators in WordPress; typographic quotes and marks vanish.
const AS_DASH = /[\u00a0\u2013\u2014]|&(?:nbsp|ndash|mdash|#160|#8211|#8212);/g;
// Removed before decomposition, otherwise NFKD would turn `…` into dots (dashes) and `™` into "tm".
const DROPPED = /[\u00a1\u00bf\u00ab\u00bb\u2039\u203a\u2018-\u201f\u2022\u00a9\u00ae\u00b0\u2026\u2122\u00b4\u02dd]/g;

/** Anything a plain ASCII title does not contain: markup, entities, escapes, non-ASCII characters. */
const NOT_PLAIN = /[^\u0000-\u007f]|[<&%]/;

/** Maximum slug length WordPress stores (`post_name` is varchar(200)). */
export const MAX_SLUG_LENGTH = 200;

/** Replaces accented Latin letters by plain ones (`é` → `e`, `ß` → `ss`, `ø` → `o`). */
export function removeAccents(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\u0000-\u007f]/g, (ch) => EXTRA_LETTERS[ch] ?? ch);
}

/** Percent-encodes what is still non-ASCII, lower-cased, as WordPress's `utf8_uri_encode` does. */
function uriEncode(text: string): string {
  return text.replace(/[^\u0000-\u007f]/gu, (ch) => encodeURIComponent(ch).toLowerCase());
}

/** Cuts a slug to `max` characters without splitting a `%xx` escape. */
function truncate(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  return slug.slice(0, max).replace(/%[0-9a-f]?$/, '');
}

/**
 * WordPress `sanitize_title`: tags and entities removed, accents transliterated, lower case,
 * whitespace, dots and slashes become `-`, other punctuation disappears, dashes collapsed and
 * trimmed. `Bad Slug!!` → `bad-slug`, `Café & Bar` → `cafe-bar`. Other scripts stay, percent-encoded.
 */
export function sanitizeTitle(text: string): string {
  let s: string;
  if (!NOT_PLAIN.test(text)) {
    // Plain ASCII without markup, entities or escapes (most titles): the steps for tags, entities,
    // accents, non-ASCII characters and stray `%` would change nothing.
    s = text.toLowerCase();
    if (s.length > MAX_SLUG_LENGTH) s = s.slice(0, MAX_SLUG_LENGTH);
  } else {
    s = text
      .replace(/<[^>]*>/g, '')
      .replace(AS_DASH, '-')
      .replace(DROPPED, '')
      .replace(/\u00d7/g, 'x');
    s = removeAccents(s).toLowerCase();
    s = s.replace(/%(?![0-9a-f]{2})/g, ''); // a lone % would read as a broken escape later
    s = truncate(uriEncode(s), MAX_SLUG_LENGTH);
  }
  return s
    .replace(/&.+?;/g, '')
    .replace(/[./]/g, '-')
    .replace(/[^%a-z0-9 _-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Makes `base` unique the WordPress way: `base`, then `base-2`, `base-3`… The base is shortened
 * when needed so that the suffixed slug still fits in {@link MAX_SLUG_LENGTH}.
 */
export function uniqueSlug(base: string, exists: (candidate: string) => boolean): string {
  if (!exists(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${truncate(base, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!exists(candidate)) return candidate;
  }
}
