/**
 * Unique slugs the way WordPress makes them (`wp_unique_post_slug` / `wp_unique_term_slug`); the
 * slug itself comes from `sanitizeTitle` (src/wptext/slug.ts).
 */
import { MAX_SLUG_LENGTH } from '../../wptext/index.js';

export { MAX_SLUG_LENGTH };

/** Cuts a slug to `max` characters without splitting a `%xx` escape. */
function truncate(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  return slug.slice(0, max).replace(/%[0-9a-f]?$/, '');
}

/**
 * Makes `base` unique the WordPress way: `base`, then `base-2`, `base-3`… The base is shortened
 * when needed so that the suffixed slug still fits in {@link MAX_SLUG_LENGTH}.
 */
export function uniqueSlug(base: string, exists: (candidate: string) => boolean): string {
  if (!exists(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${truncate(base, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!exists(candidate)) return candidate;
  }
}
