/**
 * Cells the site would keep otherwise than they are written, found before anything is sent. The
 * plugin's cost parser (`Tribe__Cost_Utils`, mirrored in wptext/cost.ts) reads the numbers out of a
 * cost and shows them after its words: `£2 per head` is shown as `£ per head2`. A row with such a
 * cell gets a warning naming the field, the cell and what the site would show, and `--on-lossy`
 * chooses what the import does with it.
 */
import { decodeEntities, formattedCost, storedCost } from '../wptext/index.js';

/** What an import does with a cell the site would keep otherwise than written (`--on-lossy`). */
export const LOSSY_ACTIONS = ['keep', 'describe', 'number', 'reject'] as const;
export type LossyAction = (typeof LOSSY_ACTIONS)[number];

/** The default: write it as the site will keep it, with a warning. */
export const DEFAULT_LOSSY_ACTION: LossyAction = 'keep';

const tokensOf = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .match(/\p{L}+|\p{N}+/gu) ?? [];

/** Whether `part` holds its items in the order `whole` has them (not necessarily side by side). */
function inOrder(part: readonly string[], whole: readonly string[]): boolean {
  let at = 0;
  for (const t of part) {
    at = whole.indexOf(t, at);
    if (at === -1) return false;
    at++;
  }
  return true;
}

/** The cost as the site will show it after storing `sent` (the REST answer's `cost`). */
export function shownCost(sent: unknown): string {
  return decodeEntities(formattedCost(storedCost(sent)));
}

/**
 * What the site would show for a cost cell when that differs from the cell in more than form: a
 * currency mark moved or added, a range shown as its ends (`5, 10, 15` → `$5 – $15`) and a zero as
 * no cost are form; numbers moved after the words, or words dropped, are not.
 * @returns the text the site would show, or undefined when nothing is lost
 */
export function costLoss(cell: string, sent: unknown): string | undefined {
  const shown = shownCost(sent);
  const mine = tokensOf(cell);
  const theirs = tokensOf(shown);
  const words = mine.filter((t) => /\p{L}/u.test(t));
  const kept = new Set(theirs);
  if (inOrder(theirs, mine) && words.every((w) => kept.has(w))) return undefined;
  return shown;
}

/** The first price of a cost text with its currency mark (`£2 per head` → `£2`), if it has one. */
export function firstPrice(cell: string): string | undefined {
  const m = /(\p{Sc}\s?)?(\p{N}+(?:[.,]\p{N}+)?)(\s?\p{Sc})?/u.exec(cell);
  if (!m) return undefined;
  return `${m[1]?.trim() ?? ''}${m[2]}${m[3]?.trim() ?? ''}`;
}
