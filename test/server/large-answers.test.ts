/**
 * Large answers leave the server from reused buffers (src/server/http/body-buffers.ts). Over a real
 * socket, many pages asked for at once must each arrive whole, with the right length, and never with
 * another answer's bytes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, ev, startApi, uniq } from '../helpers/api-server.js';

let api: Api;
const word = uniq('Large');
beforeAll(async () => {
  api = await startApi();
  for (let i = 0; i < 25; i++) {
    // about 4 KB of multi-byte text per event: a page of 10 is far above the pooled size
    const description = `<p>${i} Ünïcödé ✓ 🎉 ${'Größe – naïve café. '.repeat(200)}</p>`;
    const r = await api.post('/events', ev({ title: `${word} ${i} 日本語`, description }));
    expect(r.status).toBe(201);
  }
});
afterAll(async () => api?.stop());

describe('large answers over HTTP', () => {
  it('pages asked for at once arrive whole, each with its own content and exact length', async () => {
    const page = (n: number) => api.get('/events', { auth: true, query: { search: word, page: n, per_page: 10 } });
    const expected: string[] = [];
    for (const n of [1, 2, 3]) expected.push((await page(n)).text);
    expect(Buffer.byteLength(expected[0] as string)).toBeGreaterThan(30_000);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => page((i % 3) + 1)));
      answers.forEach((r, i) => {
        expect(r.status).toBe(200);
        expect(Number(r.headers.get('content-length'))).toBe(Buffer.byteLength(r.text));
        expect(r.text).toBe(expected[i % 3]);
      });
    }
    const first = JSON.parse(expected[0] as string);
    expect(first.events[0].description).toContain('Ünïcödé ✓ 🎉');
  });
});
