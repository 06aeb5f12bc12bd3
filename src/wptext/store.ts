/**
 * What a site stores for text it is sent through the plugin's `tribe/events/v1` routes, field by
 * kind. Each rule names the WordPress and plugin steps it follows:
 * - post titles (`wp_insert_post`: `title_save_pre` trims, and kses runs for users without
 *   `unfiltered_html`; the plugin passes the request unslashed, so `wp_unslash` eats backslashes);
 * - post contents and excerpts (`content_save_pre`/`excerpt_save_pre`: `convert_invalid_entities`,
 *   kses for users without `unfiltered_html`; nothing trimmed; unslashed likewise);
 * - single-line meta (a venue's address, city …, an organizer's phone: the plugin's
 *   `sanitize_text_field`, then `update_post_meta` unslashes and the registered meta runs
 *   `sanitize_text_field` again);
 * - an event's cost (`tec_sanitize_string`: references decoded, tags stripped; then as meta);
 * - term names (`pre_term_name`: `sanitize_text_field`, `wp_filter_kses`, `_wp_specialchars`) and
 *   descriptions (`pre_term_description`: `wp_filter_kses`); WordPress's terms controller slashes
 *   what it passes, so backslashes stay.
 */
import { specialchars } from './entities.js';
import { ksesData, ksesPost } from './kses.js';
import { phpTrim, stripslashes, strtr } from './php.js';
import { phpStripTags, sanitizeTextField } from './sanitize.js';

/** Windows-1252 code points written as references, and what `convert_invalid_entities` makes of them. */
const WINDOWS_1252: Record<string, string> = {
  '&#128;': '&#8364;',
  '&#129;': '',
  '&#130;': '&#8218;',
  '&#131;': '&#402;',
  '&#132;': '&#8222;',
  '&#133;': '&#8230;',
  '&#134;': '&#8224;',
  '&#135;': '&#8225;',
  '&#136;': '&#710;',
  '&#137;': '&#8240;',
  '&#138;': '&#352;',
  '&#139;': '&#8249;',
  '&#140;': '&#338;',
  '&#141;': '',
  '&#142;': '&#381;',
  '&#143;': '',
  '&#144;': '',
  '&#145;': '&#8216;',
  '&#146;': '&#8217;',
  '&#147;': '&#8220;',
  '&#148;': '&#8221;',
  '&#149;': '&#8226;',
  '&#150;': '&#8211;',
  '&#151;': '&#8212;',
  '&#152;': '&#732;',
  '&#153;': '&#8482;',
  '&#154;': '&#353;',
  '&#155;': '&#8250;',
  '&#156;': '&#339;',
  '&#157;': '',
  '&#158;': '&#382;',
  '&#159;': '&#376;',
};

/** `convert_invalid_entities`. */
export function convertInvalidEntities(text: string): string {
  return text.includes('&#1') ? strtr(text, WINDOWS_1252) : text;
}

/** A post's (event's, venue's, organizer's) title as stored. */
export function storedPostTitle(input: string, unfilteredHtml: boolean): string {
  const trimmed = phpTrim(input);
  return unfilteredHtml ? stripslashes(trimmed) : ksesData(stripslashes(trimmed));
}

/** A post's content or excerpt as stored. */
export function storedPostContent(input: string, unfilteredHtml: boolean): string {
  const converted = convertInvalidEntities(input);
  return unfilteredHtml ? stripslashes(converted) : ksesPost(stripslashes(converted));
}

/** A single-line meta value (address, city, phone …) as stored. */
export function storedMetaLine(input: string): string {
  return sanitizeTextField(stripslashes(sanitizeTextField(input)));
}

/** PHP's `htmlspecialchars_decode` with both quotes: `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#039;`. */
function specialcharsDecode(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:amp|lt|gt|quot|#0*39|#x0*27);/gi, (m) => {
    const k = m.toLowerCase();
    if (k === '&amp;') return '&';
    if (k === '&lt;') return '<';
    if (k === '&gt;') return '>';
    if (k === '&quot;') return '"';
    return "'";
  });
}

/** The plugin's `tec_sanitize_string` for event meta sent as text. */
export function tecSanitizeString(text: string): string {
  return phpStripTags(specialcharsDecode(text));
}

/** An event meta text value (cost, currency symbol …) as stored. */
export function storedEventMeta(input: string): string {
  return sanitizeTextField(stripslashes(tecSanitizeString(input)));
}

/** A term's name as stored (may be empty: the caller refuses that). */
export function storedTermName(input: string): string {
  return specialchars(ksesData(sanitizeTextField(input)), false);
}

/** A term's description as stored. */
export function storedTermDescription(input: string): string {
  return ksesData(input);
}

/** Characters a term name may hold: longer names make the database refuse the row (`db_insert_error`). */
export const MAX_TERM_NAME_LENGTH = 200;

/** Whether a stored term name fits its column (counted in characters, as MySQL's utf8mb4 does). */
export function termNameFits(name: string): boolean {
  let n = 0;
  for (const _ of name) if (++n > MAX_TERM_NAME_LENGTH) return false;
  return true;
}
