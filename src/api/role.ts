/**
 * What the signed-in user may do on the site, as WordPress tells it (`GET /wp/v2/users/me?context=edit`:
 * its roles and capabilities, the plugin's post-type ones included), and what that means for calctl's
 * writes: a user who may not publish events makes events that wait for review (the plugin turns
 * `publish` into `pending`), one who may not edit others' events cannot change or delete them.
 */
import type { ApiClient } from './client.js';
import { coreRouteUrl } from './core-routes.js';

export interface CallerRole {
  roles: string[];
  capabilities: Record<string, boolean>;
}

/** The caller's roles and capabilities, or undefined when the site does not say (an old site, a bearer token). */
export async function fetchCallerRole(client: ApiClient): Promise<CallerRole | undefined> {
  try {
    const res = await client.get<Partial<CallerRole>>(coreRouteUrl(client.baseUrl, '/users/me'), {
      query: { context: 'edit' },
    });
    const body = res.body;
    if (!body || !Array.isArray(body.roles) || typeof body.capabilities !== 'object' || body.capabilities === null)
      return undefined;
    return { roles: body.roles.map(String), capabilities: body.capabilities as Record<string, boolean> };
  } catch {
    return undefined;
  }
}

/** May the caller publish events (else every event it writes waits for review)? */
export const canPublishEvents = (role: CallerRole) => role.capabilities.publish_tribe_events === true;

/** What the role cannot do of what calctl does, in words (empty for an editor or an administrator). */
export function roleLimits(role: CallerRole): string[] {
  const can = (cap: string) => role.capabilities[cap] === true;
  if (!can('edit_tribe_events')) return ['cannot create or change events, venues or organizers (read only)'];
  const out: string[] = [];
  if (!can('publish_tribe_events')) out.push('cannot publish events: those it writes wait for review (pending)');
  if (!can('edit_others_tribe_events')) out.push("cannot edit or delete other users' events");
  if (!can('publish_tribe_events')) out.push('cannot add event categories');
  if (!can('manage_categories')) out.push('cannot add tags');
  return out;
}

/** One line about the role: `contributor (cannot publish events: …; cannot …)`. */
export function describeRole(role: CallerRole): string {
  const name = role.roles.join(', ') || 'no role';
  const limits = roleLimits(role);
  return limits.length ? `${name} (${limits.join('; ')})` : name;
}
