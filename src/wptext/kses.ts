/**
 * WordPress's HTML filter (`wp_kses` in wp-includes/kses.php): only allowed elements and attributes
 * survive, URL attributes lose schemes outside the allowed list, references are normalized, comments
 * are kept with their dashes tamed. The site runs it on term names and descriptions always
 * (`wp_filter_kses` with `$allowedtags`), and on post titles, contents and excerpts of users without
 * the `unfiltered_html` capability (`wp_filter_kses` for titles, `wp_kses_post` for the rest).
 */
import { decodeAttribute, decodeNumericEntities, normalizeEntities } from './entities.js';
import { phpTrim, WS } from './php.js';
import { preKsesLessThan } from './sanitize.js';

/** Allowed attributes of an element: `true` for any value, or `{ valueless: 'y' }`-style checks. */
export type AllowedAttributes = Readonly<Record<string, true | Readonly<Record<string, unknown>>>>;
export type AllowedHtml = Readonly<Record<string, AllowedAttributes>>;

const attrs = (names: string): Record<string, true> =>
  Object.fromEntries(
    names
      .split(' ')
      .filter(Boolean)
      .map((n) => [n, true as const]),
  );

/** `$allowedtags`: what kses keeps in term names and descriptions, comments, and non-admin titles. */
export const ALLOWED_TAGS: AllowedHtml = {
  a: attrs('href title'),
  abbr: attrs('title'),
  acronym: attrs('title'),
  b: {},
  blockquote: attrs('cite'),
  cite: {},
  code: {},
  del: attrs('datetime'),
  em: {},
  i: {},
  q: attrs('cite'),
  s: {},
  strike: {},
  strong: {},
};

/** Attributes `_wp_add_global_attributes` allows on every post element. */
const GLOBAL_ATTRIBUTES =
  'aria-controls aria-current aria-describedby aria-details aria-expanded aria-hidden aria-label aria-labelledby aria-live class data-* dir hidden id lang style title role xml:lang';

const ALIGN = 'align';
const CELL = 'align char charoff valign';
const TD = 'abbr align axis bgcolor char charoff colspan headers height nowrap rowspan scope valign width';
/** `$allowedposttags` (HTML elements; MathML left out): what `wp_kses_post` keeps. */
const POST_ELEMENTS: Record<string, string> = {
  address: '',
  a: 'href rel rev name target',
  abbr: '',
  acronym: '',
  area: 'alt coords href nohref shape target',
  article: ALIGN,
  aside: ALIGN,
  audio: 'autoplay controls loop muted preload src',
  b: '',
  bdo: '',
  big: '',
  blockquote: 'cite',
  br: '',
  button: 'disabled name type value popovertarget popovertargetaction aria-haspopup',
  caption: ALIGN,
  cite: '',
  code: '',
  col: 'align char charoff span valign width',
  colgroup: 'align char charoff span valign width',
  data: 'value',
  del: 'datetime',
  dd: '',
  dfn: '',
  details: 'align open name',
  div: 'align popover',
  dialog: 'closedby open popover',
  dl: '',
  dt: '',
  em: '',
  fieldset: '',
  figure: ALIGN,
  figcaption: ALIGN,
  font: 'color face size',
  footer: ALIGN,
  h1: ALIGN,
  h2: ALIGN,
  h3: ALIGN,
  h4: ALIGN,
  h5: ALIGN,
  h6: ALIGN,
  header: ALIGN,
  hgroup: ALIGN,
  hr: 'align noshade size width',
  i: '',
  img: 'alt align border height hspace loading longdesc vspace src usemap width',
  ins: 'datetime cite',
  kbd: '',
  label: 'for',
  legend: ALIGN,
  li: 'align value',
  main: ALIGN,
  map: 'name',
  mark: '',
  menu: 'type',
  meter: 'high low max min optimum value',
  nav: ALIGN,
  p: ALIGN,
  pre: 'width',
  progress: 'max value',
  q: 'cite',
  rb: '',
  rp: '',
  rt: '',
  rtc: '',
  ruby: '',
  s: '',
  samp: '',
  search: '',
  span: ALIGN,
  section: ALIGN,
  small: '',
  strike: '',
  strong: '',
  sub: '',
  summary: ALIGN,
  sup: '',
  table: 'align bgcolor border cellpadding cellspacing rules summary width',
  tbody: CELL,
  td: TD,
  textarea: 'cols rows disabled name readonly',
  tfoot: CELL,
  th: TD,
  thead: CELL,
  time: 'datetime',
  title: '',
  tr: 'align bgcolor char charoff valign',
  track: 'default kind label src srclang',
  tt: '',
  u: '',
  ul: 'type popover role',
  ol: 'start type reversed',
  var: '',
  video: 'autoplay controls height loop muted playsinline poster preload src width',
  wbr: '',
};

