/** Texts as WordPress's database compares them in a search. */

/** The SQL function that folds a text as {@link foldForSearch} does (registered by db.ts openDatabase). */
export const FOLD_FUNCTION = 'wp_fold';

/**
 * A text as WordPress's database compares it in a search (`LIKE` under utf8mb4_unicode_520_ci):
 * letter case and accents do not count (`Crêpe` = `crepe`, `HALL Á` = `hall a`).
 */
export function foldForSearch(text: string): string {
  // (ASCII needs no folding beyond SQLite's own case-insensitive LIKE)
  if (!/[^\x00-\x7f]/.test(text)) return text;
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}
