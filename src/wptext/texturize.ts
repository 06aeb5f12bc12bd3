/**
 * WordPress's typography filter (`wptexturize` in wp-includes/formatting.php, with
 * `wptexturize_primes` and `_wptexturize_pushpop_element`), as the site applies it to titles,
 * contents and excerpts it shows: straight quotes become curly ones, apostrophes, primes and double
 * primes are told apart, `--`/`---`/` - ` become dashes, `...` an ellipsis, `3x4` a multiplication
 * sign, a bare `&` becomes `&#038;`. Text inside tags, comments, `<pre>`, `<code>`, `<kbd>`,
 * `<style>`, `<script>`, `<tt>`, registered shortcodes and `[code]` is left as it is. Rules and their
 * order follow WordPress (English), written anew here.
 */
import { SPACES } from './php.js';
import { REGISTERED_SHORTCODES } from './shortcode-names.js';

const OPEN_Q = '&#8220;';
const CLOSE_Q = '&#8221;';
const APOS = '&#8217;';
const PRIME = '&#8242;';
const DOUBLE_PRIME = '&#8243;';
const OPEN_SQ = '&#8216;';
const CLOSE_SQ = '&#8217;';
const EN_DASH = '&#8211;';
const EM_DASH = '&#8212;';
// Placeholders WordPress uses between passes (kept identical: later patterns see their characters).
const OPEN_Q_FLAG = '<!--oq-->';
const OPEN_SQ_FLAG = '<!--osq-->';
const APOS_FLAG = '<!--apos-->';

const NO_TEXTURIZE_TAGS = ['pre', 'code', 'kbd', 'style', 'script', 'tt'];
const NO_TEXTURIZE_SHORTCODES = ['code'];

const COCKNEY = ["'tain't", "'twere", "'twas", "'tis", "'twill", "'til", "'bout", "'nuff", "'round", "'cause", "'em"];

