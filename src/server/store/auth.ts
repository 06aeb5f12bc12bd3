import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';

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

export type AuthResult = { ok: true; userId: number } | { ok: false; code: 'invalid_username' | 'incorrect_password' };

/**
 * Users and their application passwords. Passwords are kept only as salted scrypt hashes. A verified
 * credential is remembered in memory under a SHA-256 of what was presented, keyed by a per-process
 * secret, so the slow hash runs once per credential, not once per request.
 */
export class AuthStore {
  private readonly verified = new Map<string, number>();
  private cacheKey: string | undefined;

  constructor(private readonly db: Database) {}

  /**
   * Creates the admin user on the first start of a data dir. Its password comes from `preset`
   * (CALCTL_ADMIN_PASSWORD) or is generated; the plain value is written once to a 0600 file.
   * Returns the path of that file.
   */
  async ensureAdmin(dataDir: string | null, preset: string | undefined): Promise<string | null> {
    const file = dataDir ? join(dataDir, PASSWORD_FILE) : null;
    const hasAdmin = this.db.prepare('SELECT 1 FROM users WHERE id = 1').get() !== undefined;
    if (hasAdmin) return file && existsSync(file) ? file : null;
    const password = preset && preset.length > 0 ? preset : generateAppPassword();
    const salt = randomBytes(16);
    const hash = await scryptAsync(normalizeAppPassword(password), salt);
    const now = new Date().toISOString();
    const insert = this.db.transaction(() => {
      // Another process may have created the admin meanwhile: only the first one wins.
      if (this.db.prepare('SELECT 1 FROM users WHERE id = 1').get() !== undefined) return false;
      this.db.prepare('INSERT INTO users (id, login, display_name) VALUES (1, ?, ?)').run(ADMIN_LOGIN, 'Administrator');
      this.db
        .prepare('INSERT INTO app_passwords (user_id, name, salt, hash, created) VALUES (1, ?, ?, ?, ?)')
        .run('calctl', salt, hash, now);
      return true;
    });
    const created = insert.immediate();
    if (created && file) {
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
      .prepare('INSERT INTO app_passwords (user_id, name, salt, hash, created) VALUES (?, ?, ?, ?, ?)')
      .run(userId, name, salt, hash, new Date().toISOString());
  }

  async verify(login: string, password: string): Promise<AuthResult> {
    // A keyed one-shot SHA-256 (the per-process secret first): a quarter of an HMAC object's cost, and
    // it runs on every signed-in request.
    this.cacheKey ??= randomBytes(32).toString('base64');
    const key = crypto().hash('sha256', `${this.cacheKey}\0${login}\0${password}`, 'base64');
    const cached = this.verified.get(key);
    if (cached !== undefined) return { ok: true, userId: cached };
    const user = this.db.prepare('SELECT id FROM users WHERE login = ? COLLATE NOCASE').get(login) as
      | { id: number }
      | undefined;
    if (!user) return { ok: false, code: 'invalid_username' };
    const rows = this.db.prepare('SELECT salt, hash FROM app_passwords WHERE user_id = ?').all(user.id) as {
      salt: Buffer;
      hash: Buffer;
    }[];
    const presented = normalizeAppPassword(password);
    for (const row of rows) {
      const hash = await scryptAsync(presented, row.salt);
      if (hash.length === row.hash.length && crypto().timingSafeEqual(hash, row.hash)) {
        if (this.verified.size > 10_000) this.verified.clear();
        this.verified.set(key, user.id);
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
