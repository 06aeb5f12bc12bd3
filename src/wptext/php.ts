/**
 * The few PHP string primitives WordPress's text rules lean on, with PHP's semantics rather than
 * JavaScript's: PHP's regular expressions run on bytes, so `\s` is ASCII whitespace only and never a
 * no-break space, and `trim` strips a fixed set of ASCII characters.
 */

/** PCRE's `\s` outside UTF mode: space, tab, line feed, vertical tab, form feed, carriage return. */
export const WS = '[ \\t\\n\\v\\f\\r]';

/**
 * WordPress's `wp_spaces_regexp()` (the blanks its typography rules look for): ASCII blanks, a
 * no-break space, or the `&nbsp;` entity.
 */
export const SPACES = '[\\r\\n\\t ]|\\u00a0|&nbsp;';

const TRIMMED = ' \t\n\r\0\u000b';

/** PHP's `trim()` (or `trim($s, $chars)` with a plain list of characters). */
export function phpTrim(text: string, chars: string = TRIMMED): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start] as string)) start++;
  while (end > start && chars.includes(text[end - 1] as string)) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/**
 * PHP's `stripslashes()`, which `wp_unslash` applies to what a request carries: a backslash is
 * dropped and the character after it kept, `\\` leaves one backslash, `\0` becomes a NUL character.
 */
export function stripslashes(text: string): string {
  if (!text.includes('\\')) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = text[i + 1];
    i++;
    if (next === undefined) break;
    out += next === '0' ? '\0' : next;
  }
  return out;
}

/** `str_replace` with a list of pairs: each pair replaces every occurrence, one pair after the other. */
export function replaceEach(text: string, pairs: readonly (readonly [string, string])[]): string {
  let out = text;
  for (const [from, to] of pairs) if (out.includes(from)) out = out.split(from).join(to);
  return out;
}

/**
 * `strtr` with pairs: at each position the longest key that matches wins and the replaced text is
 * never looked at again (unlike {@link replaceEach}).
 */
export function strtr(text: string, pairs: Readonly<Record<string, string>>): string {
  const keys = Object.keys(pairs).sort((a, b) => b.length - a.length);
  if (keys.length === 0) return text;
  let out = '';
  let i = 0;
  outer: while (i < text.length) {
    for (const k of keys) {
      if (k !== '' && text.startsWith(k, i)) {
        out += pairs[k];
        i += k.length;
        continue outer;
      }
    }
    out += text[i];
    i++;
  }
  return out;
}

/** PHP's `is_numeric()` on a string: optional blanks, sign, digits with an optional fraction and exponent. */
export function isNumeric(text: string): boolean {
  return /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/.test(text);
}
