/**
 * The login throttle's rule (src/server/http/auth.ts), on a fake clock: failures count per account and
 * address; an account under attack is refused from that address only; past the address's ceiling wrong
 * credentials get 429, right ones still pass; Retry-After says when the oldest failure leaves the window.
 */
import { describe, expect, it } from 'vitest';
import {
  authenticate,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_WINDOW_MS,
  LoginThrottle,
} from '../../src/server/http/auth.js';
import { RestError } from '../../src/server/http/errors.js';
import type { AuthResult, AuthStore } from '../../src/server/store/auth.js';

const GOOD: Record<string, string> = { admin: 'right-admin', cron: 'right-cron', fresh: 'right-fresh' };

/** An AuthStore with three users; `seen` are the credentials that already signed in. */
function fakeStore(seen: Set<string>): { store: AuthStore; hashed: () => number } {
  let hashed = 0;
  const check = (login: string, password: string): AuthResult =>
    GOOD[login] === undefined
      ? { ok: false, code: 'invalid_username' }
      : GOOD[login] === password
        ? { ok: true, userId: Object.keys(GOOD).indexOf(login) + 1 }
        : { ok: false, code: 'incorrect_password' };
  const store = {
    accountOf: (login: string) => (GOOD[login.toLowerCase()] ? `user:${login.toLowerCase()}` : `name:${login}`),
    verify: async (login: string, password: string) => {
      hashed += 1;
      const r = check(login, password);
      if (r.ok) seen.add(`${login}:${password}`);
      return r;
    },
  } as unknown as AuthStore;
  return { store, hashed: () => hashed };
}

const header = (login: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`,
});

async function status(p: Promise<number | null>): Promise<number | [number, number]> {
  try {
    await p;
    return 200;
  } catch (err) {
    if (!(err instanceof RestError)) throw err;
    return err.status === 429 ? [429, Number(err.data.retry_after)] : err.status;
  }
}

describe('login throttle', () => {
  it('locks one account from one address; the others, and the same account elsewhere, sign in', async () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(() => now);
    const { store } = fakeStore(new Set());
    const call = (login: string, password: string, client = '10.0.0.1') =>
      status(authenticate(header(login, password), client, store, throttle));
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
      expect(await call('cron', 'stale')).toBe(401);
      now += 100;
    }
    expect(await call('cron', 'stale')).toEqual([429, 58]);
    expect(await call('cron', GOOD.cron as string)).toEqual([429, 58]);
    expect(await call('CRON', GOOD.cron as string)).toEqual([429, 58]);
    expect(await call('admin', GOOD.admin as string)).toBe(200);
    expect(await call('fresh', GOOD.fresh as string)).toBe(200);
    expect(await call('cron', GOOD.cron as string, '10.0.0.2')).toBe(200);
    // Once the oldest failure is a minute old, the account may try again (one more failure locks it).
    now = 1_000_000 + LOGIN_WINDOW_MS + 1;
    expect(await call('cron', GOOD.cron as string)).toBe(200);
  });

  it('past the address ceiling wrong credentials get 429 with Retry-After; a right password still passes', async () => {
    let now = 5_000_000;
    const throttle = new LoginThrottle(() => now);
    const { store } = fakeStore(new Set());
    const call = (login: string, password: string) =>
      status(authenticate(header(login, password), '10.0.0.9', store, throttle));
    // A spray: many names, each under the per-account limit.
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS - 1; i++) {
      expect(await call(`guess${Math.floor(i / 10)}`, `pw${i}`)).toBe(401);
      now += 10;
    }
    const refused = await call('guess999', 'pw');
    expect(Array.isArray(refused) && refused[0]).toBe(429);
    expect(Array.isArray(refused) && refused[1]).toBeGreaterThan(0);
    // An account nobody attacked signs in from the same address, first time or not.
    expect(await call('fresh', GOOD.fresh as string)).toBe(200);
    expect(await call('admin', GOOD.admin as string)).toBe(200);
    const wrong = await call('admin', 'nope');
    expect(Array.isArray(wrong) && wrong[0]).toBe(429);
    now += LOGIN_WINDOW_MS;
    expect(await call('guess999', 'pw')).toBe(401);
  });

  it('keeps a bounded number of counters without forgetting the newest', async () => {
    let now = 0;
    const throttle = new LoginThrottle(() => now);
    for (let i = 0; i < 50_000; i++) throttle.fail(`user${i}`, `10.1.${i >> 8}.${i & 255}`);
    now += 1;
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) throttle.fail('victim', '10.9.9.9');
    expect(throttle.accountWait('victim', '10.9.9.9')).toBeGreaterThan(0);
    expect(throttle.accountWait('user0', '10.1.0.0')).toBe(0);
  });
});
