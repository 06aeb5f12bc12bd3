/**
 * WordPress's users as the embedded server keeps them (wp_users with the user meta core's REST
 * controller shows) and their application passwords (WP_Application_Passwords). Everything here is
 * synchronous: it runs inside a request's transaction. Password hashing is in auth.ts.
 */
import type { Database, Statement } from 'better-sqlite3';
import { statementCache } from '../../primitives/index.js';
import { hashAppPassword, hashLoginPassword, newUuid } from './auth.js';

/** A user as stored; `roles` in WordPress's order (a user usually has one). */
export interface User {
  id: number;
  login: string;
  display_name: string;
  email: string;
  slug: string;
  url: string;
  description: string;
  first_name: string;
  last_name: string;
  nickname: string;
  locale: string;
  roles: string[];
  /** `YYYY-MM-DD HH:MM:SS`, UTC (user_registered) */
  registered: string;
}

export type UserInput = Omit<User, 'id'> & { password: string };
export type UserChanges = Partial<Omit<User, 'id' | 'login' | 'registered'>> & { password?: string };

/** One application password, without its secret. */
export interface AppPassword {
  uuid: string;
  app_id: string;
  name: string;
  /** ISO 8601, UTC, no zone (as WordPress answers it) */
  created: string;
  last_used: string | null;
  last_ip: string | null;
}

/** What the users list may ask (WP_REST_Users_Controller::get_items, in SQL). */
export interface UserQuery {
  search?: string | undefined;
  /**
   * search only the columns anyone may see (id, login, nicename, display name), as core does for a
   * caller who may not list users: never the e-mail address or the URL
   */
  publicSearch?: boolean | undefined;
  include?: number[] | undefined;
  exclude?: number[] | undefined;
  slugs?: string[] | undefined;
  roles?: string[] | undefined;
  /** only users who wrote a published post (has_published_posts) */
  published?: boolean | undefined;
  orderby: 'id' | 'name' | 'registered_date' | 'slug' | 'email' | 'url' | 'include' | 'include_slugs';
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

type Row = Omit<User, 'roles'> & { roles: string };

const COLUMNS =
  'id, login, display_name, email, slug, url, description, first_name, last_name, nickname, locale, roles, registered';

const decode = (row: Row | undefined): User | undefined =>
  row && { ...row, roles: row.roles === '' ? [] : row.roles.split(',') };

const ORDER_COLUMN: Record<string, string> = {
  id: 'id',
  name: 'display_name COLLATE NOCASE',
  registered_date: 'registered',
  slug: 'slug',
  email: 'email',
  url: 'url',
};

export class UserStore {
  private readonly stmt: (sql: string) => Statement;

  constructor(private readonly db: Database) {
    this.stmt = statementCache(db);
  }

  get(id: number): User | undefined {
    return decode(this.stmt(`SELECT ${COLUMNS} FROM users WHERE id = ?`).get(id) as Row | undefined);
  }

  /** A user by login or e-mail, case-insensitive as MySQL's collation compares them. */
  find(column: 'login' | 'email' | 'slug', value: string): User | undefined {
    const sql = `SELECT ${COLUMNS} FROM users WHERE ${column} = ? COLLATE NOCASE`;
    return decode(this.stmt(sql).get(value) as Row | undefined);
  }

  list(q: UserQuery): { users: User[]; total: number } {
    const where: string[] = [];
    const args: unknown[] = [];
    const inList = (col: string, values: readonly unknown[], not = false) => {
      where.push(`${col} ${not ? 'NOT ' : ''}IN (${values.map(() => '?').join(',')})`);
      args.push(...values);
    };
    if (q.include?.length) inList('id', q.include);
    if (q.exclude?.length) inList('id', q.exclude, true);
    if (q.slugs?.length) inList('slug', q.slugs);
    if (q.roles?.length) {
      where.push(`(${q.roles.map(() => "(',' || roles || ',') LIKE ?").join(' OR ')})`);
      args.push(...q.roles.map((r) => `%,${r},%`));
    }
    if (q.search) {
      // (WP_User_Query searches login, e-mail, URL, nicename and display name; `*` is its wildcard)
      const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%')}%`;
      if (q.publicSearch) {
        // (WP_REST_Users_Controller::get_items: `search_columns` ID, user_login, user_nicename, display_name)
        where.push(
          "(CAST(id AS TEXT) = ? OR login LIKE ? ESCAPE '\\' OR slug LIKE ? ESCAPE '\\' OR display_name LIKE ? ESCAPE '\\')",
        );
        args.push(q.search.replace(/^\*+|\*+$/g, ''), like, like, like);
      } else {
        where.push(
          "(login LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\' OR url LIKE ? ESCAPE '\\' OR slug LIKE ? ESCAPE '\\' OR display_name LIKE ? ESCAPE '\\')",
        );
        args.push(like, like, like, like, like);
      }
    }
    if (q.published) where.push("EXISTS (SELECT 1 FROM posts p WHERE p.author = users.id AND p.status = 'publish')");
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM users ${clause}`).get(...args) as { n: number }).n;
    let order: string;
    if (q.orderby === 'include' && q.include?.length) {
      order = `CASE id ${q.include.map((id, i) => `WHEN ${Number(id)} THEN ${i}`).join(' ')} END`;
    } else if (q.orderby === 'include_slugs' && q.slugs?.length) {
      order = `CASE slug ${q.slugs.map((_, i) => `WHEN ? THEN ${i}`).join(' ')} END`;
      args.push(...q.slugs);
    } else {
      const dir = q.order === 'desc' ? 'DESC' : 'ASC';
      order = `${ORDER_COLUMN[q.orderby] ?? 'display_name COLLATE NOCASE'} ${dir}, id ${dir}`;
    }
    const rows = this.db
      .prepare(`SELECT ${COLUMNS} FROM users ${clause} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .all(...args, q.limit, q.offset) as Row[];
    return { users: rows.map((r) => decode(r) as User), total };
  }

