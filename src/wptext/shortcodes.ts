/**
 * Running shortcodes as a site shows a description (`do_shortcode` and its helpers in
 * wp-includes/shortcodes.php). Only registered shortcodes run; the others stay as typed. What each
 * registered one gives on a calendar that holds no media: `[caption]` its content (or a figure when
 * it has a width and a caption, `img_caption_shortcode`), `[gallery]`, `[playlist]`, `[audio]` and
 * `[video]` nothing (there is nothing attached to show), `[embed]URL[/embed]` a link to the URL (what
 * WordPress falls back to when the address gives no embed), `[[tag]]` the literal `[tag]`.
 */
import { escHtml, normalizeEntities } from './entities.js';
import { htmlSplit } from './html-split.js';
import { ALLOWED_POST_TAGS, kses, ksesBadProtocol } from './kses.js';
import { phpTrim } from './php.js';
import { REGISTERED_SHORTCODES } from './shortcode-names.js';

export type ShortcodeAtts = Record<string, string>;
/** Where shortcodes run: the post shown (0 outside the loop, as the plugin's answers are made). */
export interface ShortcodeContext {
  postId: number;
  /** how many `[audio]` ran so far in this rendering (WordPress numbers them per request) */
  audio: number;
}

/** A shortcode's output from its attributes and enclosed content (null when self-closing). */
export type ShortcodeHandler = (
  atts: ShortcodeAtts,
  content: string | null,
  tag: string,
  context: ShortcodeContext,
) => string;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * `get_shortcode_regex` for some names. Groups: 1 `[` of an escaped `[[tag]]`, 2 the name, 3 the
 * attribute text, 4 `/` when self-closing, 5 the enclosed content, 6 `]` of an escaped tag.
 */
const regexCache = new Map<string, RegExp>();

function shortcodeRegex(names: readonly string[]): RegExp {
  const key = names.join('|');
  const hit = regexCache.get(key);
  if (hit) {
    hit.lastIndex = 0;
    return hit;
  }
  const made = buildShortcodeRegex(names);
  if (regexCache.size > 64) regexCache.clear();
  regexCache.set(key, made);
  return made;
}

function buildShortcodeRegex(names: readonly string[]): RegExp {
  const tags = names.map(escapeRe).join('|');
  return new RegExp(
    `\\[(\\[?)(${tags})(?![\\w-])([^\\]/]*(?:/(?!\\])[^\\]/]*)*?)(?:(/)\\]|\\](?:([^[]*(?:\\[(?!/\\2\\])[^[]*)*)\\[/\\2\\])?)(\\]?)`,
    'g',
  );
}

/** PHP's `stripcslashes`, for attribute values: C-style escapes read, other backslashes dropped. */
function stripcslashes(text: string): string {
  if (!text.includes('\\')) return text;
  const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', v: '\v', b: '\b', f: '\f' };
  return text.replace(/\\(x[0-9A-Fa-f]{1,2}|[0-7]{1,3}|[\s\S])?/g, (_, esc?: string) => {
    if (esc === undefined) return '';
    if (esc[0] === 'x' && esc.length > 1) return String.fromCharCode(Number.parseInt(esc.slice(1), 16));
    if (/^[0-7]+$/.test(esc)) return String.fromCharCode(Number.parseInt(esc, 8) & 0xff);
    return simple[esc] ?? esc;
  });
}

const ATTS =
  /([\w-]+)\s*=\s*"([^"]*)"(?:\s|$)|([\w-]+)\s*=\s*'([^']*)'(?:\s|$)|([\w-]+)\s*=\s*([^\s'"]+)(?:\s|$)|"([^"]*)"(?:\s|$)|'([^']*)'(?:\s|$)|(\S+)(?:\s|$)/g;

/** `shortcode_parse_atts`: named attributes lower-cased, positional ones numbered. */
export function parseShortcodeAtts(input: string): ShortcodeAtts {
  const atts: ShortcodeAtts = {};
  const text = input.replace(/[\u00a0\u200b]+/g, ' ');
  let position = 0;
  for (const m of text.matchAll(ATTS)) {
    if (m[1]) atts[m[1].toLowerCase()] = stripcslashes(m[2] ?? '');
    else if (m[3]) atts[m[3].toLowerCase()] = stripcslashes(m[4] ?? '');
    else if (m[5]) atts[m[5].toLowerCase()] = stripcslashes(m[6] ?? '');
    else if (m[7] !== undefined && m[7] !== '') atts[String(position++)] = stripcslashes(m[7]);
    else if (m[8] !== undefined && m[8] !== '') atts[String(position++)] = stripcslashes(m[8]);
    else if (m[9] !== undefined) atts[String(position++)] = stripcslashes(m[9]);
  }
  for (const [k, v] of Object.entries(atts)) {
    if (v.includes('<') && !/^[^<]*(?:<[^>]*>[^<]*)*$/.test(v)) atts[k] = '';
  }
  return atts;
}

