/**
 * The display filters a site runs on what it shows (wp-includes/default-filters.php): `the_title`,
 * `the_content` and `the_excerpt`. The plugin's `tribe/events/v1` answers, WordPress core's
 * `rendered` forms and `tec/v1` all come out of these.
 */
import { shortcodeUnautop, wpautop } from './autop.js';
import { escHtml } from './entities.js';
import { phpTrim, SPACES } from './php.js';
import { stripAllTags } from './sanitize.js';
import { doShortcode, EMBED_ONLY, SHORTCODE_HANDLERS, type ShortcodeContext, stripShortcodes } from './shortcodes.js';
import { texturize } from './texturize.js';

/** `convert_chars`: a lone `&` (not before `#` or a name and `;`) becomes `&#038;`. */
export function convertChars(text: string): string {
  return text.includes('&') ? text.replace(/&([^#])(?![a-z1-4]{1,8};)/gi, '&#038;$1') : text;
}

/** `capital_P_dangit`: `Wordpress` spelled right (everywhere in titles, after a blank or mark in text). */
function capitalP(text: string, title: boolean): string {
  if (!text.includes('Wordpress')) return text;
  if (title) return text.split('Wordpress').join('WordPress');
  return text.replace(/( |&#8216;|&#8220;|>|\()Wordpress/g, '$1WordPress');
}

/** WordPress's smilies (`smilies_init`): most become emoji characters, `:mrgreen:` an image. */
const SMILIES: Record<string, string> = {
  ':mrgreen:': 'mrgreen.png',
  ':neutral:': '\u{1f610}',
  ':twisted:': '\u{1f608}',
  ':arrow:': '\u27a1',
  ':shock:': '\u{1f62f}',
  ':smile:': '\u{1f642}',
  ':???:': '\u{1f615}',
  ':cool:': '\u{1f60e}',
  ':evil:': '\u{1f47f}',
  ':grin:': '\u{1f600}',
  ':idea:': '\u{1f4a1}',
  ':oops:': '\u{1f633}',
  ':razz:': '\u{1f61b}',
  ':roll:': '\u{1f644}',
  ':wink:': '\u{1f609}',
  ':cry:': '\u{1f625}',
  ':eek:': '\u{1f62e}',
  ':lol:': '\u{1f606}',
  ':mad:': '\u{1f621}',
  ':sad:': '\u{1f641}',
  '8-)': '\u{1f60e}',
  '8-O': '\u{1f62f}',
  ':-(': '\u{1f641}',
  ':-)': '\u{1f642}',
  ':-?': '\u{1f615}',
  ':-D': '\u{1f600}',
  ':-P': '\u{1f61b}',
  ':-o': '\u{1f62e}',
  ':-x': '\u{1f621}',
  ':-|': '\u{1f610}',
  ';-)': '\u{1f609}',
  '8O': '\u{1f62f}',
  ':(': '\u{1f641}',
  ':)': '\u{1f642}',
  ':?': '\u{1f615}',
  ':D': '\u{1f600}',
  ':P': '\u{1f61b}',
  ':o': '\u{1f62e}',
  ':x': '\u{1f621}',
  ':|': '\u{1f610}',
  ';)': '\u{1f609}',
  ':!:': '\u2757',
  ':?:': '\u2753',
};

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * The smiley pattern, built as `smilies_init` builds it: the codes in reverse byte order, grouped by
 * their first character, each group standing alone between blanks (or line ends).
 */
const SMILEY_RE = (() => {
  const codes = Object.keys(SMILIES).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  const groups: { first: string; rests: string[] }[] = [];
  for (const code of codes) {
    const first = code[0] as string;
    const last = groups[groups.length - 1];
    if (last && last.first === first) last.rests.push(code.slice(1));
    else groups.push({ first, rests: [code.slice(1)] });
  }
  const body = groups
    .map((g) => `(?<=${SPACES}|^)${escapeRe(g.first)}(?:${g.rests.map(escapeRe).join('|')})(?=${SPACES}|$)`)
    .join('|');
  return new RegExp(body, 'gm');
})();

/** `convert_smilies`, outside tags and outside `code`, `pre`, `style`, `script` and `textarea`. */
export function convertSmilies(text: string, siteUrl: string): string {
  const parts = text.split(/(<[^>]*>)/);
  let ignore = '';
  let out = '';
  for (const part of parts) {
    if (ignore === '') {
      const m = /^<(code|pre|style|script|textarea)[^>]*>/.exec(part);
      if (m) ignore = m[1] as string;
    }
    if (ignore === '' && part !== '' && part[0] !== '<') {
      out += part.replace(SMILEY_RE, (found) => {
        const smiley = phpTrim(found);
        const image = SMILIES[smiley] ?? '';
        if (!/\.(png|gif|jpe?g|webp|avif)$/i.test(image)) return image;
        const src = `${siteUrl}/wp-includes/images/smilies/${image}`;
        return `<img src="${src}" alt="${escHtml(smiley)}" class="wp-smiley" style="height: 1em; max-height: 1em;" />`;
      });
    } else {
      out += part;
    }
    if (ignore !== '' && part === `</${ignore}>`) ignore = '';
  }
  return out;
}

/**
 * `wp_filter_content_tags` on a calendar with no media library: images get `decoding="async"`,
 * and `loading="lazy"` when they give a width and a height; sized iframes get `loading="lazy"`.
 */
export function filterContentTags(content: string): string {
  if (!/<(img|iframe)[ \t\n\v\f\r][^>]+>/.test(content)) return content;
  const seen = new Set<string>();
  let out = content;
  for (const m of content.matchAll(/<(img|iframe)[ \t\n\v\f\r][^>]+>/g)) {
    const tag = m[0];
    if (seen.has(tag)) continue;
    seen.add(tag);
    let next = tag;
    if (m[1] === 'img') {
      if (!tag.includes(' src="')) continue;
      if (!/ decoding=["'][A-Za-z]+["']/.test(tag)) next = next.replace(/<img/g, '<img decoding="async"');
      const sized = / width=["'][0-9]+["']/.test(tag) && / height=["'][0-9]+["']/.test(tag);
      if (sized && next.includes(' width="') && next.includes(' height="') && !/ loading=["'][A-Za-z]+["']/.test(tag))
        next = next.replace(/<img/g, '<img loading="lazy"');
    } else if (
      !tag.includes(' loading=') &&
      tag.includes(' src="') &&
      tag.includes(' width="') &&
      tag.includes(' height="')
    ) {
      next = next.replace(/<iframe/g, '<iframe loading="lazy"');
    }
    if (next !== tag) out = out.split(tag).join(next);
  }
  return out;
}

/** Options of the display filters. */
export interface DisplayOptions {
  /** the site's address (for the one smiley that is an image) */
  siteUrl?: string;
  /** the post shown, as shortcodes see it (the plugin's answers are made outside the loop: 0) */
  postId?: number;
}

const BLOCK_DELIMITER =
  /<!--[ \t\n\v\f\r]+(\/)?wp:((?:[a-z][a-z0-9_-]*\/)?[a-z][a-z0-9_-]*)[ \t\n\v\f\r]+(?:\{[\s\S]*?\}[ \t\n\v\f\r]+)?(\/)?-->/g;

/**
 * `do_blocks` for content written in the block editor: the block comments go, a paragraph block's
 * `<p>` gets its `wp-block-paragraph` class; the rest of each block's markup stays as saved.
 */
function renderBlocks(content: string): string {
  let out = '';
  let last = 0;
  let inParagraph = false;
  let tagged = false;
  for (const m of content.matchAll(BLOCK_DELIMITER)) {
    let chunk = content.slice(last, m.index);
    if (inParagraph && !tagged) {
      chunk = chunk.replace(/<p(?=[ \t\n\v\f\r>])([^>]*)>/, (_all, attrs: string) => {
        tagged = true;
        if (/\bclass="/.test(attrs)) return `<p${attrs.replace(/\bclass="/, 'class="wp-block-paragraph ')}>`;
        return `<p class="wp-block-paragraph"${attrs}>`;
      });
    }
    out += chunk;
    last = m.index + m[0].length;
    const name = (m[2] as string).replace(/^core\//, '');
    if (m[1]) inParagraph = false;
    else if (!m[3] && name === 'paragraph') {
      inParagraph = true;
      tagged = false;
    }
  }
  return out + content.slice(last);
}

/**
 * Results remembered per input: a site's pages show the same titles and descriptions again and
 * again (a list page renders each event, its venue and organizers), and the filters are pure.
 */
function remembered<A extends unknown[]>(fn: (text: string, ...rest: A) => string, key: (...rest: A) => string) {
  const memo = new Map<string, string>();
  return (text: string, ...rest: A): string => {
    if (text === '') return fn(text, ...rest);
    const k = `${key(...rest)}\u0000${text}`;
    let out = memo.get(k);
    if (out === undefined) {
      out = fn(text, ...rest);
      if (memo.size >= 2000) memo.clear();
      memo.set(k, out);
    }
    return out;
  };
}

const optionsKey = (opts: DisplayOptions = {}) => `${opts.siteUrl ?? ''}\u0000${opts.postId ?? 0}`;

/** `the_title`: typography, lone `&` encoded, trimmed, `WordPress` spelled right. */
export const theTitle = remembered(
  (raw: string) => capitalP(phpTrim(convertChars(texturize(raw))), true),
  () => '',
);

/**
 * `the_content`: `[embed]` run first, typography, paragraphs, shortcodes, images and smilies —
 * what the plugin answers as an event's `description` (trimmed there) and core as `content.rendered`.
 */
export const theContent = remembered(renderContent, optionsKey);

function renderContent(raw: string, opts: DisplayOptions = {}): string {
  const context: ShortcodeContext = { postId: opts.postId ?? 0, audio: 0 };
  let t = doShortcode(raw, EMBED_ONLY, context, true);
  // (block content is rendered from its blocks; `do_blocks` then keeps wpautop off)
  const blocks = t.includes('<!-- wp:');
  if (blocks) t = renderBlocks(t);
  t = texturize(t);
  if (!blocks) t = wpautop(t);
  t = shortcodeUnautop(t);
  t = capitalP(t, false);
  t = doShortcode(t, SHORTCODE_HANDLERS, context);
  t = filterContentTags(t);
  return convertSmilies(t, opts.siteUrl ?? '');
}

/** `wp_trim_words`: the first `count` words of the text without its tags, `more` after a cut. */
export function trimWords(text: string, count: number, more: string): string {
  const words = stripAllTags(text)
    .split(/[\n\r\t ]+/)
    .filter((w) => w !== '');
  return words.length > count ? words.slice(0, count).join(' ') + more : words.join(' ');
}

/**
 * Words in an automatic excerpt: WordPress's 55, which The Events Calendar's views bring down to 30
 * on every request while the list view is the default (`Template\Excerpt::maybe_filter_excerpt_length`).
 */
export const EXCERPT_WORDS = 30;

/**
 * The excerpt WordPress makes of a post that has none (`wp_trim_excerpt`): shortcodes removed, the
 * content filters run (images left alone), then its first {@link EXCERPT_WORDS} words and ` [&hellip;]`.
 */
export const autoExcerpt = remembered(makeExcerpt, optionsKey);

function makeExcerpt(content: string, opts: DisplayOptions = {}): string {
  const context: ShortcodeContext = { postId: opts.postId ?? 0, audio: 0 };
  let t = doShortcode(stripShortcodes(content), EMBED_ONLY, context, true);
  const blocks = t.includes('<!-- wp:');
  if (blocks) t = renderBlocks(t);
  t = texturize(t);
  if (!blocks) t = wpautop(t);
  t = shortcodeUnautop(t);
  t = convertSmilies(doShortcode(capitalP(t, false), SHORTCODE_HANDLERS, context), opts.siteUrl ?? '');
  return trimWords(t.split(']]>').join(']]&gt;'), EXCERPT_WORDS, ' [&hellip;]');
}

/** `the_excerpt` on a stored excerpt: typography, smilies, lone `&`, paragraphs (no shortcodes run). */
export const theExcerpt = remembered(renderExcerpt, optionsKey);

function renderExcerpt(raw: string, opts: DisplayOptions = {}): string {
  let t = texturize(raw);
  t = convertSmilies(t, opts.siteUrl ?? '');
  t = convertChars(t);
  t = wpautop(t);
  t = shortcodeUnautop(t);
  return filterContentTags(t);
}
