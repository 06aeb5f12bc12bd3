/**
 * Core's application passwords routes (WP_REST_Application_Passwords_Controller):
 * `/wp/v2/users/{id|me}/application-passwords` (list, create, delete all) and `…/{uuid}` (get, rename,
 * delete). Every permission is the meta capability core maps to `edit_user` of that user.
 */

import { RestError } from '../../http/errors.js';
import { restRoot } from '../../rest/root.js';
import type { RequestScope } from '../../site.js';
import { generateAppPassword } from '../../store/auth.js';
import type { AppPassword, User } from '../../store/users.js';
import { canUser } from '../../users/caps.js';
import { type WpEndpoint, wpEndpoint } from '../namespace.js';
import { appPasswordRecord } from './record.js';
import { refuse, userFrom } from './users.js';

const notFound = () =>
  new RestError(404, 'rest_application_password_not_found', 'There is no such application password.');

const permitFor = (code: string, what: string) => (scope: RequestScope, a: { user: User }) => {
  if (!canUser(scope, 'edit_user', a.user.id)) throw refuse(scope, code, `You may not ${what} of this user.`);
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `name` (required on create: at least one character that is not a space) and `app_id` (a UUID). */
function fields(raw: Record<string, unknown>, creating: boolean): { name?: string; appId?: string } {
  if (creating && (raw.name === undefined || raw.name === null))
    throw new RestError(400, 'rest_missing_callback_param', 'Missing parameter(s): name', { params: ['name'] });
  const failed: Record<string, { code: string; message: string; data: null }> = {};
  const out: { name?: string; appId?: string } = {};
  if (raw.name !== undefined && raw.name !== null) {
    const name = typeof raw.name === 'string' ? raw.name : String(raw.name);
    if (name.length < 1)
      failed.name = { code: 'rest_too_short', message: 'name needs at least one character.', data: null };
    else if (!/\S/.test(name))
      failed.name = {
        code: 'rest_invalid_pattern',
        message: 'name needs a character that is not a space.',
        data: null,
      };
    else out.name = name;
  }
  if (raw.app_id !== undefined && raw.app_id !== null && raw.app_id !== '') {
    if (typeof raw.app_id !== 'string' || !UUID.test(raw.app_id))
      failed.app_id = { code: 'rest_invalid_uuid', message: 'app_id must be a UUID.', data: null };
    else out.appId = raw.app_id;
  }
  const names = Object.keys(failed);
  if (names.length)
    throw new RestError(400, 'rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, {
      params: Object.fromEntries(names.map((n) => [n, failed[n]?.message])),
      details: failed,
    });
  return out;
}

interface CollectionArgs {
  user: User;
  name?: string;
  appId?: string;
}

const list = wpEndpoint<CollectionArgs>({
  methods: ['GET'],
  parse: (scope, _raw, groups) => ({ user: userFrom(scope, groups.user_id) }),
  permit: permitFor('rest_cannot_list_application_passwords', 'list the application passwords'),
  handler: (scope, { user }) => ({
    status: 200,
    body: scope.stores.users.passwords(user.id).map((p) => appPasswordRecord(scope, user.id, p)),
  }),
});

const create = wpEndpoint<CollectionArgs>({
  methods: ['POST'],
  parse: (scope, raw, groups) => ({ user: userFrom(scope, groups.user_id), ...fields(raw, true) }),
  permit: permitFor('rest_cannot_create_application_passwords', 'make application passwords'),
  handler(scope, { user, name, appId }) {
    const { users } = scope.stores;
    if (users.passwords(user.id).some((p) => p.name === name))
      throw new RestError(
        409,
        'application_password_duplicate_name',
        'Another application password of this user has this name.',
      );
    const secret = generateAppPassword();
    const made = users.addPassword(user.id, name as string, appId ?? '', secret, scope.site.now());
    const location = `${restRoot(scope)}/wp/v2/users/${user.id}/application-passwords/${made.uuid}`;
    return { status: 201, headers: { Location: location }, body: appPasswordRecord(scope, user.id, made, secret) };
  },
});

const removeAll = wpEndpoint<CollectionArgs>({
  methods: ['DELETE'],
  parse: (scope, _raw, groups) => ({ user: userFrom(scope, groups.user_id) }),
  permit: permitFor('rest_cannot_delete_application_passwords', 'delete the application passwords'),
  handler: (scope, { user }) => ({
    status: 200,
    body: { deleted: true, count: scope.stores.users.removePasswords(user.id) },
  }),
});

interface ItemArgs {
  user: User;
  password: AppPassword;
  name?: string;
  appId?: string;
}

function item(
  scope: RequestScope,
  raw: Record<string, unknown>,
  groups: Record<string, string>,
  write: boolean,
): ItemArgs {
  const user = userFrom(scope, groups.user_id);
  const password = scope.stores.users.password(user.id, groups.uuid ?? '');
  if (!password) throw notFound();
  return { user, password, ...(write ? fields(raw, false) : {}) };
}

const getOne = wpEndpoint<ItemArgs>({
  methods: ['GET'],
  parse: (scope, raw, groups) => item(scope, raw, groups, false),
  permit: permitFor('rest_cannot_read_application_password', 'see the application passwords'),
  handler: (scope, { user, password }) => ({ status: 200, body: appPasswordRecord(scope, user.id, password) }),
});

const rename = wpEndpoint<ItemArgs>({
  methods: ['POST', 'PUT', 'PATCH'],
  parse: (scope, raw, groups) => item(scope, raw, groups, true),
  permit: permitFor('rest_cannot_edit_application_password', 'change the application passwords'),
  handler(scope, { user, password, name, appId }) {
    const { users } = scope.stores;
    if (name !== undefined) users.renamePassword(user.id, password.uuid, name, appId);
    return {
      status: 200,
      body: appPasswordRecord(scope, user.id, users.password(user.id, password.uuid) as AppPassword),
    };
  },
});

const removeOne = wpEndpoint<ItemArgs>({
  methods: ['DELETE'],
  parse: (scope, raw, groups) => item(scope, raw, groups, false),
  permit: permitFor('rest_cannot_delete_application_password', 'delete the application passwords'),
  handler(scope, { user, password }) {
    scope.stores.users.removePassword(user.id, password.uuid);
    return { status: 200, body: { deleted: true, previous: appPasswordRecord(scope, user.id, password) } };
  },
});

export const appPasswordEndpoints: Record<'collection' | 'item', WpEndpoint[]> = {
  collection: [list, create, removeAll],
  item: [getOne, rename, removeOne],
};
