/** Whole days (`YYYY-MM-DD`) as the match index of an import counts them. */

const DAY_MS = 86_400_000;

/** The `YYYY-MM-DD` day of a date value, if it has one. */
export const dayOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] : undefined;

/** `YYYY-MM-DD` shifted by whole days. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b`. */
export const daysBetween = (a: string, b: string): number => Math.round((Date.parse(b) - Date.parse(a)) / DAY_MS);
