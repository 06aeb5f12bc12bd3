/**
 * A proxy on 127.0.0.1 that injects a crash at the transport: it forwards everything to a real server,
 * lets the answers of the first `confirmed` created records through, then holds the answers of later
 * writes (they reach the server, their answers never come back) and calls `onHold` once, where a test
 * kills the client with SIGKILL. Counts the requests it received.
 */
import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface KillProxy {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** requests received since the last reset */
  requests: number;
  /** after `confirmed` created (or written) records were answered, hold write answers and call `onHold` once */
  arm(confirmed: number, onHold: () => void, what?: Counted): void;
  /** lets answers through again (held ones are dropped) and resets the request count */
  disarm(): void;
  close(): Promise<void>;
}

/** What a proxy counts before it holds answers: records created, or records written (created or updated). */
export type Counted = 'created' | 'written';

/** Records one write answer created (a 201, or the 201 items of a batch answer), or wrote (any 2xx). */
function countOf(status: number, body: Buffer, what: Counted): number {
  const counts = (s: number) => (what === 'created' ? s === 201 : s >= 200 && s < 300);
  let items: { status: number }[] | undefined;
  if (status === 207 || status === 200) {
    try {
      items = (JSON.parse(body.toString('utf8')) as { responses?: { status: number }[] }).responses;
    } catch {
      items = undefined;
    }
  }
  if (Array.isArray(items)) return items.filter((r) => counts(r.status)).length;
  return counts(status) ? 1 : 0;
}

export async function startKillProxy(target: string): Promise<KillProxy> {
  const upstream = new URL(target);
  let limit = Number.POSITIVE_INFINITY;
  let confirmed = 0;
  let onHold: (() => void) | undefined;
  let counted: Counted = 'created';
  let held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    proxy.requests++;
    const write = req.method !== 'GET' && req.method !== 'HEAD';
    const out = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          if (write && confirmed >= limit) {
            held.push(res);
            const once = onHold;
            onHold = undefined;
            once?.();
            return;
          }
          if (write) confirmed += countOf(answer.statusCode ?? 0, body, counted);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(body);
        });
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const proxy: KillProxy = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: 0,
    arm(n, hook, what = 'created') {
      limit = n;
      counted = what;
      confirmed = 0;
      onHold = hook;
    },
    disarm() {
      for (const res of held) res.destroy();
      held = [];
      limit = Number.POSITIVE_INFINITY;
      onHold = undefined;
      proxy.requests = 0;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  return proxy;
}
