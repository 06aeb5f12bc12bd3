import type { IncomingHttpHeaders } from 'node:http';
import type { AuthStore } from '../store/auth.js';
import { RestError } from './errors.js';

const WINDOW_MS = 60_000;
const MAX_FAILURES = 20;

/**
 * Remembers failed logins per client address. Over the limit a client is answered at once with 429
 * and Retry-After — never by holding the connection or sleeping.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  retryAfter(client: string): number {
    // (every signed-in request asks: a client without failures needs no list)
    if (!this.failures.has(client)) return 0;
    const list = this.recent(client);
    if (list.length < MAX_FAILURES) return 0;
    return Math.max(1, Math.ceil(((list[0] as number) + WINDOW_MS - this.now()) / 1000));
  }

  fail(client: string): void {
    const list = this.recent(client);
    list.push(this.now());
    this.failures.set(client, list);
    if (this.failures.size > 10_000) this.failures.clear();
  }

  private recent(client: string): number[] {
    const cutoff = this.now() - WINDOW_MS;
    const list = (this.failures.get(client) ?? []).filter((t) => t > cutoff);
    if (list.length) this.failures.set(client, list);
    else this.failures.delete(client);
    return list;
  }
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
  const wait = throttle.retryAfter(client);
  if (wait > 0) {
    throw new RestError(
      429,
      'rest_too_many_login_attempts',
      'Too many failed logins from this address; try again later.',
      {
        retry_after: wait,
      },
    );
  }
  const result = await auth.verify(login, password);
  if (result.ok) return result.userId;
  throttle.fail(client);
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
