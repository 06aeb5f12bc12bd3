/**
 * Paragraphs from line breaks (`wpautop` in wp-includes/formatting.php) and the clean-up of
 * paragraphs that hold only a shortcode (`shortcode_unautop`), as the site runs them on the
 * descriptions and excerpts it shows. The steps and their order follow WordPress; the patterns are
 * written for JavaScript (PHP's `\s` is ASCII whitespace, `.` stops only at a line feed).
 */
import { replaceInHtmlTags } from './html-split.js';
import { SPACES, WS } from './php.js';
import { REGISTERED_SHORTCODES } from './shortcode-names.js';

const ALL_BLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)';

/** Patterns compiled once (wpautop runs on every description shown). */
const DOUBLE_BR = new RegExp(`<br${WS}*/?>${WS}*<br${WS}*/?>`, 'g');
const BLOCK_OPEN = new RegExp(`(<${ALL_BLOCKS}[ \\t\\n\\v\\f\\r/>])`, 'g');
const BLOCK_CLOSE = new RegExp(`(</${ALL_BLOCKS}>)`, 'g');
const HR = new RegExp(`(<hr${WS}*?/?>)`, 'g');
const BEFORE_OPTION = new RegExp(`${WS}*<option`, 'g');
const AFTER_OPTION = new RegExp(`</option>${WS}*`, 'g');
const OBJECT_OPEN = new RegExp(`(<object[^>]*>)${WS}*`, 'g');
const OBJECT_CLOSE = new RegExp(`${WS}*</object>`, 'g');
const PARAM_OR_EMBED = new RegExp(`${WS}*(</?(?:param|embed)[^>]*>)${WS}*`, 'g');
const MEDIA_OPEN = new RegExp(`([<[](?:audio|video)[^>\\]]*[>\\]])${WS}*`, 'g');
const MEDIA_CLOSE = new RegExp(`${WS}*([<[]/(?:audio|video)[>\\]])`, 'g');
const SOURCE_OR_TRACK = new RegExp(`${WS}*(<(?:source|track)[^>]*>)${WS}*`, 'g');
const FIGCAPTION_OPEN = new RegExp(`${WS}*(<figcaption[^>]*>)`, 'g');
const FIGCAPTION_CLOSE = new RegExp(`</figcaption>${WS}*`, 'g');
const PARAGRAPH_BREAK = new RegExp(`\\n${WS}*\\n`, 'g');
const EMPTY_P = new RegExp(`<p>${WS}*</p>`, 'g');
const P_AROUND_BLOCK_TAG = new RegExp(`<p>${WS}*(</?${ALL_BLOCKS}[^>]*>)${WS}*</p>`, 'g');
const P_BEFORE_BLOCK_TAG = new RegExp(`<p>${WS}*(</?${ALL_BLOCKS}[^>]*>)`, 'g');
const P_AFTER_BLOCK_TAG = new RegExp(`(</?${ALL_BLOCKS}[^>]*>)${WS}*</p>`, 'g');
const LINE_BREAK = new RegExp(`(?<!<br />)${WS}*\\n`, 'g');
const BR_AFTER_BLOCK_TAG = new RegExp(`(</?${ALL_BLOCKS}[^>]*>)${WS}*<br />`, 'g');
const BR_BEFORE_BLOCK_TAG = new RegExp(`<br />(${WS}*</?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)`, 'g');

const compiled = new Map<string, RegExp>();
const re = (source: string, flags = 'g'): RegExp => {
  const key = `${flags}/${source}`;
  let r = compiled.get(key);
  if (!r) {
    r = new RegExp(source, flags);
    compiled.set(key, r);
  }
  r.lastIndex = 0;
  return r;
};

/** Puts `<pre>` elements aside (they are never touched) and gives back the text with placeholders. */
function setPreAside(text: string, pres: Map<string, string>): string {
  if (!text.includes('<pre')) return text;
  const parts = text.split('</pre>');
  const lastPart = parts.pop() as string;
  let out = '';
  let i = 0;
  for (const part of parts) {
    const start = part.indexOf('<pre');
    if (start === -1) {
      out += part;
      continue;
    }
    const name = `<pre wp-pre-tag-${i}></pre>`;
    pres.set(name, `${part.slice(start)}</pre>`);
    out += part.slice(0, start) + name;
    i++;
  }
  return out + lastPart;
}

