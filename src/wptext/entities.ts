/**
 * Character references: decoding them (as a browser reads text), and WordPress's own handling of them
 * when it stores or escapes text (`wp_kses_normalize_entities`, `_wp_specialchars`, `esc_html`).
 */
import { createRequire } from 'node:module';
import { stripslashes } from './php.js';

type Decoders = typeof import('entities');
let decoders: Decoders | undefined;
/**
 * The full HTML decoder (the `entities` package), loaded on first need: its tables take tens of
 * milliseconds to load, which every command would otherwise pay at start.
 */
const full = (): Decoders => {
  decoders ??= createRequire(import.meta.url)('entities') as Decoders;
  return decoders;
};

/** The references a site's text nearly always holds: numbers, and the names XML knows plus `nbsp`. */
const COMMON = /&(?:#([0-9]{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** A code point a numeric reference gives as itself (HTML maps 0, surrogates and 0x80–0x9F otherwise). */
const plainCode = (n: number) => n > 0 && n <= 0x10ffff && !(n >= 0xd800 && n <= 0xdfff) && !(n >= 0x80 && n <= 0x9f);

/**
 * Decodes common references here, or returns undefined when the text holds any other `&` (named
 * references, references HTML reads specially, a bare `&`): those go to the full decoder.
 */
function decodeCommon(text: string): string | undefined {
  let simple = true;
  const rest = text.replace(COMMON, (_all, dec?: string, hex?: string) => {
    if (dec !== undefined || hex !== undefined) {
      const n = dec !== undefined ? Number(dec) : Number.parseInt(hex as string, 16);
      if (!plainCode(n)) simple = false;
    }
    return '';
  });
  if (!simple || rest.includes('&')) return undefined;
  return text.replace(COMMON, (_all, dec?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED[name] as string;
    return String.fromCodePoint(dec !== undefined ? Number(dec) : Number.parseInt(hex as string, 16));
  });
}

/** Decodes every character reference as a browser reads text (`&amp;`, `&#8217;`, `&hellip;` …). */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return decodeCommon(text) ?? full().decodeHTML(text);
}

/** Decodes the references of an attribute value as a browser does (`&copy=` stays as written there). */
export function decodeAttribute(text: string): string {
  if (!text.includes('&')) return text;
  return decodeCommon(text) ?? full().decodeHTMLAttribute(text);
}

/**
 * The named references kses keeps (`$allowedentitynames`): HTML 4's character entities and `apos`.
 * Any other `&name;` is disarmed to `&amp;name;`.
 */
const HTML4_NAMES = new Set(
  (
    'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn acute micro ' +
    'para middot cedil ordm raquo iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc ' +
    'Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc ' +
    'Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave ' +
    'iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute ' +
    'thorn yuml quot amp lt gt apos OElig oelig Scaron scaron Yuml circ tilde ensp emsp thinsp zwnj zwj lrm rlm ' +
    'ndash mdash lsquo rsquo sbquo ldquo rdquo bdquo dagger Dagger permil lsaquo rsaquo euro fnof Alpha Beta ' +
    'Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho Sigma Tau Upsilon Phi Chi Psi ' +
    'Omega alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigmaf sigma ' +
    'tau upsilon phi chi psi omega thetasym upsih piv bull hellip prime Prime oline frasl weierp image real ' +
    'trade alefsym larr uarr rarr darr harr crarr lArr uArr rArr dArr hArr forall part exist empty nabla isin ' +
    'notin ni prod sum minus lowast radic prop infin ang and or cap cup int sim cong asymp ne equiv le ge sub ' +
    'sup nsub sube supe oplus otimes perp sdot lceil rceil lfloor rfloor lang rang loz spades clubs hearts ' +
    'diams sup1 sup2 sup3 frac14 frac12 frac34 there4'
  ).split(' '),
);

/** The five XML references (kses' `$allowedxmlentitynames`). */
const XML_NAMES = new Set(['amp', 'lt', 'gt', 'apos', 'quot']);

