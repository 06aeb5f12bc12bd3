/**
 * Cleaning single-line text the way WordPress stores it (`sanitize_text_field` and its helpers in
 * wp-includes/formatting.php, PHP's `strip_tags`): the plugin stores a venue's address, city, phone …
 * and an event's cost this way, and term names start here.
 */
import { escHtml } from './entities.js';
import { phpTrim } from './php.js';

const isBlank = (c: string | undefined) =>
  c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\v' || c === '\f';

/**
 * PHP's `strip_tags` without allowed tags: a `<` followed by a non-blank starts a tag that runs to
 * its `>` (quotes inside it hide `>`, nested `<` count), comments run to `-->`, an unclosed tag
 * runs to the end. A `<` followed by a blank is text.
 */
export function phpStripTags(text: string): string {
  if (!text.includes('<')) return text;
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i] as string;
    if (c !== '<') {
      out += c;
      i++;
      continue;
    }
    const next = text[i + 1];
    if (isBlank(next)) {
      out += c;
      i++;
      continue;
    }
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      i = end === -1 ? n : end + 3;
      continue;
    }
    // Inside a tag: quotes hide `>`, nested `<` must be closed too.
    let depth = 0;
    let quote: string | null = null;
    i++;
    while (i < n) {
      const d = text[i] as string;
      if (quote) {
        if (d === quote) quote = null;
      } else if (d === '"' || d === "'") {
        quote = d;
      } else if (d === '<') {
        depth++;
      } else if (d === '>') {
        if (depth === 0) {
          i++;
          break;
        }
        depth--;
      }
      i++;
    }
  }
  return out;
}

/** `wp_strip_all_tags`: `<script>`/`<style>` elements with their content, then every tag; trimmed. */
export function stripAllTags(text: string, removeBreaks = false): string {
  let t = text.replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '');
  t = phpStripTags(t);
  if (removeBreaks) t = t.replace(/[\r\n\t ]+/g, ' ');
  return phpTrim(t);
}

/** `wp_pre_kses_less_than`: a `<` that never reaches a `>` (before the next `<`) is escaped. */
export function preKsesLessThan(text: string): string {
  if (!text.includes('<')) return text;
  return text.replace(/<[^>]*?(?:(?=<)|>|$)/g, (m) => (m.includes('>') ? m : escHtml(m)));
}

/**
 * `sanitize_text_field`: markup removed (a lone `<` kept as `&lt;`), line breaks, tabs and runs of
 * blanks collapsed to one space, trimmed, and percent-encoded octets (`%20`) removed.
 */
export function sanitizeTextField(input: string, keepNewlines = false): string {
  let t = input;
  if (t.includes('<')) {
    t = preKsesLessThan(t);
    t = stripAllTags(t, false);
    t = t.split('<\n').join('&lt;\n');
  }
  if (!keepNewlines) t = t.replace(/[\r\n\t ]+/g, ' ');
  t = phpTrim(t);
  let found = false;
  for (let m = /%[a-f0-9]{2}/i.exec(t); m; m = /%[a-f0-9]{2}/i.exec(t)) {
    t = t.split(m[0]).join('');
    found = true;
  }
  if (found) t = phpTrim(t.replace(/ +/g, ' '));
  return t;
}
