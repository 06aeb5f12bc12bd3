/**
 * Writes grouped into WordPress's batch route (`POST /wp-json/batch/v1`, WordPress ≥ 5.6): up to 25
 * writes per HTTP request instead of one each, when the site lets the route be batched. The embedded
 * server does; a stock site running The Events Calendar does not (its routes do not opt in), and a
 * site can opt them in with a few lines of PHP. Whether it does is learnt from the first batch, which
 * is sent with `validation: require-all-validate`: a site that refuses any item runs none of them, so
 * the probe never writes half a batch, and its items are simply sent again one by one.
 *
 * Every write keeps the promise of a single request: it resolves with its own status, headers and
 * body, or rejects with its own ApiError, so callers do not know whether it travelled alone.
 */
import { InterruptedError } from '../errors/index.js';
import type { ApiClient, ApiResponse } from './client.js';
import { ApiError, apiErrorFromResponse } from './errors.js';
import { apiUrl, siteRouteUrl, splitApiBase } from './rest-url.js';

type Obj = Record<string, unknown>;

/** WordPress's default largest batch (the `rest_get_max_batch_size` filter can lower or raise it). */
export const BATCH_LIMIT = 25;

/** The methods WordPress lets a batch carry. */
export type BatchMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends writes alone or grouped, as the site allows. */
export interface BatchWriter {
  /** a write, sent alone or in a batch; same result as `api.request(method, path, { body })` */
  write<T = unknown>(method: BatchMethod, path: string, body: unknown): Promise<ApiResponse<T>>;
  /** 'probing' until the first batch is answered, then 'on' or 'off' (one request per write) */
  readonly mode: 'probing' | 'on' | 'off';
  /** writes worth keeping in flight to fill the batches (1 per slot when batching is off) */
  readonly capacity: number;
  /**
   * Learns whether the site batches writes to a route before any write is due, so that the answer
   * travels while the caller prepares (an import builds its match index meanwhile): the batch holds
   * one DELETE of `path` (an item route with id 0), under `require-all-validate`. A site that does
   * not batch the route refuses it; one that does refuses id 0 as invalid, and so runs nothing.
   * Writes wait for the answer; if it does not come, the first batch probes as before.
   */
  probe(path: string): void;
}

/** Options of {@link createBatchWriter}. */
export interface BatchWriterOptions {
  /** writes per batch; 1 or less: never batch */
  size?: number | undefined;
  /** batches (or single writes) in flight at once */
  slots?: number | undefined;
  /** told once when the site turns batching down */
  log?: ((line: string) => void) | undefined;
  /**
   * Stops the writer: writes not yet sent are refused (InterruptedError); writes already sent are
   * answered first, so that none is carried out by the site without the caller knowing.
   */
  signal?: AbortSignal | undefined;
  /**
   * What an earlier run learnt of the site (remembered by the caller): 'on' or 'off' starts so, without
   * a probe. A site that stopped taking batches refuses the first one whole (nothing runs) and its
   * writes go alone; one that started is simply not asked.
   */
  known?: 'on' | 'off' | undefined;
  /** told once when the site's answer settles the mode, unless it is what `known` said */
  learnt?: ((mode: 'on' | 'off') => void) | undefined;
}

interface Pending {
  method: BatchMethod;
  path: string;
  body: unknown;
  resolve: (res: ApiResponse<unknown>) => void;
  reject: (err: unknown) => void;
}

/**
 * The batch route and the prefix of sub-request paths for a namespace base URL:
 * `…/wp-json/tribe/events/v1` → `…/wp-json/batch/v1` and `/tribe/events/v1`;
 * `…/?rest_route=/tribe/events/v1` → `…/?rest_route=/batch/v1` and `/tribe/events/v1`.
 */
