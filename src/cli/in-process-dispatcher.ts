import type { IncomingHttpHeaders } from 'node:http';
import { Dispatcher } from 'undici';
import type { Core } from '../server/core.js';

/** The handler undici's `request()` passes to a dispatcher (its callback-style interface). */
interface RequestHandler {
  onConnect?(abort: (reason?: Error) => void, context?: object): void;
  onHeaders?(status: number, rawHeaders: Buffer[], resume: () => void, statusText: string): boolean | undefined;
  onData?(chunk: Buffer): boolean | undefined;
  onComplete?(trailers: Buffer[] | null): void;
  onError?(err: Error): void;
}

function toHeaders(raw: unknown): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  if (Array.isArray(raw)) {
    for (let i = 0; i + 1 < raw.length; i += 2) out[String(raw[i]).toLowerCase()] = String(raw[i + 1]);
  } else if (raw && typeof raw === 'object') {
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
      if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.map(String).join(', ') : String(v);
    }
  }
  return out;
}

/**
 * An undici dispatcher that hands requests straight to the embedded server's core, in this process:
 * the built-in local calendar speaks the same HTTP-shaped interface as a remote site, without loading
 * an HTTP server or opening a socket.
 */
export class InProcessDispatcher extends Dispatcher {
  constructor(
    private readonly core: Core,
    private readonly origin: string,
  ) {
    super();
  }

  override dispatch(opts: Dispatcher.DispatchOptions, rawHandler: Dispatcher.DispatchHandler): boolean {
    const handler = rawHandler as unknown as RequestHandler;
    let aborted: Error | null = null;
    handler.onConnect?.((reason) => {
      aborted = reason ?? new Error('aborted');
    }, {});
    const body = typeof opts.body === 'string' || Buffer.isBuffer(opts.body) ? opts.body : null;
    this.core
      .handle({
        method: String(opts.method),
        url: String(opts.path),
        headers: toHeaders(opts.headers),
        body,
        ip: '127.0.0.1',
        origin: this.origin,
      })
      .then((res) => {
        if (aborted) throw aborted;
        const bytes = Buffer.from(res.body);
        const raw: Buffer[] = [];
        for (const [k, v] of Object.entries({ ...res.headers, 'content-length': String(bytes.length) })) {
          raw.push(Buffer.from(k), Buffer.from(v));
        }
        handler.onHeaders?.(res.status, raw, () => {}, '');
        if (opts.method !== 'HEAD' && bytes.length) handler.onData?.(bytes);
        handler.onComplete?.([]);
      })
      .catch((err: unknown) => handler.onError?.(err instanceof Error ? err : new Error(String(err))));
    return true;
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    if (callback) return callback();
    return Promise.resolve();
  }

  override destroy(): Promise<void>;
  override destroy(err: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(err: Error | null, callback: () => void): void;
  override destroy(a?: unknown, b?: unknown): Promise<void> | void {
    const cb = typeof a === 'function' ? a : typeof b === 'function' ? b : undefined;
    if (cb) return (cb as () => void)();
    return Promise.resolve();
  }
}