/** `sanitize_html_class`: letters, digits, `_` and `-` only. */
const htmlClass = (s: string) => s.replace(/%[a-fA-F0-9][a-fA-F0-9]/g, '').replace(/[^A-Za-z0-9_-]/g, '');

/** `img_caption_shortcode` (a theme with HTML5 captions). */
function caption(atts: ShortcodeAtts, content: string | null, _tag: string, context: ShortcodeContext): string {
  let inner = content ?? '';
  const a = { ...atts };
  if (a.caption === undefined) {
    const m = /((?:<a [^>]+>\s*)?<img [^>]+>(?:\s*<\/a>)?)([\s\S]*)/i.exec(inner);
    if (m) {
      inner = m[1] as string;
      a.caption = phpTrim(m[2] as string);
    }
  } else if (a.caption.includes('<')) {
    a.caption = kses(a.caption, ALLOWED_POST_TAGS);
  }
  const width = Number.parseInt(a.width ?? '', 10) || 0;
  if (width < 1 || !a.caption) return inner;
  const id = a.id ? htmlClass(a.id) : '';
  const captionId = a.caption_id ? htmlClass(a.caption_id) : id ? `caption-${id.replace(/_/g, '-')}` : '';
  const idAttr = id ? `id="${escHtml(id)}" ` : '';
  const captionAttr = captionId ? `id="${escHtml(captionId)}" ` : '';
  const describedBy = captionId ? `aria-describedby="${escHtml(captionId)}" ` : '';
  const cls = phpTrim(`wp-caption ${a.align ?? 'alignnone'} ${a.class ?? ''}`);
  const body = doShortcode(inner, SHORTCODE_HANDLERS, context);
  return `<figure ${idAttr}${describedBy}style="width: ${width}px" class="${escHtml(cls)}">${body}<figcaption ${captionAttr}class="wp-caption-text">${a.caption}</figcaption></figure>`;
}

/**
 * `esc_url` for display, reduced to what links in descriptions need: characters a URL cannot hold
 * dropped, a scheme-less address given `http://`, references normalized with `&` written `&#038;`
 * and `'` as `&#039;`, and an address whose scheme is not allowed refused.
 */
