/**
 * Venues and organizers that are likely the same place or person, spelled apart: every importer,
 * form and feed makes a new one when a name differs by a letter, an accent, a suffix or an address
 * (`Fährgarten Johannstadt` and `Fährgarten Johannstadt, Käthe-Kollwitz-Ufer 23b, 01307 Dresden`; `The
 * Crêpe Café` and `Crepe Cafe`). Two records are grouped when:
 *
 * - their names are the same once folded (letter case, accents, punctuation, blanks, a leading "the",
 *   an address written after the name);
 * - one folded name holds the other whole, word for word (`Hall A` in `Hall A Annex`): `contains`;
 * - they are at the same address (street and city, or postal code) with alike names;
 * - their names are alike (Levenshtein's distance, from fastest-levenshtein, small against their
 *   length): `similar`.
 *
 * Groups are the connected sets of those pairs, each with the reasons that joined it.
 */
import { distance } from 'fastest-levenshtein';
import { parsePlace } from './place.js';

/** Why two records were taken for one. */
export type DuplicateReason = 'same name' | 'contains' | 'same address' | 'similar';

/** What a record offers for the comparison. */
export interface Candidate {
  id: number;
  name: string;
  /** street address, city and postal code, when it has them */
  address?: string | undefined;
  city?: string | undefined;
  zip?: string | undefined;
  email?: string | undefined;
}

/** A group of likely duplicates, and why. */
export interface DuplicateGroup {
  ids: number[];
  reasons: DuplicateReason[];
}

/** How alike two folded names must be to be `similar` (1: the same). */
export const SIMILAR_AT = 0.88;

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The comparison form of a name: the name part of a place written with its address (`Hall A, 1 Main
 * St` → `hall a`), folded, without a leading article.
 */
export function nameKey(name: string): string {
  const own = parsePlace(name).name;
  return fold(own).replace(/^(the|der|die|das|le|la|les|el|il|de|het) /, '');
}

/** How alike two folded names are, from 0 to 1. */
export function likeness(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - distance(a, b) / longest;
}

const holds = (long: string, short: string) => short.length >= 3 && ` ${long} `.includes(` ${short} `);

/** The address of a candidate as one folded text (street and city), when it has a street. */
function addressKey(c: Candidate): string | undefined {
  const street = fold(c.address ?? '');
  if (street === '') return undefined;
  return `${street}|${fold(c.city ?? '') || fold(c.zip ?? '')}`;
}

/** Why `a` and `b` are likely one record, or undefined. */
export function duplicateReason(a: Candidate, b: Candidate): DuplicateReason | undefined {
  const ka = nameKey(a.name);
  const kb = nameKey(b.name);
  if (ka === '' || kb === '') return undefined;
  if (ka === kb) return 'same name';
  if (holds(ka, kb) || holds(kb, ka)) return 'contains';
  const alike = likeness(ka, kb);
  const at = addressKey(a);
  if (at !== undefined && at === addressKey(b) && alike >= 0.6) return 'same address';
  if (a.email && b.email && a.email.toLowerCase() === b.email.toLowerCase() && alike >= 0.6) return 'same address';
  // (names alike but for a number are other rooms: `Hall 10` and `Hall 11`, `Room 1` and `Room 2`)
  const numbers = (k: string) => (k.match(/\p{N}+/gu) ?? []).join(' ');
  return alike >= SIMILAR_AT && numbers(ka) === numbers(kb) ? 'similar' : undefined;
}

/** The groups of likely duplicates among `records` (each of two records or more), largest first. */
export function duplicateGroups(records: readonly Candidate[]): DuplicateGroup[] {
  const parent = records.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i] as number] as number;
      i = parent[i] as number;
    }
    return i;
  };
  const reasons = new Map<number, Set<DuplicateReason>>();
  for (let i = 0; i < records.length; i++) {
    for (let j = i + 1; j < records.length; j++) {
      const why = duplicateReason(records[i] as Candidate, records[j] as Candidate);
      if (!why) continue;
      const [ri, rj] = [find(i), find(j)];
      const merged = new Set([...(reasons.get(ri) ?? []), ...(reasons.get(rj) ?? []), why]);
      parent[rj] = ri;
      reasons.set(ri, merged);
    }
  }
  const groups = new Map<number, number[]>();
  records.forEach((r, i) => {
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), r.id]);
  });
  return [...groups]
    .filter(([, ids]) => ids.length > 1)
    .map(([root, ids]) => ({ ids: ids.sort((x, y) => x - y), reasons: [...(reasons.get(root) ?? [])] }))
    .sort((a, b) => b.ids.length - a.ids.length || (a.ids[0] as number) - (b.ids[0] as number));
}
