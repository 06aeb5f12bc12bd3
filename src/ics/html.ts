/**
 * Event descriptions are HTML on the site; iCalendar's DESCRIPTION is plain text. Paragraphs and
 * line breaks become line breaks, tags go, entities are decoded.
 */
import { decodeEntities } from '../wptext/index.js';

/** HTML as the plain text of a DESCRIPTION. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/\r\n?/g, '\n')
    .replace(/<br\s*\/?>\s*\n?/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|blockquote|pre)>\s*/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
