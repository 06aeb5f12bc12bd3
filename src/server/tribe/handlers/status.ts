/**
 * The status a write of the plugin's routes asks for, as the caller may set it
 * (Tribe__Events__REST__V1__Endpoints__Base::scale_back_post_status): whoever may publish events gets
 * the status asked for (`publish` when none); anyone else gets `pending` for `publish` or `future`, and
 * `draft` when none was asked. Venues and organizers are judged by the events' capability too, as the
 * plugin does.
 */
import type { RequestScope } from '../../site.js';
import { canType } from '../../users/caps.js';

export function scaleBackStatus(scope: RequestScope, asked: unknown): string {
  const status = typeof asked === 'string' ? asked : '';
  if (canType(scope, 'tribe_events', 'publish_posts')) return status || 'publish';
  if (status === 'publish' || status === 'future') return 'pending';
  return status || 'draft';
}
