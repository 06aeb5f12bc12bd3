/**
 * The record model: a record as a site shows it ⇄ what a write takes (with what a site resets on
 * update), how two bodies compare as the site stores them, the natural key, and text as the site
 * keeps it. Pure (no I/O): the client's import, update, copy and sync use it, and the server's replica.
 */
export { canon, changedKeys, indexedKeys, keptWhenUnchanged } from './compare.js';
export { keyOf, naturalKeyFields } from './key.js';
export { nameKey, siteSlug, siteText, textKind } from './text.js';
export {
  AS_NEW,
  type Body,
  type InputOptions,
  idOf,
  ids,
  mergeUpdate,
  ownWebsite,
  recordToInput,
  SITE_RESETS,
  updateBody,
  writableState,
} from './writable.js';
