/**
 * Parts of an answer already written as JSON text (the events list's records, kept as text across
 * requests): the answer's encoder ({@link stringifyBody}) copies them as they are instead of
 * serializing objects again.
 */

/** A JSON value already written out by `JSON.stringify`. */
export class JsonText {
  constructor(readonly text: string) {}

  /** Anywhere it is serialized the ordinary way it still comes out the same (parsed, then written again). */
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/** A JSON array whose items were written out one by one: `length` says how many. */
export class JsonItems extends JsonText {
  readonly length: number;

  constructor(items: readonly string[]) {
    super(`[${items.join(',')}]`);
    this.length = items.length;
  }
}

const skipped = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/**
 * An answer's body as JSON text, byte for byte what `JSON.stringify` writes; the values of a
 * top-level object that are {@link JsonText} are copied in (JSON.stringify cannot take text as it is).
 */
export function stringifyBody(body: unknown): string {
  if (body instanceof JsonText) return body.text;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return JSON.stringify(body);
  const entries = Object.entries(body);
  if (!entries.some(([, v]) => v instanceof JsonText)) return JSON.stringify(body);
  const parts: string[] = [];
  for (const [k, v] of entries) {
    if (skipped(v)) continue;
    parts.push(`${JSON.stringify(k)}:${v instanceof JsonText ? v.text : JSON.stringify(v)}`);
  }
  return `{${parts.join(',')}}`;
}
