/**
 * What a caller may do beyond the route's own permission. One function per WordPress capability the
 * server asks about, each taking the caller, so roles can be added in one place.
 */

/** A signed-in caller. Every user the embedded server knows is an administrator, for now. */
export interface Caller {
  id: number;
}

/**
 * WordPress's `unfiltered_html` capability (administrators and editors of a single site have it):
 * with it, post titles, contents and excerpts are stored as sent, `<script>` included; without it,
 * kses filters them (kses_init). Term names and descriptions are filtered for everyone.
 */
export function canUnfilteredHtml(user: Caller | null): boolean {
  return user !== null;
}

/** The caller of a request scope as {@link Caller}. */
export const callerOf = (userId: number | null): Caller | null => (userId === null ? null : { id: userId });
