/**
 * A fault-injecting HTTP proxy on 127.0.0.1 for the hostile-network tests: between calctl and a real
 * server it drops connections (before or after the server saw the request), resets in the middle of a
 * response, delays, and answers 429 with Retry-After or 502/503/504 — each at a seeded random rate, so
 * a run is reproducible. It counts every fault it injected and every request it forwarded.
 */
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  | 'drop' // connection closed before the request is forwarded (the server never sees it)
  | 'lostResponse' // forwarded and answered by the server, then the connection is closed (answer lost)
  | 'resetMidResponse' // forwarded, status and part of the body sent, then reset
  | 'delay' // forwarded after a pause
  | 'r429'
  | 'r502'
  | 'r503'
  | 'r504';

export const FAULTS: readonly Fault[] = [
  'drop',
  'lostResponse',
  'resetMidResponse',
  'delay',
  'r429',
  'r502',
  'r503',
  'r504',
];

export interface ProxyOptions {
  /** upstream origin, http://127.0.0.1:port */
  target: string;
  seed: number;
  /** probability of each fault per request (the rest pass through) */
  rates: Partial<Record<Fault, number>>;
  /** pause of `delay` faults, ms (uniform in [min, max]) */
  delayMs?: [number, number];
  /** Retry-After seconds sent with 429 and 503 */
  retryAfter?: number;
  /** only requests for which this is true can be faulted (default: all) */
  eligible?: (method: string, url: string) => boolean;
}

export interface ForwardedRequest {
  method: string;
  url: string;
  body: string;
  /** status the server answered (0 when the upstream failed) */
  status: number;
}

export interface FaultProxy {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** faults injected so far, by kind */
  injected: Record<Fault, number>;
  /** requests received from the client */
  received: number;
  /** requests that reached the server, in order */
  forwarded: ForwardedRequest[];
  /** forwards that failed on the upstream side (not injected) */
  upstreamErrors: string[];
  setRates(rates: Partial<Record<Fault, number>>): void;
  totalFaults(): number;
  close(): Promise<void>;
}

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const wpBody = (status: number) =>
  JSON.stringify({ code: `proxy_${status}`, message: `injected ${status}`, data: { status } });

/** Starts the proxy; `close()` destroys every open socket. */
export async function startFaultProxy(opts: ProxyOptions): Promise<FaultProxy> {
  const target = new URL(opts.target);
  // Fault decisions have their own stream, so delays and body choices do not shift them.
  const random = prng(opts.seed);
  const aux = prng(opts.seed ^ 0x5bd1e995);
  let rates = { ...opts.rates };
  const injected = Object.fromEntries(FAULTS.map((f) => [f, 0])) as Record<Fault, number>;
  const forwarded: ForwardedRequest[] = [];
  const sockets = new Set<Socket>();
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const state = { received: 0, upstreamErrors: [] as string[] };

  const pick = (method: string, url: string): Fault | null => {
    if (opts.eligible && !opts.eligible(method, url)) return null;
    let r = random();
    for (const f of FAULTS) {
      const p = rates[f] ?? 0;
      if (r < p) return f;
      r -= p;
    }
    return null;
  };

  const forward = (
    req: IncomingMessage,
    body: Buffer,
  ): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const headers = { ...req.headers, host: target.host };
      delete headers.connection;
      const up = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      up.on('error', reject);
      up.end(body);
    });

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    state.received += 1;
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const fault = pick(method, url);
    if (fault) injected[fault] += 1;
    const socket = req.socket;
    if (fault === 'drop') return void socket.destroy();
    if (fault === 'r429' || fault === 'r502' || fault === 'r503' || fault === 'r504') {
      const status = Number(fault.slice(1));
      const extra: Record<string, string> =
        status === 429 || status === 503 ? { 'Retry-After': String(opts.retryAfter ?? 1) } : {};
      // Gateways answer HTML as often as JSON: alternate.
      const html = aux() < 0.5;
      res.writeHead(status, { 'Content-Type': html ? 'text/html' : 'application/json', ...extra });
      return void res.end(html ? `<html><body><h1>${status}</h1></body></html>` : wpBody(status));
    }
    if (fault === 'delay') {
      const [min, max] = opts.delayMs ?? [50, 400];
      await new Promise((r) => setTimeout(r, min + Math.floor(aux() * (max - min))));
    }
    let up: Awaited<ReturnType<typeof forward>>;
    const record: ForwardedRequest = { method, url, body: body.toString('utf8'), status: 0 };
    forwarded.push(record);
    try {
      up = await forward(req, body);
    } catch (err) {
      state.upstreamErrors.push(String((err as Error).message));
      return void socket.destroy();
    }
    record.status = up.status;
    if (fault === 'lostResponse') return void socket.destroy();
    const headers = { ...up.headers };
    delete headers.connection;
    delete headers['keep-alive'];
    delete headers['transfer-encoding'];
    if (fault === 'resetMidResponse') {
      headers['content-length'] = String(up.body.length);
      res.writeHead(up.status, headers);
      res.write(up.body.subarray(0, Math.floor(up.body.length / 2)));
      setTimeout(() => socket.destroy(), 5);
      return;
    }
    headers['content-length'] = String(up.body.length);
    res.writeHead(up.status, headers);
    res.end(up.body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks)).catch(() => req.socket.destroy());
    });
  });
  server.keepAliveTimeout = 2000;
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    injected,
    get received() {
      return state.received;
    },
    forwarded,
    upstreamErrors: state.upstreamErrors,
    setRates(next) {
      rates = { ...next };
    },
    totalFaults: () => Object.values(injected).reduce((a, b) => a + b, 0),
    close: async () => {
      for (const s of sockets) s.destroy();
      agent.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
