/**
 * The `description` of the JSON-LD a single event, venue or organizer carries on `tribe/events/v1`:
 * an excerpt made as the plugin makes it, then `esc_js`.
 */
import { wpautop } from './autop.js';
import { trimWords } from './display.js';
import { escJs } from './entities.js';
import { type AllowedAttributes, type AllowedHtml, kses } from './kses.js';

const BASE: AllowedAttributes = { class: true, id: true, style: true };

/** What `tribe_events_get_the_excerpt` keeps of the markup by default. */
const EXCERPT_TAGS: AllowedHtml = {
  a: { ...BASE, href: true, rel: true, target: true },
  b: BASE,
  strong: BASE,
  em: BASE,
  span: BASE,
  ul: BASE,
  li: BASE,
  ol: BASE,
};

/**
 * A venue's or organizer's (`tribe_post_excerpt`): its excerpt, else the first 55 words of its content
 * without tags (`wp_trim_words`), in paragraphs.
 */
export function linkedJsonLdDescription(excerpt: string, content: string): string {
  return escJs(wpautop(excerpt !== '' ? excerpt : trimWords(content, 55, '&hellip;')));
}

/**
 * An event's (`tribe_events_get_the_excerpt`): its excerpt, else its content; shortcodes removed
 * (`#\[.+\]#U`), then kses with the few tags above; content is cut to 55 words with ` [&hellip;]`
 * (the `excerpt_length` filter of the views is not in play on a REST request); in paragraphs.
 */
export function eventJsonLdDescription(excerpt: string, content: string): string {
  let text = (excerpt !== '' ? excerpt : content).replace(/\[.+?\]/g, '');
  text = kses(text, EXCERPT_TAGS);
  if (excerpt === '') text = trimWords(text, 55, ' [&hellip;]');
  return escJs(wpautop(text));
}
