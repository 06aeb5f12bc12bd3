/**
 * The one way calctl sends a request over the network: Node's own HTTP client (node:http, and
 * node:https for an https site). Its parser is part of Node; undici's, used before, is WebAssembly
 * that V8 compiled on every run and ran as baseline code. Measured on loopback against a real site
 * (60 creates, 8 at a time): about 2 ms of CPU a request where undici took about 5, 40 MB less
 * memory, and nothing to load at start (docs/benchmarks.md).
 *
 * One keep-alive agent per sender: sockets are reused while the site keeps them open, an idle one
 * is closed after {@link IDLE_MS} or sooner when the site's `Keep-Alive: timeout=N` says so (Node
 * reads that hint when the agent has a timeout), so a request is not sent on a socket the site is
 * closing. A site that closes each connection (PHP's built-in server) gets a new one per request.
 */
import type { Agent as HttpAgent, IncomingMessage, RequestOptions } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { flattenHeaders, type RawAnswer } from './response.js';

/** TLS settings of a site's connections. */
export interface NodeHttpOptions {
  /** the certificates TLS connections trust (see tls.ts) */
  ca?: readonly string[] | undefined;
  /** accept invalid certificates (--insecure) */
  insecure?: boolean | undefined;
}

/** One exchange: resolves with the whole answer; `onCancel` receives the way to abort it. */
export type NodeHttpSend = (
  method: string,
  url: URL,
  headers: Record<string, string>,
  body: string | Buffer | undefined,
  onCancel?: (cancel: (reason: Error) => void) => void,
) => Promise<RawAnswer>;

/** A sender and the way to close its idle sockets. */
export interface NodeHttpSender {
  send: NodeHttpSend;
  close(): void;
}

/** How long an idle socket is kept for the next request (as undici did: under common 5 s server limits). */
const IDLE_MS = 4000;

type Requester = (
  url: URL,
  options: RequestOptions,
  onAnswer: (res: IncomingMessage) => void,
) => import('node:http').ClientRequest;

/** Creates a sender; node:http (or node:https) and the agent are loaded on its first request. */
export function createNodeHttpSender(opts: NodeHttpOptions = {}): NodeHttpSender {
  let plain: Promise<{ agent: HttpAgent; request: Requester }> | undefined;
  let secure: Promise<{ agent: HttpsAgent; request: Requester }> | undefined;
  const made: (HttpAgent | HttpsAgent)[] = [];
  const clientFor = (url: URL) => {
    if (url.protocol === 'https:') {
      secure ??= import('node:https').then((https) => {
        const agent = new https.Agent({
          keepAlive: true,
          timeout: IDLE_MS,
          ...(opts.ca ? { ca: [...opts.ca] } : {}),
          ...(opts.insecure ? { rejectUnauthorized: false } : {}),
        });
        made.push(agent);
        return { agent, request: https.request };
      });
      return secure;
    }
    plain ??= import('node:http').then((http) => {
      const agent = new http.Agent({ keepAlive: true, timeout: IDLE_MS });
      made.push(agent);
      return { agent, request: http.request };
    });
    return plain;
  };
  const send: NodeHttpSend = async (method, url, headers, body, onCancel) => {
    const { agent, request } = await clientFor(url);
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
    const outgoing = payload ? { ...headers, 'content-length': String(payload.length) } : headers;
    return new Promise<RawAnswer>((resolve, reject) => {
      const req = request(url, { method, headers: outgoing, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const buf = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: flattenHeaders(res.headers), body: buf });
        });
        // (the connection closed before the whole body came: a network failure, as a reset is)
        res.on('close', () => {
          if (!res.complete)
            reject(Object.assign(new Error('the connection closed mid-answer'), { code: 'ECONNRESET' }));
        });
      });
      req.on('error', reject);
      onCancel?.((reason) => req.destroy(reason));
      req.end(payload);
    });
  };
  return {
    send,
    close: () => {
      for (const agent of made) agent.destroy();
    },
  };
}
