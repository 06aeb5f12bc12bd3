/**
 * Slugs as WordPress makes them from titles and names (`sanitize_title` → `remove_accents` and
 * `sanitize_title_with_dashes`, in wp-includes/formatting.php): tags and entities dropped, accented
 * Latin letters transliterated, the rest of non-ASCII percent-encoded and cut at 200 bytes,
 * punctuation removed, blanks to dashes.
 */
import { phpStripTags } from './sanitize.js';

const UTF8 = new TextEncoder();

/** Maximum length of a slug as WordPress builds it (`post_name` and term slugs hold 200). */
export const MAX_SLUG_LENGTH = 200;

/** Letters `remove_accents` maps to something other than their base letter (or to nothing). */
const SPECIAL: Record<string, string> = {
  ª: 'a',
  º: 'o',
  Æ: 'AE',
  æ: 'ae',
  Ð: 'D',
  ð: 'd',
  Ø: 'O',
  ø: 'o',
  Þ: 'TH',
  þ: 'th',
  ß: 's',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ĳ: 'IJ',
  ĳ: 'ij',
  ĸ: 'k',
  Ŀ: 'L',
  ŀ: 'l',
  Ł: 'L',
  ł: 'l',
  ŉ: 'n',
  Ŋ: 'N',
  ŋ: 'n',
  Œ: 'OE',
  œ: 'oe',
  Ŧ: 'T',
  ŧ: 't',
  ſ: 's',
  Ə: 'E',
  ǝ: 'e',
  '€': 'E',
  '£': '',
  ɑ: 'a',
};

/** Locale-specific readings (`remove_accents` with a locale). */
const BY_LOCALE: Record<string, Record<string, string>> = {
  de: { Ä: 'Ae', ä: 'ae', Ö: 'Oe', ö: 'oe', Ü: 'Ue', ü: 'ue', ẞ: 'SS', ß: 'ss' },
  da_DK: { Æ: 'Ae', æ: 'ae', Ø: 'Oe', ø: 'oe', Å: 'Aa', å: 'aa' },
  ca: { l·l: 'll' },
  sr_RS: { Đ: 'DJ', đ: 'dj' },
  bs_BA: { Đ: 'DJ', đ: 'dj' },
};

/**
 * Whether WordPress's table transliterates a character: Latin-1 letters, Latin Extended-A, the
 * few Latin Extended-B letters it lists (Ș, Ț, Ơ, Ư, Pinyin vowels with tone marks) and the
 * Vietnamese vowels with tone marks.
 */
function inTable(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  if (ch in SPECIAL) return true;
  if (c >= 0xc0 && c <= 0xff) return c !== 0xd7 && c !== 0xf7;
  if (c >= 0x100 && c <= 0x17f) return true;
  if ('ȘșȚțƠơƯư'.includes(ch)) return true;
  if (c >= 0x1d5 && c <= 0x1dc) return true; // Ǖ … ǜ
  if (c >= 0x1cd && c <= 0x1d4) return true; // Ǎ … ǔ
  if (c >= 0x1ea0 && c <= 0x1ef9) return /[AEIOUYaeiouy]/.test(ch.normalize('NFD')[0] ?? '');
  return false;
}

const baseLetter = (ch: string) => ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** `remove_accents`: accented Latin letters to plain ones (`é` → `e`, `ß` → `s`, `€` → `E`, `£` dropped). */
export function removeAccents(text: string, locale = ''): string {
  if (!/[^\u0000-\u007f]/.test(text)) return text;
  const normalized = text.normalize('NFC');
  const extra = BY_LOCALE[locale] ?? (locale.startsWith('de') ? BY_LOCALE.de : undefined);
  let out = normalized;
  if (extra?.l·l) out = out.split('l·l').join('ll');
  let result = '';
  for (const ch of out) {
    const local = extra?.[ch];
    if (local !== undefined) result += local;
    else if (!inTable(ch)) result += ch;
    else result += SPECIAL[ch] ?? baseLetter(ch);
  }
  return result;
}

