/**
 * A data dir's first start makes its admin with a scrypt-hashed application password once: the
 * password is remembered as verified by the process that hashed it (no second scrypt on the first
 * request), yet what is remembered still gives way to the store: a revoked password or another
 * password fails. A real SQLite file in a temp dir.
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Stores } from '../../src/server/site.js';
import { openForServing, openStores } from '../../src/server/stores.js';

let open: Stores[] = [];
afterEach(() => {
  for (const s of open) s.db.close();
  open = [];
});

describe("a new data dir's admin", () => {
  it('is made once with a scrypt hash; its password signs in at once and stops when revoked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'calctl-admin-seed-'));
    const serving = openForServing({ dataDir: dir, adminPassword: 'abcd EFGH 1234' });
    open.push(serving.stores);
    const file = await serving.passwordFile;
    expect(file).toBe(join(dir, 'admin-password'));
    expect(readFileSync(file as string, 'utf8')).toBe('abcd EFGH 1234\n');
    expect(statSync(file as string).mode & 0o777).toBe(0o600);
    const { db, auth } = serving.stores;
    const rows = db
      .prepare('SELECT user_id, algo, length(salt) AS salt, length(hash) AS hash FROM app_passwords')
      .all();
    expect(rows).toEqual([{ user_id: 1, algo: 'scrypt', salt: 16, hash: 32 }]);

    expect(await auth.verify('admin', 'abcd EFGH 1234')).toEqual({ ok: true, userId: 1 });
    expect(await auth.verify('admin', 'abcd EFGH 1235')).toEqual({ ok: false, code: 'incorrect_password' });
    // (another process, as `serve` beside the first, verifies through the hash in the store)
    const other = openStores(dir, { optimize: false });
    open.push(other);
    expect(await other.auth.verify('admin', 'abcdEFGH1234')).toEqual({ ok: true, userId: 1 });

    db.prepare('DELETE FROM app_passwords WHERE user_id = 1').run();
    expect(await auth.verify('admin', 'abcd EFGH 1234')).toEqual({ ok: false, code: 'incorrect_password' });
  });

  it('is not made again by a second start, which keeps the first password', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'calctl-admin-seed-'));
    const first = openForServing({ dataDir: dir, adminPassword: 'first pass word' });
    open.push(first.stores);
    await first.passwordFile;
    const second = openForServing({ dataDir: dir, adminPassword: 'second pass word' });
    open.push(second.stores);
    expect(await second.passwordFile).toBe(join(dir, 'admin-password'));
    expect(readFileSync(join(dir, 'admin-password'), 'utf8')).toBe('first pass word\n');
    expect(await second.stores.auth.verify('admin', 'second pass word')).toEqual({
      ok: false,
      code: 'incorrect_password',
    });
    expect(await second.stores.auth.verify('admin', 'first pass word')).toEqual({ ok: true, userId: 1 });
  });

  it('refuses a zone the server cannot use before writing anything', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'calctl-admin-seed-')), 'data');
    expect(() => openForServing({ dataDir: dir, timezone: 'Mars/Olympus' })).toThrow('unknown time zone: Mars/Olympus');
    expect(() => statSync(dir)).toThrow();
  });
});
