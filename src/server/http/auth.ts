import type { IncomingHttpHeaders } from 'node:http';
import type { AuthStore } from '../store/auth.js';
import { RestError } from './errors.js';

/** The window failures are counted in. */
export const LOGIN_WINDOW_MS = 60_000;
/** Failures of one login from one address in a window before that login is refused from there. */
export const LOGIN_FAILURES_PER_ACCOUNT = 20;
/**
 * Failures from one address, whatever the logins, in a window before that address's wrong credentials
 * are answered 429 with Retry-After instead of 401 (a client hammering with stale or guessed passwords
 * is told to back off). A cron job with a stale password sends one a minute or so; this is far above it.
 */
export const LOGIN_FAILURES_PER_ADDRESS = 300;
/** Counters kept at most; past it the oldest are dropped (an attacker cannot grow memory, nor reset others). */
const MAX_KEYS = 20_000;

/**
 * Remembers failed logins, per (account, client address) and per client address, the rule of
 * WordPress's login-limiting plugins (Limit Login Attempts Reloaded and Wordfence lock out a user name
 * from an IP, not the IP for everyone):
 *
 * - an account with `LOGIN_FAILURES_PER_ACCOUNT` failures from an address in a minute is refused from
 *   that address (429, whatever the password) until the oldest failure is a minute old;
 * - every other account is answered normally from the same address, the right password always;
 * - past `LOGIN_FAILURES_PER_ADDRESS` failures from one address in a minute, that address's wrong
 *   credentials are answered 429 with Retry-After (not 401) until the rate falls; right ones still pass.
 *
 * Over a limit a client is answered at once with 429 and Retry-After — never by holding the connection.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds until `account` may try again from `client`, 0 when it may now. */
  accountWait(account: string, client: string): number {
    return this.wait(accountKey(account, client), LOGIN_FAILURES_PER_ACCOUNT);
  }

  /** Seconds until `client`'s failures fall under the address's ceiling, 0 when they are under it. */
  addressWait(client: string): number {
    return this.wait(addressKey(client), LOGIN_FAILURES_PER_ADDRESS);
  }

  fail(account: string, client: string): void {
    this.add(accountKey(account, client));
    this.add(addressKey(client));
  }

  private wait(key: string, limit: number): number {
    // (every signed-in request asks: a key without failures needs no list)
    if (!this.failures.has(key)) return 0;
    const list = this.recent(key);
    if (list.length < limit) return 0;
    const oldest = list[list.length - limit] as number;
    return Math.max(1, Math.ceil((oldest + LOGIN_WINDOW_MS - this.now()) / 1000));
  }

  private add(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    // (a list never needs more than the largest limit)
    if (list.length > LOGIN_FAILURES_PER_ADDRESS) list.shift();
    this.failures.delete(key);
    this.failures.set(key, list); // (last in the map's order: the least recently failed go first)
    if (this.failures.size > MAX_KEYS) this.prune();
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - LOGIN_WINDOW_MS;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
    for (const key of this.failures.keys()) {
      if (this.failures.size <= MAX_KEYS / 2) break;
      this.failures.delete(key);
    }
  }
}

const accountKey = (account: string, client: string) => `a\0${account}\0${client}`;
const addressKey = (client: string) => `c\0${client}`;

function tooMany(wait: number): RestError {
  return new RestError(429, 'rest_too_many_login_attempts', 'Too many failed sign-ins; wait before trying again.', {
    retry_after: wait,
  });
}

/**
 * Resolves the caller from `Authorization` (basic with an application password, or a bearer token that
 * is an application password of the admin). A wrong password fails every route, reads included, as on
 * a real site; no header means an anonymous reader.
 */
export async function authenticate(
  headers: IncomingHttpHeaders,
  client: string,
  auth: AuthStore,
  throttle: LoginThrottle,
): Promise<number | null> {
  const header = headers.authorization;
  if (typeof header !== 'string' || header.trim() === '') return null;
  const [scheme, ...rest] = header.trim().split(/\s+/);
  const value = rest.join(' ');
  let login: string;
  let password: string;
  if (scheme?.toLowerCase() === 'basic') {
    let decoded: string;
    try {
      decoded = Buffer.from(value, 'base64').toString('utf8');
    } catch {
      return null;
    }
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    login = decoded.slice(0, colon);
    password = decoded.slice(colon + 1);
  } else if (scheme?.toLowerCase() === 'bearer') {
    login = 'admin';
    password = value;
  } else {
    return null;
  }
  // One account whatever name it is given by (its login in any case, or its e-mail address).
  const account = auth.accountOf(login);
  const locked = throttle.accountWait(account, client);
  if (locked > 0) throw tooMany(locked);
  // (the right password of an account not under attack is answered normally, whatever the address did)
  const result = await auth.verify(login, password);
  if (result.ok) return result.userId;
  throttle.fail(account, client);
  const flooded = throttle.addressWait(client);
  if (flooded > 0) throw tooMany(flooded);
  if (result.code === 'invalid_username') {
    throw new RestError(401, 'invalid_username', 'Unknown user name.');
  }
  throw new RestError(401, 'incorrect_password', 'The application password is not correct.');
}

/**
 * Who is calling, as a function of the request: the signed-in user's id or null. Callers that hold
 * the data dir in-process (`trusted`: the CLI's local calendar) stand for the admin whenever they send
 * credentials, and no password hash is checked; everyone else is authenticated with the login throttle.
 */
export function callerOf(
  auth: AuthStore,
  trusted: boolean,
): (req: { headers: IncomingHttpHeaders; ip: string }) => Promise<number | null> {
  if (trusted) return async (req) => (req.headers.authorization ? 1 : null);
  const throttle = new LoginThrottle();
  return (req) => authenticate(req.headers, req.ip, auth, throttle);
}