export const ALLOWED_POST_TAGS: AllowedHtml = Object.fromEntries(
  Object.entries(POST_ELEMENTS).map(([el, names]) => {
    const out: Record<string, true | Record<string, unknown>> = attrs(`${names} ${GLOBAL_ATTRIBUTES}`);
    if (el === 'a') out.download = { valueless: 'y' };
    return [el, out];
  }),
);

/** `wp_allowed_protocols()`. */
export const ALLOWED_PROTOCOLS = [
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'news',
  'irc',
  'irc6',
  'ircs',
  'gopher',
  'nntp',
  'feed',
  'telnet',
  'mms',
  'rtsp',
  'sms',
  'svn',
  'tel',
  'fax',
  'xmpp',
  'webcal',
  'urn',
];

/** Attributes holding URLs (`wp_kses_uri_attributes`): their scheme is checked. */
const URI_ATTRIBUTES = new Set(
  'action archive background cite classid codebase data formaction href icon longdesc manifest poster profile src usemap xmlns'.split(
    ' ',
  ),
);

/** `wp_kses_no_null`: control characters removed; `\0`-style escapes too unless `keepSlashZero`. */
export function ksesNoNull(text: string, keepSlashZero = false): string {
  const out = text.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, '');
  return keepSlashZero ? out : out.replace(/\\+0+/g, '');
}