/** `wpautop` with line breaks turned into `<br />` (as `the_content` and `the_excerpt` call it). */
export function wpautop(input: string, br = true): string {
  if (/^[ \t\n\r\0\v]*$/.test(input)) return '';
  const pres = new Map<string, string>();
  let text = setPreAside(`${input}\n`, pres);
  text = text.replace(DOUBLE_BR, '\n\n');
  text = text.replace(BLOCK_OPEN, '\n\n$1');
  text = text.replace(BLOCK_CLOSE, '$1\n\n');
  text = text.replace(HR, '$1\n\n');
  text = text.replace(/\r\n|\r/g, '\n');
  text = replaceInHtmlTags(text, { '\n': ' <!-- wpnl --> ' });
  if (text.includes('<option')) {
    text = text.replace(BEFORE_OPTION, '<option');
    text = text.replace(AFTER_OPTION, '</option>');
  }
  if (text.includes('</object>')) {
    text = text.replace(OBJECT_OPEN, '$1');
    text = text.replace(OBJECT_CLOSE, '</object>');
    text = text.replace(PARAM_OR_EMBED, '$1');
  }
  if (text.includes('<source') || text.includes('<track')) {
    text = text.replace(MEDIA_OPEN, '$1');
    text = text.replace(MEDIA_CLOSE, '$1');
    text = text.replace(SOURCE_OR_TRACK, '$1');
  }
  if (text.includes('<figcaption')) {
    text = text.replace(FIGCAPTION_OPEN, '$1');
    text = text.replace(FIGCAPTION_CLOSE, '</figcaption>');
  }
  text = text.replace(/\n\n+/g, '\n\n');
  const paragraphs = text.split(PARAGRAPH_BREAK).filter((p) => p !== '');
  text = paragraphs.map((p) => `<p>${p.replace(/^\n+|\n+$/g, '')}</p>\n`).join('');
  text = text.replace(EMPTY_P, '');
  text = text.replace(/<p>([^<]+)<\/(div|address|form)>/g, '<p>$1</p></$2>');
  text = text.replace(P_AROUND_BLOCK_TAG, '$1');
  text = text.replace(/<p>(<li[^\n]+?)<\/p>/g, '$1');
  text = text.replace(/<p><blockquote([^>]*)>/gi, '<blockquote$1><p>');
  text = text.split('</blockquote></p>').join('</p></blockquote>');
  text = text.replace(P_BEFORE_BLOCK_TAG, '$1');
  text = text.replace(P_AFTER_BLOCK_TAG, '$1');
  if (br) {
    text = text.replace(/<(script|style|svg|math)[\s\S]*?<\/\1>/g, (m) => m.split('\n').join('<WPPreserveNewline />'));
    text = text.split('<br>').join('<br />').split('<br/>').join('<br />');
    text = text.replace(LINE_BREAK, '<br />\n');
    text = text.split('<WPPreserveNewline />').join('\n');
  }
  text = text.replace(BR_AFTER_BLOCK_TAG, '$1');
  text = text.replace(BR_BEFORE_BLOCK_TAG, '$1');
  text = text.replace(/\n<\/p>(?=\n?$)/, '</p>');
  for (const [name, pre] of pres) text = text.split(name).join(pre);
  if (text.includes('<!-- wpnl -->')) text = text.split(' <!-- wpnl --> ').join('\n').split('<!-- wpnl -->').join('\n');
  return text;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** `shortcode_unautop`: a paragraph holding nothing but one registered shortcode loses its `<p>`. */
export function shortcodeUnautop(text: string, shortcodes: readonly string[] = REGISTERED_SHORTCODES): string {
  if (shortcodes.length === 0 || !text.includes('<p>')) return text;
  const names = shortcodes.map(escapeRe).join('|');
  const pattern = re(
    `<p>(?:${SPACES})*(\\[(${names})(?![\\w-])[^\\]/]*(?:/(?!\\])[^\\]/]*)*?(?:/\\]|\\](?:[^[]*(?:\\[(?!/\\2\\])[^[]*)*\\[/\\2\\])?))(?:${SPACES})*</p>`,
  );
  return text.replace(pattern, '$1');
}
