/**
 * The arguments of core's users routes, checked as WP_REST_Users_Controller's schema checks them:
 * required ones first (rest_missing_callback_param), then every invalid one in one 400
 * (`rest_invalid_param` with core's detail codes: rest_user_invalid_username, rest_invalid_email,
 * rest_user_invalid_password, rest_invalid_type). The messages are this server's own.
 */
import { missingParams, RestError } from '../../http/errors.js';
import type { Params } from '../../rest/types.js';
import type { UserChanges } from '../../store/users.js';
import { isRole } from '../../users/roles.js';

/** The fields a create or an update may carry, in the order core's schema lists them. */
const TEXT_FIELDS = ['name', 'first_name', 'last_name', 'url', 'description', 'locale', 'nickname', 'slug'] as const;

/** What a create or an update asks for, checked. */
export interface UserArgs {
  username?: string | undefined;
  email?: string | undefined;
  password?: string | undefined;
  roles?: string[] | undefined;
  changes: UserChanges;
}

type Detail = { code: string; message: string; data: Record<string, unknown> | null };

/** sanitize_user( $login, true ): the characters a login may hold. */
export const isValidLogin = (login: string) => login.trim() !== '' && /^[A-Za-z0-9 _.@-]+$/.test(login);

/** is_email's shape: something@domain.tld, no spaces. */
export const isEmail = (v: string) => /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(v);

const present = (p: Params, n: string) => p[n] !== undefined && p[n] !== null;

/** Reads and checks a create's (`creating`) or an update's arguments. */
export function userArgs(p: Params, creating: boolean): UserArgs {
  if (creating) {
    const missing = ['username', 'email', 'password'].filter((n) => !present(p, n));
    if (missing.length) throw missingParams(missing);
  }
  const failed: Record<string, Detail> = {};
  const fail = (name: string, code: string, message: string, data: Record<string, unknown> | null = null) => {
    failed[name] ??= { code, message, data };
  };
  const str = (name: string): string | undefined => {
    if (!present(p, name)) return undefined;
    const v = p[name];
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    fail(name, 'rest_invalid_type', `${name} must be text.`, { param: name });
    return undefined;
  };
  const out: UserArgs = { changes: {} };
  const username = str('username');
  if (username !== undefined && !isValidLogin(username))
    fail('username', 'rest_user_invalid_username', 'A user name may hold only letters, digits, spaces and . _ - @.', {
      status: 400,
    });
  else out.username = username;
  const email = str('email');
  if (email !== undefined && !isEmail(email)) fail('email', 'rest_invalid_email', 'That is not an e-mail address.');
  else if (email !== undefined) out.changes.email = email;
  const password = str('password');
  if (password !== undefined) {
    if (password === '')
      fail('password', 'rest_user_invalid_password', 'A password may not be empty.', { status: 400 });
    else if (password.includes('\\'))
      fail('password', 'rest_user_invalid_password', 'A password may not hold a backslash.', { status: 400 });
    else out.password = password;
  }
  if (present(p, 'roles')) {
    const raw = p.roles;
    const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : null;
    if (!list || list.some((r) => typeof r !== 'string'))
      fail('roles', 'rest_invalid_type', 'roles must be a list of role names.', { param: 'roles' });
    else out.roles = (list as string[]).filter((r) => r !== '');
  }
  for (const name of TEXT_FIELDS) {
    const v = str(name);
    if (v === undefined) continue;
    if (name === 'name') out.changes.display_name = v;
    else out.changes[name] = v;
  }
  const names = Object.keys(failed);
  if (names.length) {
    const params = Object.fromEntries(names.map((n) => [n, failed[n]?.message]));
    throw new RestError(400, 'rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, {
      params,
      details: failed,
    });
  }
  return out;
}

/** check_role_update: every role must exist (400 rest_user_invalid_role). */
export function checkRoles(roles: readonly string[]): void {
  for (const role of roles) {
    if (!isRole(role)) throw new RestError(400, 'rest_user_invalid_role', `There is no role named ${role}.`);
  }
}
