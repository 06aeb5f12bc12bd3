import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Database, Statement } from 'better-sqlite3';

export const ADMIN_LOGIN = 'admin';
export const PASSWORD_FILE = 'admin-password';

// node:crypto is loaded on first use: the CLI's built-in calendar trusts its caller and never hashes,
// and loading the module is a noticeable part of a short command's start-up.
const requireBuiltin = createRequire(import.meta.url);
let cryptoLib: typeof import('node:crypto') | undefined;
const crypto = () => {
  cryptoLib ??= requireBuiltin('node:crypto') as typeof import('node:crypto');
  return cryptoLib;
};
const randomBytes = (n: number) => crypto().randomBytes(n);

const SCRYPT_KEYLEN = 32;
const SCRYPT_OPTS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function scryptAsync(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto().scrypt(password, salt, SCRYPT_KEYLEN, SCRYPT_OPTS, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** The first admin's application password, its salt and its scrypt hash (on libuv's thread pool). */
export interface AdminSecret {
  password: string;
  salt: Buffer;
  hash: Promise<Buffer>;
}

/**
 * Starts hashing the first admin's password: `preset` (CALCTL_ADMIN_PASSWORD) or a generated one.
 * `calctl serve` starts it before a new data dir's store is even opened (src/server/stores.ts).
 */
export function hashAdminSecret(preset: string | undefined): AdminSecret {
  const password = preset && preset.length > 0 ? preset : generateAppPassword();
  const salt = randomBytes(16);
  const hash = scryptAsync(normalizeAppPassword(password), salt);
  hash.catch(() => {}); // (awaited by ensureAdmin; unused when another process made the admin first)
  return { password, salt, hash };
}

/** WordPress application passwords are shown in groups of four and compared without spaces. */
export function normalizeAppPassword(password: string): string {
  return password.replace(/\s+/g, '');
}

/** A new application password in WordPress's shape: 24 letters and digits in groups of four. */
export function generateAppPassword(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(24);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return (chars.match(/.{4}/g) ?? []).join(' ');
}

/**
 * An application password's hash as WordPress 6.8 keeps them (wp_fast_hash): one salted SHA-256, fast
 * and synchronous, which is safe because the secret is 24 random characters, not a chosen password.
 */
export function hashAppPassword(secret: string): { salt: Buffer; hash: Buffer } {
  const salt = randomBytes(16);
  return { salt, hash: fastHash(salt, normalizeAppPassword(secret)) };
}

const fastHash = (salt: Buffer, secret: string): Buffer =>
  crypto().createHash('sha256').update(salt).update(secret, 'utf8').digest();

/** scrypt's cost for login passwords: they never sign in here (only application passwords do). */
const LOGIN_COST = 1024;

/**
 * A user's login password, kept as a salted scrypt hash with its parameters (`scrypt$N$r$p$salt$hash`).
 * The REST API signs in with application passwords only, as WordPress does over basic auth; the login
 * password is kept so that nothing a client sent is lost, at a cost a request's transaction can bear.
 */
export function hashLoginPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = crypto().scryptSync(password, salt, SCRYPT_KEYLEN, { N: LOGIN_COST, r: 8, p: 1 });
  return `scrypt$${LOGIN_COST}$8$1$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** A random version-4 UUID (an application password's id). */
export const newUuid = (): string => crypto().randomUUID();

export type AuthResult = { ok: true; userId: number } | { ok: false; code: 'invalid_username' | 'incorrect_password' };

/**
 * Users and their application passwords. Passwords are kept only as salted hashes. A verified
 * credential is remembered in memory under a SHA-256 of what was presented, keyed by a per-process
 * secret, so the slow hash runs once per credential, not once per request; the remembered password
 * must still exist (one indexed look-up), so a revoked password or a deleted user fails at once, even
 * when another process revoked it.
 */
export class AuthStore {
  private readonly verified = new Map<string, { userId: number; row: number }>();
  private cacheKey: string | undefined;
  private findUser: Statement | undefined;

  constructor(private readonly db: Database) {}

  /**
   * Creates the admin user on the first start of a data dir. Its password comes from `preset`
   * (CALCTL_ADMIN_PASSWORD) or is generated; the plain value is written once to a 0600 file.
   * Returns the path of that file.
   */
  async ensureAdmin(dataDir: string | null, preset: string | undefined, started?: AdminSecret): Promise<string | null> {
    const file = dataDir ? join(dataDir, PASSWORD_FILE) : null;
    const hasAdmin = this.db.prepare('SELECT 1 FROM users WHERE id = 1').get() !== undefined;
    if (hasAdmin) return file && existsSync(file) ? file : null;
    const { password, salt, hash: hashing } = started ?? hashAdminSecret(preset);
    const hash = await hashing;
    const now = new Date().toISOString();
    const insert = this.db.transaction(() => {
      // Another process may have created the admin meanwhile: only the first one wins.
      if (this.db.prepare('SELECT 1 FROM users WHERE id = 1').get() !== undefined) return false;
      this.db
        .prepare(
          `INSERT INTO users (id, login, display_name, slug, nickname, email, roles, registered)
           VALUES (1, ?, ?, ?, ?, ?, 'administrator', ?)`,
        )
        .run(
          ADMIN_LOGIN,
          'Administrator',
          ADMIN_LOGIN,
          ADMIN_LOGIN,
          `${ADMIN_LOGIN}@localhost`,
          now.slice(0, 19).replace('T', ' '),
        );
      const row = this.db
        .prepare('INSERT INTO app_passwords (user_id, name, salt, hash, created, uuid) VALUES (1, ?, ?, ?, ?, ?)')
        .run('calctl', salt, hash, now, newUuid());
      return Number(row.lastInsertRowid);
    });
    const created = insert.immediate();
    if (created === false) return file;
    // The password was just hashed here: a first request signing in with it as given needs no
    // second scrypt (what verify would remember after hashing it again).
    this.remember(this.credentialKey(ADMIN_LOGIN, password), { userId: 1, row: created });
    if (file) {
      writeFileSync(file, `${password}\n`, { mode: 0o600 });
      chmodSync(file, 0o600);
    }
    return file;
  }

  /** Adds another application password for a user (used by tests and `serve`). */
  async addPassword(userId: number, name: string, password: string): Promise<void> {
    const salt = randomBytes(16);
    const hash = await scryptAsync(normalizeAppPassword(password), salt);
    this.db
      .prepare('INSERT INTO app_passwords (user_id, name, salt, hash, created, uuid) VALUES (?, ?, ?, ?, ?, ?)')
      .run(userId, name, salt, hash, new Date().toISOString(), newUuid());
  }

  /**
   * Where a credential is remembered: a keyed one-shot SHA-256 of what was presented (the per-process
   * secret first): a quarter of an HMAC object's cost, and it runs on every signed-in request.
   */
  private credentialKey(login: string, password: string): string {
    this.cacheKey ??= randomBytes(32).toString('base64');
    return crypto().hash('sha256', `${this.cacheKey}\0${login}\0${password}`, 'base64');
  }

  private remember(key: string, found: { userId: number; row: number }): void {
    if (this.verified.size > 10_000) this.verified.clear();
    this.verified.set(key, found);
  }

  /**
   * The account a login names, for the login throttle: the user's id when the login or e-mail address
   * is a user's (so `Admin`, `admin` and its e-mail count as one), else the name as given, in lower case.
   */
  accountOf(login: string): string {
    this.findUser ??= this.db.prepare(
      'SELECT id FROM users WHERE login = ? COLLATE NOCASE UNION ALL SELECT id FROM users WHERE email = ? COLLATE NOCASE',
    );
    const user = this.findUser.get(login, login) as { id: number } | undefined;
    return user ? `user:${user.id}` : `name:${login.toLowerCase()}`;
  }

  async verify(login: string, password: string): Promise<AuthResult> {
    const key = this.credentialKey(login, password);
    const cached = this.verified.get(key);
    if (cached !== undefined) {
      if (this.db.prepare('SELECT 1 FROM app_passwords WHERE id = ? AND user_id = ?').get(cached.row, cached.userId))
        return { ok: true, userId: cached.userId };
      this.verified.delete(key);
    }
    // (wp_authenticate_application_password: the login, else an e-mail address)
    const user = this.db
      .prepare(
        'SELECT id FROM users WHERE login = ? COLLATE NOCASE UNION ALL SELECT id FROM users WHERE email = ? COLLATE NOCASE',
      )
      .get(login, login) as { id: number } | undefined;
    if (!user) return { ok: false, code: 'invalid_username' };
    const rows = this.db.prepare('SELECT id, salt, hash, algo FROM app_passwords WHERE user_id = ?').all(user.id) as {
      id: number;
      salt: Buffer;
      hash: Buffer;
      algo: string;
    }[];
    const presented = normalizeAppPassword(password);
    for (const row of rows) {
      const hash = row.algo === 'sha256' ? fastHash(row.salt, presented) : await scryptAsync(presented, row.salt);
      if (hash.length === row.hash.length && crypto().timingSafeEqual(hash, row.hash)) {
        this.remember(key, { userId: user.id, row: row.id });
        return { ok: true, userId: user.id };
      }
    }
    return { ok: false, code: 'incorrect_password' };
  }
}

/** Reads the admin password a data dir's first start wrote, or undefined. */
export function readAdminPassword(dataDir: string): string | undefined {
  const file = join(dataDir, PASSWORD_FILE);
  if (!existsSync(file)) return undefined;
  return readFileSync(file, 'utf8').trim();
}
