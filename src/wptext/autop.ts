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

const re = (source: string, flags = 'g') => new RegExp(source, flags);

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
  text = text.replace(re(`<br${WS}*/?>${WS}*<br${WS}*/?>`), '\n\n');
  text = text.replace(re(`(<${ALL_BLOCKS}[ \\t\\n\\v\\f\\r/>])`), '\n\n$1');
  text = text.replace(re(`(</${ALL_BLOCKS}>)`), '$1\n\n');
  text = text.replace(re(`(<hr${WS}*?/?>)`), '$1\n\n');
  text = text.replace(/\r\n|\r/g, '\n');
  text = replaceInHtmlTags(text, { '\n': ' <!-- wpnl --> ' });
  if (text.includes('<option')) {
    text = text.replace(re(`${WS}*<option`), '<option');
    text = text.replace(re(`</option>${WS}*`), '</option>');
  }
  if (text.includes('</object>')) {
    text = text.replace(re(`(<object[^>]*>)${WS}*`), '$1');
    text = text.replace(re(`${WS}*</object>`), '</object>');
    text = text.replace(re(`${WS}*(</?(?:param|embed)[^>]*>)${WS}*`), '$1');
  }
  if (text.includes('<source') || text.includes('<track')) {
    text = text.replace(re(`([<[](?:audio|video)[^>\\]]*[>\\]])${WS}*`), '$1');
    text = text.replace(re(`${WS}*([<[]/(?:audio|video)[>\\]])`), '$1');
    text = text.replace(re(`${WS}*(<(?:source|track)[^>]*>)${WS}*`), '$1');
  }
  if (text.includes('<figcaption')) {
    text = text.replace(re(`${WS}*(<figcaption[^>]*>)`), '$1');
    text = text.replace(re(`</figcaption>${WS}*`), '</figcaption>');
  }
  text = text.replace(/\n\n+/g, '\n\n');
  const paragraphs = text.split(re(`\\n${WS}*\\n`)).filter((p) => p !== '');
  text = paragraphs.map((p) => `<p>${p.replace(/^\n+|\n+$/g, '')}</p>\n`).join('');
  text = text.replace(re(`<p>${WS}*</p>`), '');
  text = text.replace(/<p>([^<]+)<\/(div|address|form)>/g, '<p>$1</p></$2>');
  text = text.replace(re(`<p>${WS}*(</?${ALL_BLOCKS}[^>]*>)${WS}*</p>`), '$1');
  text = text.replace(/<p>(<li[^\n]+?)<\/p>/g, '$1');
  text = text.replace(/<p><blockquote([^>]*)>/gi, '<blockquote$1><p>');
  text = text.split('</blockquote></p>').join('</p></blockquote>');
  text = text.replace(re(`<p>${WS}*(</?${ALL_BLOCKS}[^>]*>)`), '$1');
  text = text.replace(re(`(</?${ALL_BLOCKS}[^>]*>)${WS}*</p>`), '$1');
  if (br) {
    text = text.replace(/<(script|style|svg|math)[\s\S]*?<\/\1>/g, (m) => m.split('\n').join('<WPPreserveNewline />'));
    text = text.split('<br>').join('<br />').split('<br/>').join('<br />');
    text = text.replace(re(`(?<!<br />)${WS}*\\n`), '<br />\n');
    text = text.split('<WPPreserveNewline />').join('\n');
  }
  text = text.replace(re(`(</?${ALL_BLOCKS}[^>]*>)${WS}*<br />`), '$1');
  text = text.replace(re(`<br />(${WS}*</?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)`), '$1');
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
