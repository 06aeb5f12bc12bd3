/**
 * What a visitor reads once a site has stored and shown a text: the client compares a file's text
 * with a record's this way, so that a title the site texturized (`Kids&#8217; Club`), a name it
 * escaped (`Probe H &amp; Co`), an address it cleaned or a description it wrapped in paragraphs is
 * the same text as the one that was sent. Both sides go through the same rules; text a site already
 * shows comes out unchanged (its typography, paragraphs and shortcodes are done).
 */
import { theContent, theExcerpt, theTitle } from './display.js';
import { decodeEntities } from './entities.js';
import { storedMetaLine, storedPostContent, storedPostTitle, storedTermDescription, storedTermName } from './store.js';

/** How a site stores and shows a text field. */
export type TextKind =
  /** an event's, venue's or organizer's name: `the_title` */
  | 'post-title'
  /** a description: `the_content` */
  | 'post-content'
  /** an excerpt: `the_excerpt` */
  | 'post-excerpt'
  /** a single-line meta value (address, city, phone …): cleaned, shown as stored */
  | 'meta'
  /** a category's or tag's name */
  | 'term-name'
  /** a category's or tag's description */
  | 'term-description';

/** HTML as the words it shows: tags dropped (a blank in their place), references decoded, blanks collapsed. */
export function htmlWords(html: string): string {
  return collapse(decodeEntities(html.replace(/<[^>]*>/g, ' ')));
}

/** Blanks (no-break spaces included) collapsed to one space, trimmed, composed characters (NFC). */
export function collapse(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/**
 * The text a visitor reads after `text` was sent as a field of `kind` (by an administrator, who may
 * post any HTML) and shown: plain text with blanks collapsed; for HTML fields, the words without tags.
 */
export function readAs(kind: TextKind, text: string): string {
  switch (kind) {
    case 'post-title':
      return collapse(decodeEntities(theTitle(storedPostTitle(text, true))));
    case 'post-content':
      return htmlWords(theContent(storedPostContent(text, true)));
    case 'post-excerpt':
      return htmlWords(theExcerpt(storedPostContent(text, true)));
    case 'meta':
      return collapse(decodeEntities(storedMetaLine(text)));
    case 'term-name':
      return collapse(decodeEntities(storedTermName(text)));
    case 'term-description':
      return htmlWords(storedTermDescription(text));
  }
}
