/**
 * Name order as the site sorts terms (case- and accent-insensitive). Names of letters, digits, spaces
 * and hyphens compare by their lower-case code units, which is the collator's order for those
 * characters; anything else goes to an `Intl.Collator`, created on first need (creating one loads
 * ICU data, a noticeable part of a short command's start-up).
 */
let collator: Intl.Collator | undefined;
const SIMPLE = /^[a-z0-9 -]*$/;

export function compareNames(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (SIMPLE.test(x) && SIMPLE.test(y)) return x < y ? -1 : x > y ? 1 : 0;
  collator ??= new Intl.Collator('en', { sensitivity: 'base' });
  return collator.compare(a, b);
}
