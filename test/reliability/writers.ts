/** Concurrent HTTP writers for the crash and two-process tests: each records the writes answered 2xx. */
import { Agent, request } from 'undici';

export interface AckedWrite {
  id: number;
  title: string;
  venueId: number | null;
  categoryIds: number[];
}

export interface WriterResult {
  acked: AckedWrite[];
  /** answers that were neither 2xx nor a lost connection (must stay empty) */
  errors: string[];
  /** requests that lost their connection (expected when the server is killed) */
  lost: number;
}

/** A small seeded PRNG (mulberry32) so kill timings are reproducible. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function eventBody(tag: string, writer: number, i: number): Record<string, unknown> {
  return {
    title: `${tag} w${writer} #${i}`,
    start_date: '2030-05-01 10:00:00',
    end_date: '2030-05-01 12:00:00',
    venue: { venue: `${tag} venue ${writer % 3}`, city: 'Lyon' },
    organizer: [{ organizer: `${tag} crew ${writer % 2}` }],
    categories: [`${tag}-cat-${writer % 4}`],
    tags: [`${tag}-tag`],
  };
}

/**
 * Runs `writers` loops creating events until `until()` says stop or a connection is lost (the server
 * died). At most `max` events per writer.
 */
export async function runWriters(opts: {
  baseUrl: string;
  auth: string;
  tag: string;
  writers: number;
  max: number;
  until: () => boolean;
  /** called after each acknowledged write */
  onAck?: () => void;
}): Promise<WriterResult> {
  const agent = new Agent({ connections: opts.writers, keepAliveTimeout: 1000 });
  const result: WriterResult = { acked: [], errors: [], lost: 0 };
  const loop = async (w: number) => {
    for (let i = 0; i < opts.max && !opts.until(); i++) {
      const body = eventBody(opts.tag, w, i);
      try {
        const res = await request(`${opts.baseUrl}/events`, {
          method: 'POST',
          dispatcher: agent,
          headers: { authorization: opts.auth, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          headersTimeout: 20_000,
          bodyTimeout: 20_000,
        });
        const text = await res.body.text();
        if (res.statusCode === 201) {
          const e = JSON.parse(text) as {
            id: number;
            title: string;
            venue?: { id?: number };
            categories?: { id: number }[];
          };
          result.acked.push({
            id: e.id,
            title: body.title as string,
            venueId: e.venue?.id ?? null,
            categoryIds: (e.categories ?? []).map((c) => c.id),
          });
          opts.onAck?.();
        } else {
          result.errors.push(`${res.statusCode} ${text.slice(0, 200)}`);
        }
      } catch {
        // The server was killed mid-request: this write was never acknowledged.
        result.lost += 1;
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.writers }, (_, w) => loop(w)));
  await agent.destroy().catch(() => {});
  return result;
}
