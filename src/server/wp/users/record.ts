/**
 * WordPress core's JSON shapes of a user (WP_REST_Users_Controller::prepare_item_for_response, per
 * context) and of an application password (WP_REST_Application_Passwords_Controller).
 */
import { createHash } from 'node:crypto';
import { restRoot } from '../../rest/root.js';
import type { RequestScope } from '../../site.js';
import type { AppPassword, User } from '../../store/users.js';
import { capsOf } from '../../users/caps.js';
import type { Context } from '../params.js';

/** Gravatar addresses of an e-mail, in the three sizes core lists. */
export function avatars(email: string): Record<string, string> {
  const hash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return Object.fromEntries(
    [24, 48, 96].map((s) => [String(s), `https://secure.gravatar.com/avatar/${hash}?s=${s}&d=mm&r=g`]),
  );
}

/** `registered_date` as core answers it: RFC 3339 with the UTC offset. */
const rfc3339 = (utc: string) => `${utc.replace(' ', 'T')}+00:00`;

/** A user in `context`; `allow` are the methods the caller may use on it. */
export function userRecord(
  scope: RequestScope,
  user: User,
  context: Context,
  allow: readonly string[],
): Record<string, unknown> {
  const edit = context === 'edit';
  const out: Record<string, unknown> = { id: user.id };
  if (edit) out.username = user.login;
  out.name = user.display_name;
  if (edit) {
    out.first_name = user.first_name;
    out.last_name = user.last_name;
    out.email = user.email;
  }
  // (the administrator's address is the site's when it has none of its own, as on a fresh site)
  out.url = user.url === '' && user.id === 1 ? scope.origin : user.url;
  out.description = user.description;
  // (plain permalinks: the author's query variable, as get_author_posts_url writes it there)
  out.link =
    scope.site.permalinks === 'plain' ? `${scope.origin}/?author=${user.id}` : `${scope.origin}/author/${user.slug}/`;
  if (edit) {
    out.locale = user.locale === '' ? 'en_US' : user.locale;
    out.nickname = user.nickname;
  }
  out.slug = user.slug;
  if (edit) {
    out.roles = user.roles;
    out.registered_date = rfc3339(user.registered);
    out.capabilities = Object.fromEntries([...capsOf(user)].map((c) => [c, true]));
    out.extra_capabilities = Object.fromEntries(user.roles.map((r) => [r, true]));
  }
  out.avatar_urls = avatars(user.email);
  if (context !== 'embed') out.meta = edit ? { persisted_preferences: [] } : [];
  const base = `${restRoot(scope)}/wp/v2/users`;
  out._links = {
    self: [{ href: `${base}/${user.id}`, targetHints: { allow } }],
    collection: [{ href: base }],
  };
  return out;
}

/** An application password as core answers it; `secret` only in the answer that made it. */
export function appPasswordRecord(
  scope: RequestScope,
  userId: number,
  p: AppPassword,
  secret?: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    uuid: p.uuid,
    app_id: p.app_id,
    name: p.name,
    created: p.created,
    last_used: p.last_used,
    last_ip: p.last_ip,
  };
  // (shown once, in groups of four as WP_Application_Passwords::chunk_password writes it)
  if (secret !== undefined) out.password = (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
  out._links = {
    self: [
      {
        href: `${restRoot(scope)}/wp/v2/users/${userId}/application-passwords/${p.uuid}`,
        targetHints: { allow: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
      },
    ],
  };
  return out;
}
