/**
 * The matrix's two kinds of target: a site over HTTP (the reference site, or `calctl serve`), and the
 * embedded server's core in-process (no socket: the offline test).
 */
import { createInProcessCore, openDataDir } from '../../src/server/index.js';
import type { Creds, MatrixRequest, MatrixResponse, Send } from './matrix.js';

const authHeader = (c: Creds) => `Basic ${Buffer.from(`${c.user}:${c.password}`).toString('base64')}`;

function target(req: MatrixRequest): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query ?? {})) q.set(k, String(v));
  const qs = q.toString();
  return `/wp-json${req.route}${qs ? `?${qs}` : ''}`;
}

function headersOf(req: MatrixRequest): Record<string, string> {
  // (lower-cased, as Node gives a server its headers)
  const h: Record<string, string> = Object.fromEntries(
    Object.entries(req.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  if (req.auth) h.authorization = authHeader(req.auth);
  if (req.body !== undefined) h['content-type'] = 'application/json';
  return h;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A site over HTTP at `origin` (pretty permalinks: `/wp-json/`), retried once on a dropped connection. */
export function httpTarget(origin: string): Send {
  const root = origin.replace(/\/+$/, '');
  return async (req) => {
    const init = {
      method: req.method,
      headers: headersOf(req),
      ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
    };
    let res: Response;
    try {
      res = await fetch(`${root}${target(req)}`, init);
    } catch {
      res = await fetch(`${root}${target(req)}`, init);
    }
    return { status: res.status, body: parse(await res.text()) };
  };
}

export const IN_PROCESS_ADMIN: Creds = { user: 'admin', password: 'abcd EFGH 1234 ijkl MNOP 5678' };

/**
 * The embedded server's core on a data dir in memory. Each request comes from an address of its own:
 * the matrix sends hundreds of wrong passwords, which a real site answers 401 every time, and the
 * server's login throttle would answer 429 from one address (a limit the reference site does not have).
 */
export async function inProcessTarget(): Promise<{ send: Send; close(): void }> {
  const stores = openDataDir(':memory:', { optimize: false });
  await stores.auth.ensureAdmin(null, IN_PROCESS_ADMIN.password);
  const core = await createInProcessCore({
    site: { vendor: 'tribe', perPage: 10, timezone: 'UTC', now: () => new Date() },
    stores,
  });
  let n = 0;
  const send: Send = async (req): Promise<MatrixResponse> => {
    n += 1;
    const res = await core.handle({
      method: req.method,
      url: target(req),
      headers: headersOf(req),
      body: req.body !== undefined ? JSON.stringify(req.body) : null,
      ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      origin: 'http://localhost',
    });
    return { status: res.status, body: parse(res.body) };
  };
  return { send, close: () => stores.db.close() };
}