export function escUrl(input: string): string {
  let url = input.replace(/^[ \t\n\r\0\v]+/, '').replace(/ /g, '%20');
  url = url.replace(/[^a-z0-9\-~+_.?#=!&;,/:%@$|*'()[\]\u0080-\uffff]/gi, '');
  if (url === '') return '';
  if (!/^mailto:/i.test(url)) {
    let prev: string;
    do {
      prev = url;
      url = url.replace(/%0d|%0a/gi, '');
    } while (prev !== url);
  }
  url = url.split(';//').join('://');
  if (!url.includes(':') && !['/', '#', '?'].includes(url[0] as string) && !/^[a-z0-9-]+?\.php/i.test(url)) {
    url = `http://${url}`;
  }
  url = normalizeEntities(url).split('&amp;').join('&#038;').split("'").join('&#039;');
  if (url[0] === '/') return url;
  const good = ksesBadProtocol(url);
  return good.toLowerCase() === url.toLowerCase() ? good : '';
}

/** `WP_Embed::shortcode` when the address gives no embed: a link to it. */
function embed(atts: ShortcodeAtts, content: string | null): string {
  let url = atts.src ? atts.src : (content ?? '');
  url = phpTrim(url.split('&amp;').join('&'));
  if (url === '') return '';
  return `<a href="${escUrl(url)}">${escHtml(url)}</a>`;
}

const nothing: ShortcodeHandler = () => '';

const AUDIO_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mpeg',
  wav: 'audio/wav',
};

/**
 * `wp_audio_shortcode` with a `src` (nothing is attached to a post here, so without one it gives
 * nothing): a known audio type becomes a player, another address a link.
 */
const audio: ShortcodeHandler = (atts, _content, _tag, context) => {
  const src = atts.src ?? '';
  if (src === '') return '';
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(src)?.[1]?.toLowerCase() ?? '';
  const type = AUDIO_TYPES[ext];
  if (!type) return `<a class="wp-embedded-audio" href="${escUrl(src)}">${escHtml(src)}</a>`;
  const n = ++context.audio;
  const id = `audio-${context.postId}-${n}`;
  const url = escUrl(src);
  return `<audio class="wp-audio-shortcode" id="${id}" preload="none" style="width: 100%;" controls="controls"><source type="${type}" src="${escUrl(`${src}?_=${n}`)}" /><a href="${url}">${url}</a></audio>`;
};

/** What each registered shortcode gives (see the file's comment). */
export const SHORTCODE_HANDLERS: Readonly<Record<string, ShortcodeHandler>> = {
  wp_caption: caption,
  caption,
  gallery: nothing,
  playlist: nothing,
  audio,
  video: nothing,
  // (`[embed]` has already run: in the main pass it is registered to give nothing)
  embed: nothing,
};

/** The handler of `[embed]` while the content filter runs it ahead of the others (`WP_Embed::run_shortcode`). */
export const EMBED_ONLY: Readonly<Record<string, ShortcodeHandler>> = { embed };

const hide = (s: string) => s.split('[').join('&#91;').split(']').join('&#93;');

/**
 * `do_shortcodes_in_html_tags`: shortcodes inside a tag's attribute values run there (unless
 * `ignoreHtml`), then every bracket left inside tags is hidden from the pass over the text.
 */
function shortcodesInTags(content: string, ignoreHtml: boolean, run?: (text: string) => string): string {
  const text = content.split('&#91;').join('&#091;').split('&#93;').join('&#093;');
  const parts = htmlSplit(text);
  for (let i = 1; i < parts.length; i += 2) {
    const el = parts[i] as string;
    const open = el.includes('[');
    const close = el.includes(']');
    if (!open || !close || ignoreHtml || !run || el.startsWith('<!--') || el.startsWith('<![CDATA[')) {
      if (open || close) parts[i] = hide(el);
      continue;
    }
    // (a start tag: each attribute value may hold shortcodes; anything else is left hidden)
    const m = /^(<[ \t\n\v\f\r]*[a-zA-Z0-9]+)([^>]*?)([ \t\n\v\f\r]*\/?[ \t\n\v\f\r]*>?)$/.exec(el);
    parts[i] = m ? hide(`${m[1]}${run(m[2] as string)}${m[3]}`) : hide(el);
  }
  return parts.join('');
}

const hideBracketsInTags = (content: string) => shortcodesInTags(content, true);

/** `do_shortcode`: runs the registered shortcodes found in `content`. */
export function doShortcode(
  content: string,
  handlers: Readonly<Record<string, ShortcodeHandler>> = SHORTCODE_HANDLERS,
  context: ShortcodeContext = { postId: 0, audio: 0 },
  ignoreHtml = false,
): string {
  if (!content.includes('[')) return content;
  const found = new Set<string>();
  for (const m of content.matchAll(/\[([^<>&/[\]\x00-\x20=]+)/g)) found.add(m[1] as string);
  const names = Object.keys(handlers).filter((n) => found.has(n));
  if (names.length === 0) return content;
  const pattern = shortcodeRegex(names);
  const run = (text: string) =>
    text.replace(pattern, (...m: (string | undefined)[]) => {
      const [all = '', open = '', tag = '', attText = '', , inner, close = ''] = m;
      if (open === '[' && close === ']') return all.slice(1, -1);
      const handler = handlers[tag];
      if (!handler) return all;
      return open + handler(parseShortcodeAtts(attText), inner ?? null, tag, context) + close;
    });
  const out = run(shortcodesInTags(content, ignoreHtml, run));
  return out.split('&#91;').join('[').split('&#93;').join(']');
}

/** `strip_shortcodes`: registered shortcodes removed with what they enclose (`[[tag]]` kept as `[tag]`). */
export function stripShortcodes(content: string): string {
  if (!content.includes('[')) return content;
  const found = new Set<string>();
  for (const m of content.matchAll(/\[([^<>&/[\]\x00-\x20=]+)/g)) found.add(m[1] as string);
  const names = REGISTERED_SHORTCODES.filter((n) => found.has(n));
  if (names.length === 0) return content;
  const hidden = hideBracketsInTags(content);
  const out = hidden.replace(shortcodeRegex(names), (all: string, open: string, ...rest: unknown[]) => {
    const close = rest[4] as string;
    return open === '[' && close === ']' ? all.slice(1, -1) : open + close;
  });
  return out.split('&#91;').join('[').split('&#93;').join(']');
}

export { REGISTERED_SHORTCODES };