export function batchRoute(baseUrl: string): { url: string; prefix: string } {
  return { url: siteRouteUrl(baseUrl, '/batch/v1').href, prefix: splitApiBase(baseUrl).namespace };
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Codes of items a site refuses to batch at all (the route does not opt in, or is unknown there). */
const NOT_BATCHABLE = new Set(['rest_batch_not_allowed', 'rest_no_route']);

/** A write's own answer out of a batch's: resolved with its status, headers and body, or its ApiError. */
function envelopeResult(baseUrl: string, p: Pending, envelope: unknown): void {
  const url = apiUrl(baseUrl, p.path).href;
  if (!isObj(envelope) || typeof envelope.status !== 'number') {
    p.reject(
      new ApiError({
        status: 207,
        code: 'unexpected_response',
        message: `the batch answer holds no result for ${p.method} ${url}`,
        method: p.method,
        url,
      }),
    );
    return;
  }
  const status = envelope.status;
  const headers: Record<string, string> = {};
  if (isObj(envelope.headers)) {
    for (const [k, v] of Object.entries(envelope.headers)) headers[k.toLowerCase()] = String(v);
  }
  if (status >= 200 && status < 300) {
    p.resolve({ status, headers, body: envelope.body, url, method: p.method });
    return;
  }
  p.reject(apiErrorFromResponse(status, p.method, url, JSON.stringify(envelope.body ?? null)));
}

/** The writer's state and steps: the queue of writes, the slots in flight, what the site said. */
class Writer {
  readonly size: number;
  readonly slots: number;
  mode: BatchWriter['mode'];
  private told: boolean;
  private readonly queue: Pending[] = [];
  private inFlight = 0;
  private flushScheduled = false;
  private readonly route: { url: string; prefix: string };
  /** Writes waiting for a free slot to travel alone. */
  private readonly singles: Pending[] = [];

  constructor(
    private readonly api: ApiClient,
    private readonly opts: BatchWriterOptions,
  ) {
    this.size = Math.max(1, Math.floor(opts.size ?? BATCH_LIMIT));
    this.slots = Math.max(1, opts.slots ?? 8);
    this.mode = this.size > 1 ? (opts.known ?? 'probing') : 'off';
    this.told = this.size <= 1;
    this.route = this.size > 1 ? batchRoute(api.baseUrl) : { url: '', prefix: '' };
  }

  /** The site's answer settled the mode: the caller may remember it (when it is news). */
  private settled(now: 'on' | 'off'): void {
    this.mode = now;
    if (this.told || now === this.opts.known) return;
    this.told = true;
    this.opts.learnt?.(now);
  }

  /**
   * One write on its own, when a slot is free: writes sent alone after a refused batch (as many as
   * the batches held) wait their turn, so that the site sees no more requests at once than a run
   * without batches would send. POSTs are never retried blindly (the caller verifies first).
   */
  single(p: Pending): void {
    this.singles.push(p);
    this.drainSingles();
  }

  private drainSingles(): void {
    while (this.singles.length > 0 && this.inFlight < this.slots) {
      const p = this.singles.shift() as Pending;
      if (this.stopped(p)) continue;
      this.inFlight++;
      this.api
        .request(p.method, p.path, { body: p.body, finish: true, ...(p.method === 'POST' ? { retry: false } : {}) })
        .then(p.resolve, p.reject)
        .finally(() => this.landed());
    }
  }

  /** A request of the writer is answered: its slot is free for what waits. */
  private landed(): void {
    this.inFlight--;
    this.pump();
  }

  /** Refuses a write not yet sent once the writer is stopped. */
  private stopped(p: Pending): boolean {
    if (!this.opts.signal?.aborted) return false;
    p.reject(
      new InterruptedError(
        `${p.method} ${apiUrl(this.api.baseUrl, p.path).href} was not sent: the import was interrupted`,
      ),
    );
    return true;
  }

  private turnOff(why: string): void {
    if (this.mode === 'off') return;
    this.settled('off');
    this.opts.log?.(`the site does not take batched writes (${why}): sending one request per row`);
  }

  /** The batch failed as a whole: what each of its writes does about it. */
  private failedBatch(batch: Pending[], err: unknown): void {
    const status = err instanceof ApiError ? err.status : 0;
    // A refusal of the batch request itself (no such route, not allowed, too large): nothing ran.
    if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
      if (this.mode === 'probing' || status === 404 || status === 405) {
        this.turnOff(`${status} ${(err as ApiError).code}`);
      }
      for (const p of batch) this.single(p);
      return;
    }
    // Unknown outcome (network, timeout, 5xx, 429): updates and deletes are safe to send again;
    // a create is left to its caller, which looks the record up before sending it again.
    for (const p of batch) {
      if (p.method === 'POST') p.reject(err);
      else this.single(p);
    }
  }

  private answered(batch: Pending[], body: unknown): void {
    const responses = isObj(body) && Array.isArray(body.responses) ? (body.responses as unknown[]) : undefined;
    if (!responses || responses.length !== batch.length) {
      this.failedBatch(
        batch,
        new ApiError({
          status: 207,
          code: 'unexpected_response',
          message: `${this.route.url} did not answer one result per write`,
          method: 'POST',
          url: this.route.url,
        }),
      );
      return;
    }
    if (isObj(body) && body.failed === 'validation') {
      // Nothing ran. Items the site will never batch turn batching off; otherwise some item is
      // invalid and its own request will say why.
      const codes = responses.map((r) => (isObj(r) && isObj(r.body) ? String(r.body.code ?? '') : ''));
      const refused = codes.find((c) => NOT_BATCHABLE.has(c));
      if (refused) this.turnOff(refused);
      else if (this.mode === 'probing') this.settled('on');
      for (const p of batch) this.single(p);
      return;
    }
    if (this.mode === 'probing') this.settled('on');
    for (const [i, p] of batch.entries()) envelopeResult(this.api.baseUrl, p, responses[i]);
  }

  private sendBatch(all: Pending[]): void {
    const batch = all.filter((p) => !this.stopped(p));
    if (batch.length === 0) return;
    this.inFlight++;
    const requests = batch.map((p) => ({ method: p.method, path: `${this.route.prefix}${p.path}`, body: p.body }));
    this.api
      .request<unknown>('POST', this.route.url, {
        body: { validation: 'require-all-validate', requests },
        finish: true,
        retry: false,
      })
      .then(
        (res) => this.answered(batch, res.body),
        (err: unknown) => this.failedBatch(batch, err),
      )
      .finally(() => this.landed());
  }

  /** Sends what the free slots allow: full batches at once, a partial one when nothing else is due. */
  pump(partial = false): void {
    this.drainSingles();
    while (this.queue.length > 0) {
      if (this.mode === 'off') {
        // (batching was turned down while these waited)
        for (const p of this.queue.splice(0)) this.single(p);
        return;
      }
      // While probing, one batch at a time: a site that refuses is asked once.
      const free = this.mode === 'probing' ? 1 - this.inFlight : this.slots - this.inFlight;
      if (free <= 0) return;
      if (this.queue.length < this.size && !partial) {
        this.schedule();
        return;
      }
      this.sendBatch(this.queue.splice(0, this.size));
    }
  }

  private schedule(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.pump(true);
    });
  }

  probe(path: string): void {
    if (this.mode !== 'probing' || this.inFlight > 0) return;
    this.inFlight++;
    this.api
      .request<unknown>('POST', this.route.url, {
        body: {
          validation: 'require-all-validate',
          requests: [{ method: 'DELETE', path: `${this.route.prefix}${path}` }],
        },
        finish: true,
        retry: false,
      })
      .then(
        (res) => {
          const body = res.body;
          const first = isObj(body) && Array.isArray(body.responses) ? body.responses[0] : undefined;
          const code = isObj(first) && isObj(first.body) ? String(first.body.code ?? '') : '';
          if (NOT_BATCHABLE.has(code)) this.turnOff(code);
          else if (first !== undefined && this.mode === 'probing') this.settled('on');
        },
        (err: unknown) => {
          const status = err instanceof ApiError ? err.status : 0;
          if (status === 404 || status === 405) this.turnOff(`${status} ${(err as ApiError).code}`);
        },
      )
      .finally(() => this.landed());
  }

  write(p: Pending): void {
    if (this.mode === 'off') this.single(p);
    else {
      this.queue.push(p);
      this.pump();
    }
  }
}

/** Creates a writer over `api`; with `size` ≤ 1 every write is a plain request. */
export function createBatchWriter(api: ApiClient, opts: BatchWriterOptions = {}): BatchWriter {
  const w = new Writer(api, opts);
  return {
    probe: (path: string) => w.probe(path),
    get mode() {
      return w.mode;
    },
    get capacity() {
      return w.mode === 'off' ? w.slots : w.slots * w.size;
    },
    write<T>(method: BatchMethod, path: string, body: unknown) {
      return new Promise<ApiResponse<T>>((resolve, reject) => {
        w.write({ method, path, body, resolve: resolve as (res: ApiResponse<unknown>) => void, reject });
      });
    },
  };
}