/**
 * `utf8_uri_encode` with a length: non-ASCII characters as lower-case `%xx` octets, stopping before
 * the character that would pass `max` bytes of output.
 */
function uriEncode(text: string, max: number): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 128) {
      if (out.length + 1 > max) break;
      out += ch;
      continue;
    }
    const octets = [...UTF8.encode(ch)].map((b) => `%${b.toString(16)}`).join('');
    if (out.length + octets.length > max) break;
    out += octets;
  }
  return out;
}

/** Percent-encoded characters a saved slug drops, and those that become a dash. */
const DROPPED = [
  '%c2%ad',
  '%c2%a1',
  '%c2%bf',
  '%c2%ab',
  '%c2%bb',
  '%e2%80%b9',
  '%e2%80%ba',
  '%e2%80%98',
  '%e2%80%99',
  '%e2%80%9c',
  '%e2%80%9d',
  '%e2%80%9a',
  '%e2%80%9b',
  '%e2%80%9e',
  '%e2%80%9f',
  '%e2%80%a2',
  '%c2%a9',
  '%c2%ae',
  '%c2%b0',
  '%e2%80%a6',
  '%e2%84%a2',
  '%c2%b4',
  '%cb%8a',
  '%cc%81',
  '%cd%81',
  '%cc%80',
  '%cc%84',
  '%cc%8c',
  '%e2%80%8b',
  '%e2%80%8c',
  '%e2%80%8d',
  '%e2%80%8e',
  '%e2%80%8f',
  '%e2%80%aa',
  '%e2%80%ab',
  '%e2%80%ac',
  '%e2%80%ad',
  '%e2%80%ae',
  '%ef%bb%bf',
  '%ef%bf%bc',
];
const TO_DASH = [
  '%e2%80%80',
  '%e2%80%81',
  '%e2%80%82',
  '%e2%80%83',
  '%e2%80%84',
  '%e2%80%85',
  '%e2%80%86',
  '%e2%80%87',
  '%e2%80%88',
  '%e2%80%89',
  '%e2%80%8a',
  '%e2%80%a8',
  '%e2%80%a9',
  '%e2%80%af',
];

const replaceAll = (t: string, list: readonly string[], to: string) =>
  list.reduce((acc, s) => (acc.includes(s) ? acc.split(s).join(to) : acc), t);

/** `sanitize_title_with_dashes` in the `save` context (how slugs are stored). */
export function titleWithDashes(input: string): string {
  let t = phpStripTags(input);
  t = t.replace(/%([a-fA-F0-9][a-fA-F0-9])/g, '---$1---');
  t = t.split('%').join('');
  t = t.replace(/---([a-fA-F0-9][a-fA-F0-9])---/g, '%$1');
  t = uriEncode(t.toLowerCase(), MAX_SLUG_LENGTH).toLowerCase();
  t = replaceAll(t, ['%c2%a0', '%e2%80%91', '%e2%80%93', '%e2%80%94'], '-');
  t = replaceAll(t, ['&nbsp;', '&#8209;', '&#160;', '&ndash;', '&#8211;', '&mdash;', '&#8212;'], '-');
  t = t.split('/').join('-');
  t = replaceAll(t, DROPPED, '');
  t = replaceAll(t, TO_DASH, '-');
  t = t.split('%c3%97').join('x');
  t = t.replace(/&.+?;/g, '');
  t = t.split('.').join('-');
  t = t.replace(/[^%a-z0-9 _-]/g, '');
  t = t.replace(/[ \t\n\v\f\r]+/g, '-');
  t = t.replace(/-+/g, '-');
  return t.replace(/^-+|-+$/g, '');
}

/**
 * `sanitize_title` as a save does it: accents removed (by the site's locale), then
 * {@link titleWithDashes}. `Bad Slug!!` → `bad-slug`, `Café & Bar` → `cafe-bar`; may be empty.
 */
export function sanitizeTitle(text: string, locale = ''): string {
  return titleWithDashes(removeAccents(text, locale));
}
