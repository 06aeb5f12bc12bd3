/**
 * The `image` of an event, venue or organizer record (the plugin's Post_Repository::get_featured_image):
 * the featured image's full-size URL, id and extension, then its attachment metadata without
 * `image_meta` and `file`, each size with its URL instead of its file, empty values dropped; `false`
 * when the post has none.
 */
import type { RequestScope } from '../../site.js';
import { imageSrc, sourceUrl } from '../../wp/media/record.js';

const notEmpty = (v: unknown) =>
  !(v === '' || v === '0' || v === 0 || v === false || v === null || v === undefined) &&
  !(Array.isArray(v) && v.length === 0) &&
  !(typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);

/** The record's `image` for a post whose featured image is `thumbnailId` (0: none). */
export function featuredImage(scope: RequestScope, thumbnailId: number): false | Record<string, unknown> {
  if (!thumbnailId) return false;
  const a = scope.stores.media.get(thumbnailId);
  if (!a) return false;
  const ext = /\.([^./]+)$/.exec(a.file)?.[1] ?? '';
  const data: Record<string, unknown> = { url: sourceUrl(a, scope.origin), id: thumbnailId, extension: ext };
  const m = a.metadata;
  // (only an image's metadata has `image_meta`, `file` and `sizes`: other files show the three keys)
  if (!m || !('image_meta' in m) || !('sizes' in m)) return data;
  const sizes: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(m.sizes)) {
    const { file: _file, ...rest } = s;
    sizes[name] = { ...rest, url: imageSrc(a, scope.origin, name)?.[0] ?? '' };
  }
  const { image_meta: _meta, file: _f, ...rest } = m;
  const merged: Record<string, unknown> = { ...data, ...rest, sizes };
  return Object.fromEntries(Object.entries(merged).filter(([, v]) => notEmpty(v)));
}
