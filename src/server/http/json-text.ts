/**
 * Parts of an answer already written as JSON text (the events list's records, kept as text across
 * requests): the answer's encoder ({@link stringifyBody}) copies them as they are instead of
 * serializing objects again.
 */

/** A JSON value already written out by `JSON.stringify`. */
export class JsonText {
  constructor(private written: string | undefined = undefined) {}

  /** The JSON text. */
  get text(): string {
    this.written ??= this.write();
    return this.written;
  }

  /** Adds the text to `out` (an answer's pieces: see {@link JsonPieces}). */
  pieces(out: string[]): void {
    out.push(this.text);
  }

  protected write(): string {
    return 'null';
  }

  /** Anywhere it is serialized the ordinary way it still comes out the same (parsed, then written again). */
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/** A JSON array whose items were written out one by one: `length` says how many. */
export class JsonItems extends JsonText {
  readonly length: number;

  constructor(private readonly items: readonly string[]) {
    super();
    this.length = items.length;
  }

  protected override write(): string {
    return `[${this.items.join(',')}]`;
  }

  override pieces(out: string[]): void {
    out.push('[');
    this.items.forEach((item, i) => {
      if (i > 0) out.push(',');
      out.push(item);
    });
    out.push(']');
  }
}

const skipped = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/**
 * JSON text in pieces, in order: an answer holding parts already written (a list page is 140 KB).
 * Joining them into one string copies it all, and the transport then copies it again into bytes:
 * the transport writes the pieces one after the other instead (http/body-buffers.ts), and only an
 * in-process caller joins them (`toString`).
 */
export class JsonPieces {
  private joined: string | undefined;
  /** characters in all (the text's `length`) */
  readonly length: number;

  constructor(readonly pieces: readonly string[]) {
    let n = 0;
    for (const p of pieces) n += p.length;
    this.length = n;
  }

  toString(): string {
    this.joined ??= this.pieces.join('');
    return this.joined;
  }
}

/** JSON text, whole or in pieces. */
export type JsonBody = string | JsonPieces;

/** The JSON text as one string. */
export const jsonString = (body: JsonBody): string => (typeof body === 'string' ? body : body.toString());

/**
 * An answer's body as JSON text, byte for byte what `JSON.stringify` writes; the values of a
 * top-level object that are {@link JsonText} are copied in as they are (JSON.stringify cannot take
 * text as it is), and such an answer is left in pieces (see {@link JsonPieces}).
 */
export function stringifyBody(body: unknown): JsonBody {
  if (body instanceof JsonText) return body.text;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return JSON.stringify(body);
  const entries = Object.entries(body);
  if (!entries.some(([, v]) => v instanceof JsonText)) return JSON.stringify(body);
  const out: string[] = [];
  for (const [k, v] of entries) {
    if (skipped(v)) continue;
    out.push(out.length === 0 ? '{' : ',', JSON.stringify(k), ':');
    if (v instanceof JsonText) v.pieces(out);
    else out.push(JSON.stringify(v));
  }
  out.push(out.length === 0 ? '{}' : '}');
  return new JsonPieces(out);
}
