/**
 * Small re-implementations of the WordPress text filters whose output shows up in REST
 * responses: `wpautop` (descriptions come back wrapped in `<p>`), `esc_html` (term names),
 * `wp_strip_all_tags`, a conservative `kses` and `antispambot` (organizer e-mails).
 */

const BLOCK_START = /^<(?:p|div|ul|ol|h[1-6]|blockquote|table|pre)[\s>/]/i;

/**
 * Wraps plain text in paragraphs like WordPress's `wpautop`: blank lines separate `<p>` blocks,
 * single newlines become `<br />`. Text that already opens with a block-level tag is returned
 * trimmed but otherwise untouched, since it is already structured.
 */
export function wpautop(text: string): string {
  if (text === '') return '';
  const trimmed = text.replace(/\r\n?/g, '\n').trim();
  if (trimmed === '' || BLOCK_START.test(trimmed)) return trimmed;
  return trimmed
    .split(/\n[ \t]*\n/)
    .map((para) => para.trim())
    .filter((para) => para !== '')
    .map((para) => `<p>${para.replace(/[ \t]*\n[ \t]*/g, '<br />\n')}</p>`)
    .join('\n');
}

// An ampersand that already starts a well-formed entity must not be encoded twice.
const BARE_AMP = /&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/g;

const HTML_SPECIAL = /[&<>"']/;

/** Escapes text for HTML like WordPress's `esc_html` (quotes included, no double encoding). */
export function escHtml(text: string): string {
  if (!HTML_SPECIAL.test(text)) return text;
  return text
    .replace(BARE_AMP, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

const SCRIPT_OR_STYLE = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

/** Removes every tag, and the content of `<script>`/`<style>` elements, then trims. */
export function stripTags(text: string): string {
  return text
    .replace(SCRIPT_OR_STYLE, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?[a-zA-Z!][^>]*>?/g, '')
    .trim();
}

const EVENT_ATTR = /\s+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;
const BAD_PROTOCOL = /(\s(?:href|src|action|formaction|xlink:href)\s*=\s*["']?)\s*(?:javascript|vbscript)\s*:/gi;

/**
 * A conservative stand-in for `wp_kses_post`: drops `<script>`/`<style>` elements (and stray
 * opening or closing script/style tags), `on*=` handler attributes and `javascript:` URLs, and
 * keeps ordinary formatting markup. Like kses, a bad protocol is removed, not the whole attribute.
 */
export function kses(text: string): string {
  // Every rule below starts at a `<`.
  if (!text.includes('<')) return text;
  return text
    .replace(SCRIPT_OR_STYLE, '')
    .replace(/<\/?(?:script|style)\b[^>]*>?/gi, '')
    .replace(/<[a-zA-Z][^>]*>/g, (tag) => tag.replace(EVENT_ATTR, '').replace(BAD_PROTOCOL, '$1'));
}

/**
 * Obfuscates an e-mail address like WordPress's `antispambot`, but deterministically so that
 * responses and tests are stable: characters cycle through decimal entity, literal, hex entity.
 * `@` is always encoded, as in WordPress. Decoding the entities gives back the address.
 */
export function antispambot(email: string): string {
  let out = '';
  let i = 0;
  for (const ch of email) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '@') out += '&#64;';
    else if (i % 3 === 0) out += `&#${code};`;
    else if (i % 3 === 1) out += ch;
    else out += `&#x${code.toString(16)};`;
    i++;
  }
  return out;
}