  insert(u: UserInput): number {
    const info = this.stmt(
      `INSERT INTO users (login, display_name, email, slug, url, description, first_name, last_name, nickname,
        locale, roles, registered, pass_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      u.login,
      u.display_name,
      u.email,
      u.slug,
      u.url,
      u.description,
      u.first_name,
      u.last_name,
      u.nickname,
      u.locale,
      u.roles.join(','),
      u.registered,
      hashLoginPassword(u.password),
    );
    return Number(info.lastInsertRowid);
  }

  update(id: number, c: UserChanges): void {
    const sets: string[] = [];
    const args: unknown[] = [];
    for (const [k, v] of Object.entries(c)) {
      if (v === undefined) continue;
      if (k === 'password') {
        sets.push('pass_hash = ?');
        args.push(hashLoginPassword(v as string));
      } else {
        sets.push(`${k} = ?`);
        args.push(k === 'roles' ? (v as string[]).join(',') : v);
      }
    }
    if (sets.length) this.db.prepare(`UPDATE users SET ${sets.join(', ')} WHERE id = ?`).run(...args, id);
  }

  /** Ids of the posts a user wrote (wp_delete_user reassigns or deletes them). */
  postIdsOf(id: number): number[] {
    return this.stmt('SELECT id FROM posts WHERE author = ?').pluck().all(id) as number[];
  }

  /** Removes a user and its application passwords (its posts are the caller's, before). */
  remove(id: number): void {
    this.stmt('DELETE FROM app_passwords WHERE user_id = ?').run(id);
    this.stmt('DELETE FROM users WHERE id = ?').run(id);
  }

  // ---- application passwords (WP_Application_Passwords) ----

  passwords(userId: number): AppPassword[] {
    const rows = this.stmt(
      'SELECT uuid, app_id, name, created, last_used, last_ip FROM app_passwords WHERE user_id = ? ORDER BY id',
    ).all(userId) as AppPassword[];
    return rows.map(iso);
  }

  password(userId: number, uuid: string): AppPassword | undefined {
    const row = this.stmt(
      'SELECT uuid, app_id, name, created, last_used, last_ip FROM app_passwords WHERE user_id = ? AND uuid = ?',
    ).get(userId, uuid) as AppPassword | undefined;
    return row && iso(row);
  }

  /** A new application password: its record and the secret, shown this once. */
  addPassword(userId: number, name: string, appId: string, secret: string, now: Date): AppPassword {
    const { salt, hash } = hashAppPassword(secret);
    const uuid = newUuid();
    this.stmt(
      `INSERT INTO app_passwords (user_id, name, salt, hash, created, uuid, app_id, algo) VALUES (?, ?, ?, ?, ?, ?, ?, 'sha256')`,
    ).run(userId, name, salt, hash, now.toISOString(), uuid, appId);
    return this.password(userId, uuid) as AppPassword;
  }

  renamePassword(userId: number, uuid: string, name: string, appId?: string): void {
    this.stmt('UPDATE app_passwords SET name = ?, app_id = COALESCE(?, app_id) WHERE user_id = ? AND uuid = ?').run(
      name,
      appId ?? null,
      userId,
      uuid,
    );
  }

  removePassword(userId: number, uuid: string): void {
    this.stmt('DELETE FROM app_passwords WHERE user_id = ? AND uuid = ?').run(userId, uuid);
  }

  removePasswords(userId: number): number {
    return this.stmt('DELETE FROM app_passwords WHERE user_id = ?').run(userId).changes;
  }
}

/** `created` as WordPress answers it: `Y-m-d\TH:i:s` in UTC. */
function iso(p: AppPassword): AppPassword {
  const created = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.exec(p.created)?.[0] ?? p.created;
  return { ...p, created };
}
