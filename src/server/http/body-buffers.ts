import type { JsonBody } from './json-text.js';

/**
 * Reused buffers for answer bodies.
 *
 * An answer is JSON text; the socket takes bytes. `Buffer.from(text)` gets fresh memory for every
 * answer, and for a list page (about 120 KB) getting that memory costs far more than the encoding
 * (a microbenchmark: 105 µs against 7; the server's profile over an export: 94 → 39 µs a page).
 * Here an answer is encoded into a buffer already used before, which goes back to the pool once the
 * answer has been handed to the kernel.
 */

/** Below this many characters, text is sent as it is: Node writes it with the headers, in one copy. */
export const POOLED_FROM_CHARS = 4 * 1024;

/** Buffers larger than this are not kept (a rare huge answer should not pin its memory). */
const LARGEST_KEPT = 4 * 1024 * 1024;

/** The smallest buffer taken: most answers then fit in any free one. */
const SMALLEST = 64 * 1024;

/** A body encoded into a pooled buffer: `bytes` is the part to send, `release` returns the buffer. */
export interface PooledBody {
  bytes: Buffer;
  release(): void;
}

export class BodyBuffers {
  private readonly free: Buffer[] = [];

  /** @param keep free buffers kept at most (one per answer being written at once is enough) */
  constructor(private readonly keep = 8) {}

  /** Free buffers held now. */
  get held(): number {
    return this.free.length;
  }

  /**
   * Encodes `text` as UTF-8 into a free buffer (or a new one). A UTF-16 code unit never takes more
   * than three bytes, so a buffer of three bytes per character always holds the text: no length
   * is measured first.
   */
  encode(text: JsonBody): PooledBody {
    const need = Math.max(SMALLEST, text.length * 3);
    const i = this.free.findIndex((b) => b.length >= need);
    const buffer = i >= 0 ? (this.free.splice(i, 1)[0] as Buffer) : Buffer.allocUnsafeSlow(roundUp(need));
    let n = 0;
    // (text in pieces is written piece by piece: never joined into one string first)
    if (typeof text === 'string') n = buffer.write(text, 0, 'utf8');
    else for (const piece of text.pieces) n += buffer.write(piece, n, 'utf8');
    let released = false;
    return {
      bytes: buffer.subarray(0, n),
      release: () => {
        if (released) return;
        released = true;
        if (buffer.length <= LARGEST_KEPT && this.free.length < this.keep) this.free.push(buffer);
      },
    };
  }
}

/** The next power of two (buffers of a few sizes are reused by answers of any length). */
function roundUp(n: number): number {
  return 2 ** Math.ceil(Math.log2(n));
}
