/**
 * The plugin's `image` field on writes: its check (Tribe__Validator__Base::is_image, is_image_or_empty),
 * what it names (tribe_upload_image: an attachment id, or the URL of an attachment), and the featured
 * image it leaves (the `FeaturedImage` of Tribe__Events__API, Venue and Organizer: every create or
 * update through the plugin's routes sets it, or removes it when `image` names none).
 */
import { phpEmpty } from '../../rest/args.js';
import type { RequestScope } from '../../site.js';
import { type Attachment, UPLOADS_URL_PATH } from '../../store/media.js';
import { mayUploadFiles } from '../../wp/media/create.js';
import { isImage } from '../../wp/media/record.js';
import { mimeOfName } from '../../wp/media/upload.js';

/** PHP's is_numeric (leading and trailing white space allowed, as PHP 8 reads it). */
const isNumeric = (v: unknown) =>
  typeof v === 'number' || (typeof v === 'string' && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(v));

/** The path below the site root of a URL of this site's uploads, or undefined for any other URL. */
function ownUploadPath(url: string, scope: RequestScope): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.origin !== scope.origin || !parsed.pathname.startsWith(`${UPLOADS_URL_PATH}/`)) return undefined;
  try {
    return decodeURIComponent(parsed.pathname);
  } catch {
    return undefined;
  }
}

/**
 * is_image: an attachment id of an image, or (for a caller who may upload files) the URL of an image
 * the site answers 200 for with an image type. The embedded server fetches no other site: a URL is an
 * image when it is one of this server's uploaded images.
 */
export function isImageValue(v: unknown, scope: RequestScope): boolean {
  if (isNumeric(v)) {
    const a = scope.stores.media.get(Math.trunc(Number(v)));
    return a !== undefined && isImage(a);
  }
  if (typeof v === 'string' && mayUploadFiles(scope)) {
    const path = ownUploadPath(v, scope);
    if (!path) return false;
    const relative = path.slice(UPLOADS_URL_PATH.length + 1);
    return scope.stores.media.fileExists(relative) && (mimeOfName(relative) ?? '').startsWith('image/');
  }
  return false;
}

/** is_image_or_empty: what venues and organizers accept. */
export const isImageOrEmpty = (v: unknown, scope: RequestScope) => phpEmpty(v) || isImageValue(v, scope);

/**
 * tribe_upload_image: the attachment an `image` value names (an id of an attachment, or a URL that is
 * an attachment's guid), or 0. The plugin would download any other URL into the library; the embedded
 * server does not fetch, so such a URL names nothing.
 */
export function attachmentOfImage(v: unknown, scope: RequestScope): Attachment | undefined {
  if (phpEmpty(v)) return undefined;
  const { media } = scope.stores;
  if (typeof v === 'string' && !isNumeric(v)) {
    const path = ownUploadPath(v, scope);
    return path ? media.byGuid(path) : undefined;
  }
  return isNumeric(v) ? media.get(Math.trunc(Number(v))) : undefined;
}

/** The featured image a plugin write leaves on a post: the one `image` names, or none. */
export function saveFeaturedImage(scope: RequestScope, postId: number, image: unknown): void {
  scope.stores.media.setThumbnail(postId, attachmentOfImage(image, scope)?.post.id ?? 0);
}
