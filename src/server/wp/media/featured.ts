/**
 * `featured_media` on a write of WordPress core's post routes (WP_REST_Posts_Controller::
 * handle_featured_media): an attachment id that is an image becomes the post's featured image
 * (set_post_thumbnail), 0 removes it (delete_post_thumbnail), anything else is refused.
 */
import { RestError } from '../../http/errors.js';
import type { RequestScope } from '../../site.js';
import { isImage } from './record.js';

/** Applies a `featured_media` value to a post; throws core's 400 for an id that is not an image. */
export function handleFeaturedMedia(scope: RequestScope, postId: number, value: unknown): void {
  // (core casts the value to an integer first: `abc` and `0` both remove the image)
  const id = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(String(value ?? ''), 10) || 0;
  const { media } = scope.stores;
  const attachment = id === 0 ? undefined : media.get(id);
  if (id !== 0 && (!attachment || !isImage(attachment)))
    throw new RestError(400, 'rest_invalid_featured_media', 'The featured media ID is not an image of the library.');
  media.setThumbnail(postId, id);
}
