/**
 * A real HTTP server on 127.0.0.1:0 whose answers each test scripts: JSON replies, N failures then a
 * success, a reset socket, a server that accepts and never answers. Every request is recorded.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A request as the server saw it. */
export interface RecordedRequest {
  method: string;
  /** path and query, as sent */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** client port: equal ports mean a reused (keep-alive) connection */
  remotePort: number | undefined;
}

/** Handles one request; `index` counts requests from 0 across the server's life. */
export type FaultHandler = (req: RecordedRequest, res: ServerResponse, index: number) => void | Promise<void>;

export interface FaultServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** every request received, in order */
  requests: RecordedRequest[];
  /** replaces the handler */
  handle(handler: FaultHandler): void;
  close(): Promise<void>;
}

/** Starts a server; the default handler answers 404 `rest_no_route`. */
export async function startFaultServer(handler?: FaultHandler): Promise<FaultServer> {
  let current: FaultHandler =
    handler ?? wpError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        remotePort: req.socket.remotePort,
      };
      const index = requests.length;
      requests.push(recorded);
      Promise.resolve(current(recorded, res, index)).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      });
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    handle(next) {
      current = next;
    },
    close() {
      // Hanging handlers keep sockets open: destroy them so close() resolves.
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Answers with a JSON body. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): FaultHandler {
  return (_req, res) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    res.end(text);
  };
}

/** Answers with a raw text body. */
export function text(status: number, body: string, headers: Record<string, string> = {}): FaultHandler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=UTF-8', ...headers });
    res.end(body);
  };
}

/** Answers with the WordPress error envelope. */
export function wpError(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): FaultHandler {
  return json(status, { code, message, data: { status, ...extra } });
}

/** Destroys the connection without an answer (the client sees a reset / socket error). */
export function reset(): FaultHandler {
  return (_req, res) => {
    res.socket?.destroy();
  };
}

/** Accepts the request and never answers. */
export function hang(): FaultHandler {
  return () => undefined;
}

/** Sends the headers, then never finishes the body. */
export function hangBody(status = 200): FaultHandler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.write('{"partial":');
  };
}

/** Uses `first` for the first `n` requests, then `then` for every later one. */
export function times(n: number, first: FaultHandler, then: FaultHandler): FaultHandler {
  let seen = 0;
  return (req, res, index) => {
    seen += 1;
    return seen <= n ? first(req, res, index) : then(req, res, index);
  };
}

/** Answers with each handler in turn; the last one repeats. */
export function sequence(...handlers: FaultHandler[]): FaultHandler {
  let seen = 0;
  return (req, res, index) => {
    const handler = handlers[Math.min(seen, handlers.length - 1)];
    seen += 1;
    if (!handler) throw new Error('sequence() needs at least one handler');
    return handler(req, res, index);
  };
}

/** Routes by `METHOD /path` (query ignored); unmatched requests get 404 `rest_no_route`. */
export function routes(table: Record<string, FaultHandler>): FaultHandler {
  return (req, res, index) => {
    const path = req.url.split('?')[0] ?? '';
    const handler =
      table[`${req.method} ${path}`] ??
      wpError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
    return handler(req, res, index);
  };
}
