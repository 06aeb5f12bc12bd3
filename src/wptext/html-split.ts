/**
 * Splitting text into HTML tokens and the text between them, as WordPress's formatting functions do
 * before they touch text only (`wp_html_split` / `get_html_split_regex`, and the split inside
 * `wptexturize`). A token is a tag, a comment (to `-->`, or to the end when unclosed) or a CDATA
 * section; an unclosed `<` runs to the end of the text.
 */

/** An HTML comment after its `<`: dashes not followed by `->`, up to `-->` or the end. */
const COMMENT = '!(?:-(?!->)[^-]*)*(?:-->)?';
/** A CDATA section after its `<`, up to `]]>` or the end. */
const CDATA = '!\\[CDATA\\[[^\\]]*(?:\\](?!\\]>)[^\\]]*)*(?:\\]\\]>)?';

/** `get_html_split_regex`: comments, CDATA sections, then any other `<…>` (or `<…` to the end). */
export const HTML_TOKEN = `<(?:(?=!--)${COMMENT}|(?=!\\[CDATA\\[)${CDATA}|(?!!--|!\\[CDATA\\[)[^>]*>?)`;

/**
 * `wp_html_split`: text and tokens alternating, text first (so tokens sit at odd indexes), empty
 * text pieces kept.
 */
export function htmlSplit(input: string): string[] {
  const out: string[] = [];
  const re = new RegExp(HTML_TOKEN, 'g');
  let last = 0;
  for (const m of input.matchAll(re)) {
    out.push(input.slice(last, m.index), m[0]);
    last = m.index + m[0].length;
  }
  out.push(input.slice(last));
  return out;
}

/** `wp_replace_in_html_tags`: replaces text inside tags (and comments) only, never in the text between. */
export function replaceInHtmlTags(haystack: string, pairs: Readonly<Record<string, string>>): string {
  const keys = Object.keys(pairs);
  if (!keys.some((k) => haystack.includes(k))) return haystack;
  const parts = htmlSplit(haystack);
  let changed = false;
  for (let i = 1; i < parts.length; i += 2) {
    const part = parts[i] as string;
    if (!keys.some((k) => part.includes(k))) continue;
    // (several pairs: one pass where the longest key wins, as strtr does)
    let out = part;
    if (keys.length === 1) {
      const k = keys[0] as string;
      out = part.split(k).join(pairs[k]);
    } else {
      const sorted = [...keys].sort((a, b) => b.length - a.length);
      let res = '';
      let j = 0;
      outer: while (j < part.length) {
        for (const k of sorted) {
          if (part.startsWith(k, j)) {
            res += pairs[k];
            j += k.length;
            continue outer;
          }
        }
        res += part[j];
        j++;
      }
      out = res;
    }
    parts[i] = out;
    changed = true;
  }
  return changed ? parts.join('') : haystack;
}

/**
 * Cuts text at every match of a global pattern: the pieces between matches and the matches, in
 * order, empty pieces dropped (`preg_split` with captured delimiters and no empty pieces), each
 * marked as a delimiter or not.
 */
export function splitKeeping(text: string, pattern: RegExp): { text: string; delimiter: boolean }[] {
  const out: { text: string; delimiter: boolean }[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m[0] === '') continue;
    if (m.index > last) out.push({ text: text.slice(last, m.index), delimiter: false });
    out.push({ text: m[0], delimiter: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), delimiter: false });
  return out;
}