/** Code points a numeric reference may name for kses (`valid_unicode`): XML's characters. */
export function validUnicode(n: number): boolean {
  return (
    n === 0x9 ||
    n === 0xa ||
    n === 0xd ||
    (n >= 0x20 && n <= 0xd7ff) ||
    (n >= 0xe000 && n <= 0xfffd) ||
    (n >= 0x10000 && n <= 0x10ffff)
  );
}

/**
 * Every `&` that does not start a reference kses accepts becomes `&amp;` (`wp_kses_normalize_entities`):
 * decimal references lose leading zeros and are padded to three digits (`&#38;` → `&#038;`), hex ones
 * lose leading zeros, named ones must be HTML 4 names; anything else is disarmed. In the `xml` context
 * the HTML 4 names other than the five XML ones are written as their characters.
 */
export function normalizeEntities(text: string, context: 'html' | 'xml' = 'html'): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(?:#(0*[1-9][0-9]{0,6});|#[Xx](0*[1-9A-Fa-f][0-9A-Fa-f]{0,5});|([A-Za-z]{2,8}[0-9]{0,2});)?/g,
    (all, dec, hex, name) => {
      if (dec !== undefined) {
        if (!validUnicode(Number(dec))) return `&amp;#${dec};`;
        return `&#${dec.replace(/^0+/, '').padStart(3, '0')};`;
      }
      if (hex !== undefined) {
        if (!validUnicode(Number.parseInt(hex, 16))) return `&amp;#x${hex};`;
        return `&#x${hex.replace(/^0+/, '')};`;
      }
      if (name !== undefined) {
        if (context === 'xml') {
          if (XML_NAMES.has(name)) return `&${name};`;
          if (HTML4_NAMES.has(name)) return full().decodeHTML(`&${name};`);
          return `&amp;${name};`;
        }
        return HTML4_NAMES.has(name) ? `&${name};` : `&amp;${name};`;
      }
      return all === '&' ? '&amp;' : all;
    },
  );
}

/**
 * `_wp_specialchars` without double encoding: references are normalized first (so every `&` left is
 * a valid one), then `<`, `>` and, with `quotes`, `"` and `'` are escaped. `quotes: false` is
 * WordPress's default (ENT_NOQUOTES), used on term names; `esc_html` escapes both quotes.
 */
export function specialchars(text: string, quotes: boolean | 'double'): string {
  if (text === '' || !/[&<>"']/.test(text)) return text;
  const normalized = normalizeEntities(text);
  return normalized.replace(/[<>"']/g, (ch) => {
    if (ch === '<') return '&lt;';
    if (ch === '>') return '&gt;';
    if (!quotes) return ch;
    if (ch === '"') return '&quot;';
    return quotes === 'double' ? ch : '&#039;';
  });
}

/**
 * `esc_js`: special characters escaped with double quotes only (ENT_COMPAT), references to `'` turned
 * back into `'`, backslashes removed (`stripslashes`), carriage returns dropped, then `'` and `\`
 * slashed and each newline written as the two characters `\n`.
 */
export function escJs(text: string): string {
  const escaped = specialchars(text, 'double').replace(/&#(?:x0*27|0*39);?/gi, "'");
  return stripslashes(escaped)
    .replace(/\r/g, '')
    .replace(/[\\'"\0]/g, (ch) => (ch === '\0' ? '\\0' : `\\${ch}`))
    .replace(/\n/g, '\\n');
}

/** `esc_html` / `esc_attr`: special characters escaped, quotes included, existing references kept. */
export function escHtml(text: string): string {
  return specialchars(text, true);
}

/** Numeric references decoded, as kses does before it looks at a URL's scheme (`wp_kses_decode_entities`). */
export function decodeNumericEntities(text: string): string {
  return text
    .replace(/&#([0-9]+);/g, (_, d: string) => String.fromCodePoint(Math.min(Number(d), 0x10ffff)))
    .replace(/&#[Xx]([0-9A-Fa-f]+);/g, (_, h: string) =>
      String.fromCodePoint(Math.min(Number.parseInt(h, 16), 0x10ffff)),
    );
}