/** Plain replacements, applied one after the other. */
const STATIC: [string, string][] = [
  ['...', '&#8230;'],
  ['``', OPEN_Q],
  ["''", CLOSE_Q],
  [' (tm)', ' &#8482;'],
  ...COCKNEY.map((w): [string, string] => [w, w.replace(/'/g, APOS)]),
];

/** End of text as PCRE's `\Z` and `$` read it: the very end, or before a final line feed. */
const END = '(?=\\n?$)';
const S = `(?:${SPACES})`;

/** Apostrophe and single-quote patterns, in WordPress's order. */
const APOS_RULES: [RegExp, string][] = [
  // '99' and '99" at the end of a quotation: an abbreviated year.
  [new RegExp(`'(\\d\\d)'(?=${END}|[.,:;!?)}\\-\\]]|&gt;|${S})`, 'g'), `${APOS_FLAG}$1${CLOSE_SQ}`],
  [new RegExp(`'(\\d\\d)"(?=${END}|[.,:;!?)}\\-\\]]|&gt;|${S})`, 'g'), `${APOS_FLAG}$1${CLOSE_Q}`],
  // '99, '99s, '99's — never '9, '99%, '999 or '99.0.
  [new RegExp(`'(?=\\d\\d(?:${END}|(?![%\\d]|[.,]\\d)))`, 'g'), APOS_FLAG],
  // Quoted numbers like '0.42'.
  [new RegExp(`(?<=^|${S})'(\\d[.,\\d]*)'`, 'g'), `${OPEN_SQ_FLAG}$1${CLOSE_SQ}`],
  // At the start, or after an opening bracket, a double quote, a dash, `&lt;` or a blank: opening.
  [new RegExp(`(?<=^|[([{"\\-]|&lt;|${S})'`, 'g'), OPEN_SQ_FLAG],
  // Inside a word: an apostrophe.
  [new RegExp(`(?<!${S})'(?!${END}|[.,:;!?"'(){}[\\]\\-]|&[lg]t;|${S})`, 'g'), APOS_FLAG],
];

const QUOTE_RULES: [RegExp, string][] = [
  // Quoted numbers like "42".
  [new RegExp(`(?<=^|${S})"(\\d[.,\\d]*)"`, 'g'), `${OPEN_Q_FLAG}$1${CLOSE_Q}`],
  // At the start, or after an opening bracket, a dash, `&lt;` or a blank, and not before a blank.
  [new RegExp(`(?<=^|[([{\\-]|&lt;|${S})"(?!${S})`, 'g'), OPEN_Q_FLAG],
];

const DASH_RULES: [RegExp, string][] = [
  [/---/g, EM_DASH],
  [new RegExp(`(?<=^|${S})--(?=${END}|${S})`, 'g'), EM_DASH],
  [/(?<!xn)--/g, EN_DASH],
  [new RegExp(`(?<=^|${S})-(?=${END}|${S})`, 'g'), EN_DASH],
];

/** A bare `&` (not starting something that looks like a reference) → `&#038;`. */
const BARE_AMP = /&(?!#(?:\d+|x[a-f0-9]+);|[a-z1-4]{1,8};)/gi;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** A comment after `<` (to `-->` or the end), or any other tag to its `>` (or the end). */
const HTML_PART = '<(?:(?=!--)!(?:-(?!->)[^-]*)*(?:-->)?|(?!!--)[^>]*>?)';

/**
 * The registered shortcodes found in the text, as one pattern (`_get_wptexturize_shortcode_regex`):
 * `[name …]`, `[/name]`, `[[name]]`, with no brackets inside and tags allowed. The loop takes all it
 * can and never gives back (WordPress makes it possessive), written here as a look-ahead.
 */
function shortcodePattern(names: readonly string[]): string {
  const tags = `(?:${names.map(escapeRe).join('|')})(?=[ \\t\\n\\v\\f\\r\\]/])`;
  return `\\[[/[]?${tags}(?=((?:[^[\\]<>]+|<[^[\\]>]*>)*))\\2\\]\\]?`;
}

/**
 * Finds the open/close tags of elements (and shortcodes) inside which nothing is texturized and
 * keeps the stack of those open.
 */
function pushPop(token: string, stack: string[], disabled: readonly string[]): void {
  let opening: boolean;
  let offset: number;
  if (token.length > 1 && token[1] !== '/') {
    opening = true;
    offset = 1;
  } else if (stack.length === 0) {
    return;
  } else {
    opening = false;
    offset = 2;
  }
  const space = token.indexOf(' ');
  // (no blank: the name runs to the character before the last)
  const tag = space === -1 ? token.slice(offset, -1) : token.slice(offset, space);
  if (!disabled.includes(tag)) return;
  if (opening) stack.push(tag);
  else if (stack[stack.length - 1] === tag) stack.pop();
}

/**
 * Tells primes from closing quotes after the opening quotes are placed (`wptexturize_primes`): in
 * each stretch after an opening quote with no closing quote yet, a lone candidate is the closing
 * quote; among several, the one not after a digit (or the last one before a period, or the last one)
 * closes and the rest after digits are primes.
 */
const PRIME_FLAG = '<!--wp-prime-or-quote-->';
/** The patterns of {@link primes} for `'` and `"`. */
const PRIME_PATTERNS = Object.fromEntries(
  ["'", '"'].map((needle) => [
    needle,
    {
      quote: new RegExp(`${escapeRe(needle)}(?=${END}|[.,:;!?)}\\-\\]]|&gt;|${S})`, 'g'),
      prime: new RegExp(`(?<=\\d)${escapeRe(needle)}`, 'g'),
      flagAfterDigit: new RegExp(`(?<=\\d)${escapeRe(PRIME_FLAG)}`, 'g'),
      flagNoDigit: new RegExp(`(?<!\\d)${escapeRe(PRIME_FLAG)}`, 'g'),
    },
  ]),
) as Record<string, { quote: RegExp; prime: RegExp; flagAfterDigit: RegExp; flagNoDigit: RegExp }>;

function primes(haystack: string, needle: string, prime: string, openQuote: string, closeQuote: string): string {
  const flag = PRIME_FLAG;
  const p = PRIME_PATTERNS[needle] as (typeof PRIME_PATTERNS)[string];
  const quotePattern = p.quote;
  const primePattern = p.prime;
  const flagAfterDigit = p.flagAfterDigit;
  const flagNoDigit = p.flagNoDigit;
  const sentences = haystack.split(openQuote);
  for (let key = 0; key < sentences.length; key++) {
    let sentence = sentences[key] as string;
    if (!sentence.includes(needle)) continue;
    if (key !== 0 && !sentence.includes(closeQuote)) {
      let count = 0;
      sentence = sentence.replace(quotePattern, () => {
        count++;
        return flag;
      });
      if (count > 1) {
        let count2 = 0;
        sentence = sentence.replace(flagNoDigit, () => {
          count2++;
          return closeQuote;
        });
        if (count2 === 0) {
          const period = sentence.lastIndexOf(`${flag}.`);
          const pos = period !== -1 ? period : sentence.lastIndexOf(flag);
          sentence = sentence.slice(0, pos) + closeQuote + sentence.slice(pos + flag.length);
        }
        sentence = sentence.replace(primePattern, prime);
        sentence = sentence.replace(flagAfterDigit, prime);
        sentence = sentence.split(flag).join(closeQuote);
      } else if (count === 1) {
        sentence = sentence.split(flag).join(closeQuote);
        sentence = sentence.replace(primePattern, prime);
      } else {
        sentence = sentence.replace(primePattern, prime);
      }
    } else {
      sentence = sentence.replace(primePattern, prime);
      sentence = sentence.replace(quotePattern, closeQuote);
    }
    if (needle === '"' && sentence.includes('"')) sentence = sentence.split('"').join(closeQuote);
    sentences[key] = sentence;
  }
  return sentences.join(openQuote);
}

const applyAll = (text: string, rules: readonly [RegExp, string][]) =>
  rules.reduce((t, [re, to]) => t.replace(re, to), text);

/** Texturizes a run of plain text (no tags, not inside a disabled element). */
function texturizeText(input: string): string {
  let t = input;
  for (const [from, to] of STATIC) if (t.includes(from)) t = t.split(from).join(to);
  if (t.includes("'")) {
    t = applyAll(t, APOS_RULES);
    t = primes(t, "'", PRIME, OPEN_SQ_FLAG, CLOSE_SQ);
    t = t.split(APOS_FLAG).join(APOS).split(OPEN_SQ_FLAG).join(OPEN_SQ);
  }
  if (t.includes('"')) {
    t = applyAll(t, QUOTE_RULES);
    t = primes(t, '"', DOUBLE_PRIME, OPEN_Q_FLAG, CLOSE_Q);
    t = t.split(OPEN_Q_FLAG).join(OPEN_Q);
  }
  if (t.includes('-')) t = applyAll(t, DASH_RULES);
  // 9x9 (times), but never 0x9999.
  if (/(?<=\d)x\d/.test(t)) t = t.replace(/\b(0[\d.,]+|[1-9][\d.,]*)x(\d[\d.,]*)\b/g, '$1&#215;$2');
  return t.replace(BARE_AMP, '&#038;');
}

const splitCache = new Map<string, { split: RegExp; whole: RegExp | null }>();

/** The split pattern for the registered shortcodes found in a text (compiled once per set). */
function splitPatterns(names: readonly string[]): { split: RegExp; whole: RegExp | null } {
  const key = names.join('|');
  let hit = splitCache.get(key);
  if (!hit) {
    const shortcode = names.length > 0 ? shortcodePattern(names) : '';
    // (the split pattern's own group 1 wraps the whole; the shortcode loop's look-ahead is group 2)
    hit = {
      split: new RegExp(`(${HTML_PART}${shortcode ? `|${shortcode}` : ''})`, 'g'),
      whole: shortcode ? new RegExp(`^(${shortcode})$`) : null,
    };
    if (splitCache.size > 64) splitCache.clear();
    splitCache.set(key, hit);
  }
  return hit;
}

/** `wptexturize`, with WordPress's registered shortcodes (see shortcode-names.ts). */
export function texturize(text: string, shortcodes: readonly string[] = REGISTERED_SHORTCODES): string {
  if (text === '' || text === '0') return text;
  const found = new Set<string>();
  for (const m of text.matchAll(/\[\/?([^<>&/[\]\x00-\x20=]+)/g)) found.add(m[1] as string);
  const names = shortcodes.filter((n) => found.has(n));
  const { split, whole } = splitPatterns(names);
  const tagStack: string[] = [];
  const codeStack: string[] = [];
  const out: string[] = [];
  let last = 0;
  const pieces: string[] = [];
  for (const m of text.matchAll(split)) {
    if (m.index > last) pieces.push(text.slice(last, m.index));
    if (m[0] !== '') pieces.push(m[0]);
    last = m.index + m[0].length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  for (const piece of pieces) {
    const first = piece[0];
    if (first === '<') {
      if (piece.startsWith('<!--')) {
        out.push(piece);
        continue;
      }
      const tag = piece.replace(BARE_AMP, '&#038;');
      pushPop(tag, tagStack, NO_TEXTURIZE_TAGS);
      out.push(tag);
    } else if (/^[ \t\n\r\0\v]*$/.test(piece)) {
      out.push(piece);
    } else if (first === '[' && whole?.test(piece)) {
      if (!piece.startsWith('[[') && !piece.endsWith(']]')) pushPop(piece, codeStack, NO_TEXTURIZE_SHORTCODES);
      out.push(piece);
    } else if (tagStack.length === 0 && codeStack.length === 0) {
      out.push(texturizeText(piece));
    } else {
      out.push(piece);
    }
  }
  return out.join('');
}
