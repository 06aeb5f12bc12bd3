import { describe, expect, it } from 'vitest';
import { BodyBuffers } from '../../src/server/http/body-buffers.js';
import { JsonPieces } from '../../src/server/http/json-text.js';

const text = (n: number) => `{"title":"Café ✓ 🎉 ${'x'.repeat(n)}"}`;

describe('BodyBuffers (answer bodies encoded into reused buffers)', () => {
  it('encodes UTF-8 exactly as Buffer.from does, multi-byte characters and surrogate pairs included', () => {
    const pool = new BodyBuffers();
    for (const t of [text(10), text(70_000), '\u00e9'.repeat(30_000), '😀'.repeat(40_000)]) {
      const body = pool.encode(t);
      expect(body.bytes.equals(Buffer.from(t, 'utf8'))).toBe(true);
      body.release();
    }
  });

  it('reuses a buffer only once it is released, and never hands one out twice', () => {
    const pool = new BodyBuffers();
    const a = pool.encode(text(1000));
    const b = pool.encode(text(1000));
    // both in use: different memory
    expect(a.bytes.buffer).not.toBe(b.bytes.buffer);
    a.release();
    a.release(); // a second release is ignored (the buffer is not pooled twice)
    expect(pool.held).toBe(1);
    const c = pool.encode(text(2000));
    expect(c.bytes.buffer).toBe(a.bytes.buffer);
    const d = pool.encode(text(2000));
    expect(d.bytes.buffer).not.toBe(a.bytes.buffer);
    // b is still intact after a's memory was rewritten for c
    expect(b.bytes.toString('utf8')).toBe(text(1000));
  });

  it('keeps a bounded number of buffers, and none of a huge answer', () => {
    const pool = new BodyBuffers(2);
    const bodies = [1, 2, 3].map(() => pool.encode(text(100)));
    for (const body of bodies) body.release();
    expect(pool.held).toBe(2);
    const huge = pool.encode('x'.repeat(3_000_000)); // 9 MB of room: more than is kept
    huge.release();
    expect(pool.held).toBe(2);
  });
});

describe('BodyBuffers with text in pieces', () => {
  it('writes the pieces one after the other, as the joined text would be', () => {
    const pool = new BodyBuffers();
    const pieces = ['{"a":', text(5), ',"b":[', '😀'.repeat(30_000), ',', '"é"', ']}'];
    const body = pool.encode(new JsonPieces(pieces));
    expect(body.bytes.equals(Buffer.from(pieces.join(''), 'utf8'))).toBe(true);
  });
});
