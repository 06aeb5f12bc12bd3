/**
 * A calendar server on 127.0.0.1 (port 0) for the feed tests: it serves documents a test changes
 * between runs, with or without `ETag`/`Last-Modified` (and then honours `If-None-Match` /
 * `If-Modified-Since` with a 304), and misbehaves on demand: any status with any body, an HTML
 * page, a body cut off midway (the connection closed before the announced length), a long wait,
 * or an answer held until the test releases it. Every request is recorded.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** How one path answers. */
export interface Served {
  /** the document (a function: made again for each request, like Google's DTSTAMP) */
  body: string | (() => string);
  contentType?: string;
  status?: number;
  /** send an ETag (a hash of the body) and honour If-None-Match */
  etag?: boolean;
  /** send Last-Modified and honour If-Modified-Since */
  lastModified?: string;
  /** send the headers and half the body, then close the connection */
  cut?: boolean;
  /** wait this long before answering */
  delayMs?: number;
  /** answer only once this resolves */
  hold?: Promise<void>;
  /** more headers (a redirect's Location) */
  headers?: Record<string, string>;
}

export interface FeedRequest {
  path: string;
  method: string;
  ifNoneMatch: string | undefined;
  ifModifiedSince: string | undefined;
  status: number;
}

export interface FeedServer {
  origin: string;
  /** the address of a path */
  url(path: string): string;
  set(path: string, served: Served): void;
  requests: FeedRequest[];
  /** requests for one path */
  hits(path: string): FeedRequest[];
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, Served>();
  const requests: FeedRequest[] = [];
  const sockets = new Set<Socket>();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const served = routes.get(path);
    const record: FeedRequest = {
      path,
      method: req.method ?? 'GET',
      ifNoneMatch: req.headers['if-none-match'],
      ifModifiedSince: req.headers['if-modified-since'],
      status: 0,
    };
    requests.push(record);
    if (!served) {
      record.status = 404;
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not Found</body></html>');
      return;
    }
    if (served.hold) await served.hold;
    if (served.delayMs) await new Promise((r) => setTimeout(r, served.delayMs));
    const body = typeof served.body === 'function' ? served.body() : served.body;
    const headers: Record<string, string> = {
      'content-type': served.contentType ?? 'text/calendar; charset=utf-8',
      ...served.headers,
    };
    const status = served.status ?? 200;
    if (status === 200 && served.etag) {
      const tag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
      headers.etag = tag;
      if (record.ifNoneMatch === tag) {
        record.status = 304;
        res.writeHead(304, headers).end();
        return;
      }
    }
    if (status === 200 && served.lastModified) {
      headers['last-modified'] = served.lastModified;
      if (record.ifModifiedSince === served.lastModified && !served.etag) {
        record.status = 304;
        res.writeHead(304, headers).end();
        return;
      }
    }
    record.status = status;
    const bytes = Buffer.from(body, 'utf8');
    headers['content-length'] = String(bytes.length);
    res.writeHead(status, headers);
    if (served.cut) {
      res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
      setTimeout(() => req.socket.destroy(), 5);
      return;
    }
    res.end(bytes);
  };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      handle(req, res).catch(() => req.socket.destroy());
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    set: (path, served) => void routes.set(path, served),
    requests,
    hits: (path) => requests.filter((r) => r.path === path),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
