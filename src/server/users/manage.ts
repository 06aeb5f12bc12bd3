/**
 * Users of a data dir managed from the command line (`calctl serve users …`), outside any request:
 * the same store and rules as `POST /wp/v2/users` and its application passwords, so that a cron job
 * can be given a user with only the role it needs.
 */
import { sanitizeTitle } from '../../wptext/index.js';
import { uniqueSlug } from '../format/slug.js';
import type { Stores } from '../site.js';
import { generateAppPassword } from '../store/auth.js';
import type { User } from '../store/users.js';
import { isRole, ROLE_NAMES, type RoleName } from './roles.js';

/** Why a user could not be added or removed (the command turns it into a usage error). */
export class UserManagementError extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

export interface AddedUser {
  user: User;
  /** the new application password, in groups of four: shown once */
  password: string;
  uuid: string;
}

const LOGIN = /^[A-Za-z0-9 _.@-]+$/;

/** Adds a user with one role and an application password named `appName`. */
export function addUser(
  stores: Stores,
  opts: { login: string; role: string; email?: string | undefined; appName: string; now: Date },
): AddedUser {
  const { users, db } = stores;
  const { login, role } = opts;
  if (!LOGIN.test(login) || login.trim() === '')
    throw new UserManagementError(`"${login}" is not a valid user name`, 'use letters, digits, spaces and . _ - @');
  if (!isRole(role))
    throw new UserManagementError(`there is no role "${role}"`, `choose one of: ${ROLE_NAMES.join(', ')}`);
  const email = opts.email ?? `${login.replace(/[^A-Za-z0-9._-]/g, '')}@localhost`;
  return db
    .transaction((): AddedUser => {
      if (users.find('login', login))
        throw new UserManagementError(`a user "${login}" exists already`, 'choose another name, or remove it first');
      if (users.find('email', email))
        throw new UserManagementError(
          `the e-mail address ${email} belongs to another user`,
          'give another with --email',
        );
      const slug = uniqueSlug(sanitizeTitle(login).slice(0, 50) || 'user', (s) => !!users.find('slug', s));
      const id = users.insert({
        login,
        email,
        password: generateAppPassword(),
        display_name: login,
        first_name: '',
        last_name: '',
        nickname: login,
        url: '',
        description: '',
        locale: '',
        slug,
        roles: [role as RoleName],
        registered: opts.now.toISOString().slice(0, 19).replace('T', ' '),
      });
      const password = generateAppPassword();
      const made = users.addPassword(id, opts.appName, '', password, opts.now);
      return { user: users.get(id) as User, password, uuid: made.uuid };
    })
    .immediate();
}

/** Every user of the data dir, by id. */
export function listUsers(stores: Stores): User[] {
  return stores.users.list({ orderby: 'id', order: 'asc', offset: 0, limit: 1_000_000 }).users;
}

/** Removes a user; its posts go to `reassignTo` (the administrator by default). */
export function removeUser(stores: Stores, login: string, reassignTo = 1): void {
  const { users, posts, db } = stores;
  db.transaction(() => {
    const user = users.find('login', login);
    if (!user) throw new UserManagementError(`there is no user "${login}"`, 'see them with: calctl serve users list');
    if (user.id === reassignTo || !users.get(reassignTo))
      throw new UserManagementError(
        `cannot give ${login}'s posts to user ${reassignTo}`,
        'name another user with --reassign',
      );
    for (const id of users.postIdsOf(user.id)) {
      const post = posts.get(id);
      if (post) posts.update({ ...post, author: reassignTo });
    }
    users.remove(user.id);
  }).immediate();
}
