/**
 * WordPress's text rules, shared by the embedded server (which must store and show text as a site
 * does) and the client (which must compare text as a site stores it). Each function names the
 * WordPress or plugin function whose behaviour it follows; none of their code is copied.
 */
export { shortcodeUnautop, wpautop } from './autop.js';
export {
  costValues,
  formattedCost,
  parseCurrencyPosition,
  parseCurrencySymbol,
  type StoredCost,
  storedCost,
} from './cost.js';
export {
  autoExcerpt,
  convertChars,
  convertSmilies,
  type DisplayOptions,
  filterContentTags,
  theContent,
  theExcerpt,
  theTitle,
  trimWords,
} from './display.js';
export {
  decodeAttribute,
  decodeEntities,
  escHtml,
  escJs,
  normalizeEntities,
  specialchars,
  validUnicode,
} from './entities.js';
export { eventJsonLdDescription, linkedJsonLdDescription } from './json-ld.js';
export { ALLOWED_POST_TAGS, ALLOWED_TAGS, kses, ksesData, ksesPost } from './kses.js';
export { isNumeric, phpTrim, stripslashes } from './php.js';
export { collapse, htmlWords, readAs, type TextKind } from './read.js';
export { phpStripTags, preKsesLessThan, sanitizeTextField, stripAllTags } from './sanitize.js';
export { doShortcode, escUrl, parseShortcodeAtts, REGISTERED_SHORTCODES, stripShortcodes } from './shortcodes.js';
export { MAX_SLUG_LENGTH, removeAccents, sanitizeTitle, titleWithDashes } from './slug.js';
export {
  convertInvalidEntities,
  MAX_TERM_NAME_LENGTH,
  storedEventMeta,
  storedMetaLine,
  storedPostContent,
  storedPostTitle,
  storedTermDescription,
  storedTermName,
  tecSanitizeString,
  termNameFits,
} from './store.js';
export { texturize } from './texturize.js';