/** One round of `wp_kses_bad_protocol_once`: the scheme is kept only when allowed. */
function badProtocolOnce(input: string, protocols: readonly string[], count = 1): string {
  let content = input.replace(/(&#0*58(?![;0-9])|&#x0*3a(?![;a-f0-9]))/gi, '$1;');
  const m = /:|&#0*58;|&#x0*3a;|&colon;/i.exec(content);
  if (!m) return content;
  const before = content.slice(0, m.index);
  if (/\/\?/.test(before)) return content;
  content = phpTrim(content.slice(m.index + m[0].length));
  const scheme = ksesNoNull(decodeNumericEntities(before).replace(/[ \t\n\v\f\r]/g, '')).toLowerCase();
  const protocol = protocols.some((p) => p.toLowerCase() === scheme) ? `${scheme}:` : '';
  if (protocol === 'feed:') {
    if (count > 2) return '';
    content = badProtocolOnce(content, protocols, count + 1);
    if (content === '') return content;
  }
  return protocol + content;
}

/** `wp_kses_bad_protocol`: a URL's scheme must be an allowed one (else it is removed). */
export function ksesBadProtocol(input: string, protocols: readonly string[] = ALLOWED_PROTOCOLS): string {
  let content = ksesNoNull(input);
  if (content.startsWith('https://') || content.startsWith('http://')) return content;
  let original: string;
  let iterations = 0;
  do {
    original = content;
    content = badProtocolOnce(content, protocols);
  } while (original !== content && ++iterations < 6);
  return original !== content ? '' : content;
}

interface Attribute {
  name: string;
  /** decoded value; null for a valueless attribute */
  value: string | null;
}

/**
 * Attributes as an HTML parser reads them from a start tag's remainder (what kses asks WordPress's
 * tag processor for): names lower-cased, the first of duplicates kept, values decoded.
 */
function parseAttributes(text: string): Attribute[] {
  const out: Attribute[] = [];
  const seen = new Set<string>();
  let i = 0;
  const n = text.length;
  const blank = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
  while (i < n) {
    while (i < n && (blank(text[i]) || text[i] === '/')) i++;
    if (i >= n) break;
    const start = i;
    // (a name may begin with `=`; it ends at a blank, `/`, `>` or a later `=`)
    i++;
    while (i < n && !blank(text[i]) && text[i] !== '/' && text[i] !== '>' && text[i] !== '=') i++;
    const name = text.slice(start, i).toLowerCase();
    let j = i;
    while (j < n && blank(text[j])) j++;
    let value: string | null = null;
    if (text[j] === '=') {
      j++;
      while (j < n && blank(text[j])) j++;
      const q = text[j];
      if (q === '"' || q === "'") {
        const end = text.indexOf(q, j + 1);
        const stop = end === -1 ? n : end;
        value = text.slice(j + 1, stop);
        i = end === -1 ? n : end + 1;
      } else {
        const s2 = j;
        while (j < n && !blank(text[j]) && text[j] !== '>') j++;
        value = text.slice(s2, j);
        i = j;
      }
      value = decodeAttribute(value);
    }
    if (!seen.has(name)) {
      seen.add(name);
      out.push({ name, value });
    }
  }
  return out;
}

const RECODE: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&apos;', '"': '&quot;' };

/** `safecss_filter_attr`, reduced: a style value with markup, escapes, comments or `url(` is refused. */
function safeCss(value: string): string {
  if (/[\\<>]|\/\*|expression|url\s*\(/i.test(value)) return '';
  return value
    .split(';')
    .map((d) => phpTrim(d))
    .filter((d) => /^[a-z-]+\s*:/i.test(d))
    .join(';');
}

function attributeAllowed(element: string, attr: Attribute, allowed: AllowedHtml): boolean {
  const spec = allowed[element.toLowerCase()];
  if (!spec) return false;
  let check = spec[attr.name];
  if (check === undefined && attr.name.startsWith('data-') && spec['data-*'] && /^data-[a-z0-9_-]+$/.test(attr.name))
    check = spec['data-*'];
  if (check === undefined) return false;
  if (check !== true) {
    for (const [key, want] of Object.entries(check)) {
      if (key === 'valueless' && String(want).toLowerCase() !== (attr.value === null ? 'y' : 'n')) return false;
      if (key === 'values' && Array.isArray(want) && !want.includes(String(attr.value ?? '').toLowerCase()))
        return false;
    }
  }
  return true;
}

/** `wp_kses_attr`: an allowed start tag rebuilt with its allowed attributes only, values re-escaped. */
function ksesAttr(element: string, attrText: string, allowed: AllowedHtml, protocols: readonly string[]): string {
  const slash = new RegExp(`${WS}*/${WS}*$`).test(attrText) ? ' /' : '';
  const spec = allowed[element.toLowerCase()];
  if (!spec || Object.keys(spec).length === 0) return `<${element}${slash}>`;
  let kept = '';
  for (const attr of parseAttributes(attrText)) {
    let value = attr.value;
    if (value !== null && URI_ATTRIBUTES.has(attr.name)) value = ksesBadProtocol(value, protocols);
    if (attr.name === 'style' && value !== null) {
      value = safeCss(value);
      if (value === '') continue;
    }
    const checked = { name: attr.name, value };
    if (!attributeAllowed(element, checked, allowed)) continue;
    kept +=
      value === null ? ` ${attr.name}` : ` ${attr.name}="${value.replace(/[&<>'"]/g, (c) => RECODE[c] as string)}"`;
  }
  return `<${element}${kept.replace(/[<>]/g, '')}${slash}>`;
}

/** `wp_kses_split2`: one token (tag, comment or stray `>`) filtered. */
function ksesToken(input: string, allowed: AllowedHtml, protocols: readonly string[]): string {
  const content = input.replace(/\\"/g, '"');
  if (!content.startsWith('<')) return '&gt;';
  if (/^(?:<\/[^a-zA-Z][^>]*>|<![a-z][^>]*>)$/.test(content)) {
    const opener = content[1];
    let inner = content.slice(2, -1);
    let prev: string;
    do {
      prev = inner;
      inner = kses(inner, allowed, protocols);
    } while (prev !== inner);
    return `<${opener}${inner}>`;
  }
  if (content.startsWith('<!--')) {
    let inner = content.split('<!--').join('').split('-->').join('');
    for (let next = kses(inner, allowed, protocols); next !== inner; next = kses(inner, allowed, protocols))
      inner = next;
    if (inner === '') return '';
    inner = inner.replace(/--+/g, '-').replace(/-$/, '');
    return `<!--${inner}-->`;
  }
  const m = new RegExp(`^<${WS}*(/${WS}*)?([a-zA-Z0-9-]+)([^>]*)>?\\n?$`).exec(content);
  if (!m) return '';
  const [, slash = '', elem = '', attrList = ''] = m;
  if (!allowed[elem.toLowerCase()]) return '';
  if (phpTrim(slash) !== '') return `</${elem}>`;
  return ksesAttr(elem, attrList, allowed, protocols);
}

const TOKEN = /(<!--[^\n]*?(?:-->|(?=\n?$))|<\/[^a-zA-Z][^>]*>|<![^>]*>)|(<[^>]*(?:>|(?=\n?$))|>)/g;

/** `wp_kses`: filters `text` down to `allowed` elements and attributes and allowed URL schemes. */
export function kses(text: string, allowed: AllowedHtml, protocols: readonly string[] = ALLOWED_PROTOCOLS): string {
  let content = ksesNoNull(text, true);
  content = normalizeEntities(content);
  content = preKsesLessThan(content);
  return content.replace(TOKEN, (token) => ksesToken(token, allowed, protocols));
}

/** `wp_kses_post`: what a user without `unfiltered_html` may keep in a post's content or excerpt. */
export const ksesPost = (text: string) => kses(text, ALLOWED_POST_TAGS);

/** `wp_kses_data` / `wp_filter_kses`: the small set of inline elements of `$allowedtags`. */
export const ksesData = (text: string) => kses(text, ALLOWED_TAGS);
