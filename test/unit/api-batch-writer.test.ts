/**
 * The batch writer against real HTTP servers on 127.0.0.1: the embedded server (which takes batched
 * writes), and two stand-ins for real sites in front of it: one whose routes refuse batching (a stock
 * site running The Events Calendar) and one without the batch route (WordPress before 5.6). Every
 * write must land exactly once whichever it meets.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchRoute, createBatchWriter } from '../../src/api/batch.js';
import { ApiError, collect, createApiClient, paginate } from '../../src/api/index.js';
import { startApi, type TestServer } from '../helpers/api-server.js';

type Obj = Record<string, unknown>;

let upstream: TestServer;
beforeAll(async () => {
  upstream = await startApi();
});
afterAll(async () => {
  await upstream.close();
});

/**
 * A site in front of the embedded server whose batch route answers as `batch` says; every other
 * request is forwarded. Counts the requests it saw by path.
 */
async function frontSite(
  batch: 'refuse' | 'missing',
): Promise<{ baseUrl: string; seen: string[]; peak(): number; close(): Promise<void> }> {
  const seen: string[] = [];
  let open = 0;
  let peak = 0;
  const server: Server = createServer(async (req, res) => {
    open++;
    peak = Math.max(peak, open);
    res.on('finish', () => open--);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    seen.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'application/json; charset=UTF-8');
    if (req.url?.startsWith('/wp-json/batch/v1')) {
      if (batch === 'missing') {
        res.statusCode = 404;
        res.end(JSON.stringify({ code: 'rest_no_route', message: 'no route', data: { status: 404 } }));
        return;
      }
      // What WordPress answers when the routes do not opt in: nothing runs, every item refused.
      const requests = (JSON.parse(body) as { requests: unknown[] }).requests;
      res.statusCode = 207;
      res.end(
        JSON.stringify({
          failed: 'validation',
          responses: requests.map(() => ({
            body: { code: 'rest_batch_not_allowed', message: 'not batchable', data: { status: 400 } },
            status: 400,
            headers: [],
          })),
        }),
      );
      return;
    }
    const answer = await fetch(`${upstream.url}${req.url}`, {
      method: req.method ?? 'GET',
      headers: {
        authorization: String(req.headers.authorization ?? ''),
        'content-type': String(req.headers['content-type'] ?? 'application/json'),
      },
      ...(body ? { body } : {}),
    });
    res.statusCode = answer.status;
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/wp-json/tribe/events/v1`,
    seen,
    peak: () => peak,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function clientFor(baseUrl: string, log?: (line: string) => void) {
  return createApiClient({
    baseUrl,
    auth: { type: 'basic', user: upstream.user, password: upstream.password },
    log,
  });
}

const event = (tag: string, i: number) => ({
  title: `${tag} ${i}`,
  start_date: `2027-03-${String((i % 28) + 1).padStart(2, '0')} 10:00:00`,
  end_date: `2027-03-${String((i % 28) + 1).padStart(2, '0')} 11:00:00`,
});

async function titlesOf(tag: string): Promise<string[]> {
  const api = clientFor(upstream.baseUrl);
  const query = { search: tag, per_page: 50, start_date: '2027-01-01', end_date: '2028-01-01' };
  const events = await collect(paginate<Obj>(api, '/events', query, 'events'));
  await api.close();
  return events.map((e) => String(e.title)).sort();
}

describe('batchRoute', () => {
  it('derives the batch route and the sub-request prefix from both URL forms', () => {
    expect(batchRoute('https://x.test/wp-json/tribe/events/v1')).toEqual({
      url: 'https://x.test/wp-json/batch/v1',
      prefix: '/tribe/events/v1',
    });
    expect(batchRoute('https://x.test/blog/wp-json/acme/events/v1/')).toEqual({
      url: 'https://x.test/blog/wp-json/batch/v1',
      prefix: '/acme/events/v1',
    });
    expect(batchRoute('https://x.test/?rest_route=/tribe/events/v1')).toEqual({
      url: 'https://x.test/?rest_route=/batch/v1',
      prefix: '/tribe/events/v1',
    });
  });
});

describe('createBatchWriter', () => {
  it('groups writes into batches on a site that takes them, each write with its own answer', async () => {
    const lines: string[] = [];
    const api = clientFor(upstream.baseUrl, (l) => lines.push(l));
    const writer = createBatchWriter(api, { size: 25, slots: 4 });
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => writer.write<Obj>('POST', '/events', event('Grouped', i))),
    );
    expect(writer.mode).toBe('on');
    expect(results.every((r) => r.status === 201 && typeof r.body.id === 'number')).toBe(true);
    expect(results[0]?.headers.allow).toBe('GET, POST');
    expect(new Set(results.map((r) => r.body.id)).size).toBe(60);
    const batches = lines.filter((l) => l.includes('/wp-json/batch/v1'));
    expect(batches.length).toBeGreaterThanOrEqual(3);
    expect(batches.length).toBeLessThan(10);
    expect(lines.filter((l) => /\/events /.test(l))).toEqual([]);
    // Updates travel the same way.
    const first = results[0]?.body as Obj;
    const updated = await writer.write<Obj>('PUT', `/events/${first.id}`, {
      ...event('Grouped', 0),
      title: 'Grouped renamed',
    });
    expect(updated.body.title).toBe('Grouped renamed');
    expect((await titlesOf('Grouped')).length).toBe(60);
    await api.close();
  });

  it('an invalid write in a batch gets its own error; the others still land', async () => {
    const api = clientFor(upstream.baseUrl);
    const writer = createBatchWriter(api, { size: 25, slots: 2 });
    const writes = Array.from({ length: 10 }, (_, i) =>
      writer.write<Obj>(
        'POST',
        '/events',
        i === 4 ? { title: 'Invalid 4', start_date: 'not a date' } : event('Invalid', i),
      ),
    );
    const settled = await Promise.allSettled(writes);
    const failed = settled.filter((s) => s.status === 'rejected');
    expect(failed).toHaveLength(1);
    const reason = (failed[0] as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(ApiError);
    expect((reason as ApiError).status).toBe(400);
    expect(await titlesOf('Invalid')).toHaveLength(9);
    await api.close();
  });

  it('a site whose routes refuse batching: asked once, then one request per write, none lost or doubled', async () => {
    const front = await frontSite('refuse');
    const api = clientFor(front.baseUrl);
    const writer = createBatchWriter(api, { size: 25, slots: 4 });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => writer.write<Obj>('POST', '/events', event('Refused', i))),
    );
    expect(writer.mode).toBe('off');
    expect(writer.capacity).toBe(4);
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(front.seen.filter((s) => s.includes('/batch/v1'))).toHaveLength(1);
    expect(front.seen.filter((s) => s === 'POST /wp-json/tribe/events/v1/events')).toHaveLength(40);
    // The writes of the refused batch wait for a slot like any other: never more at once than slots.
    expect(front.peak()).toBeLessThanOrEqual(4);
    expect(await titlesOf('Refused')).toHaveLength(40);
    await api.close();
    await front.close();
  });

  it('a probe learns that a site refuses batching before the first write, and writes nothing', async () => {
    const front = await frontSite('refuse');
    const api = clientFor(front.baseUrl);
    const writer = createBatchWriter(api, { size: 25, slots: 4 });
    writer.probe('/events/0');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => writer.write<Obj>('POST', '/events', event('Probed off', i))),
    );
    expect(writer.mode).toBe('off');
    expect(results.every((r) => r.status === 201)).toBe(true);
    // The probe is the only batch; no write waited for a refused batch of writes.
    expect(front.seen.filter((s) => s.includes('/batch/v1'))).toHaveLength(1);
    expect(await titlesOf('Probed off')).toHaveLength(12);
    await api.close();
    await front.close();
  });

  it('a probe on a site that batches turns batching on and runs nothing (id 0 is refused)', async () => {
    const api = clientFor(upstream.baseUrl);
    const writer = createBatchWriter(api, { size: 25, slots: 4 });
    writer.probe('/events/0');
    const first = await writer.write<Obj>('POST', '/events', event('Probed on', 1));
    expect(first.status).toBe(201);
    expect(writer.mode).toBe('on');
    expect(await titlesOf('Probed on')).toEqual(['Probed on 1']);
    await api.close();
  });

  it('a site without the batch route (WordPress before 5.6): one request per write', async () => {
    const front = await frontSite('missing');
    const notes: string[] = [];
    const api = clientFor(front.baseUrl);
    const writer = createBatchWriter(api, { size: 25, slots: 4, log: (l) => notes.push(l) });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => writer.write<Obj>('POST', '/events', event('Old site', i))),
    );
    expect(writer.mode).toBe('off');
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(notes.join('\n')).toMatch(/one request per row/);
    expect(await titlesOf('Old site')).toHaveLength(30);
    await api.close();
    await front.close();
  });

  it('what an earlier run learnt: "off" asks nothing, "on" batches at once, and news is told once', async () => {
    const front = await frontSite('refuse');
    const learnt: string[] = [];
    const offApi = clientFor(front.baseUrl);
    const off = createBatchWriter(offApi, { size: 25, slots: 4, known: 'off', learnt: (m) => learnt.push(m) });
    off.probe('/events/0');
    expect(off.mode).toBe('off');
    const alone = await Promise.all(
      Array.from({ length: 6 }, (_, i) => off.write<Obj>('POST', '/events', event('Known off', i))),
    );
    expect(alone.every((r) => r.status === 201)).toBe(true);
    expect(front.seen.filter((s) => s.includes('/batch/v1'))).toEqual([]);
    expect(learnt).toEqual([]);
    // A site remembered as batching that no longer does: its first batch is refused whole (nothing
    // runs), the writes go alone, and the change is told.
    const on = createBatchWriter(offApi, { size: 25, slots: 4, known: 'on', learnt: (m) => learnt.push(m) });
    expect(on.mode).toBe('on');
    const sent = await Promise.all(
      Array.from({ length: 6 }, (_, i) => on.write<Obj>('POST', '/events', event('Known stale', i))),
    );
    expect(sent.every((r) => r.status === 201)).toBe(true);
    expect(on.mode).toBe('off');
    expect(learnt).toEqual(['off']);
    expect(await titlesOf('Known stale')).toHaveLength(6);
    await offApi.close();
    await front.close();
    // On a site that batches, "on" sends the first batch without a probe, and nothing is news.
    const lines: string[] = [];
    const api = clientFor(upstream.baseUrl, (l) => lines.push(l));
    const batching = createBatchWriter(api, { size: 25, slots: 4, known: 'on', learnt: (m) => learnt.push(m) });
    batching.probe('/events/0');
    await Promise.all(Array.from({ length: 6 }, (_, i) => batching.write('POST', '/events', event('Known on', i))));
    expect(lines.filter((l) => l.includes('/batch/v1'))).toHaveLength(1);
    expect(learnt).toEqual(['off']);
    // A probing writer tells what it learnt.
    const probing = createBatchWriter(api, { size: 25, slots: 4, learnt: (m) => learnt.push(m) });
    await probing.write('POST', '/events', event('Learnt on', 1));
    expect(learnt).toEqual(['off', 'on']);
    await api.close();
  });

  it('size 1 never uses the batch route', async () => {
    const lines: string[] = [];
    const api = clientFor(upstream.baseUrl, (l) => lines.push(l));
    const writer = createBatchWriter(api, { size: 1, slots: 4 });
    await Promise.all(Array.from({ length: 5 }, (_, i) => writer.write('POST', '/events', event('Single', i))));
    expect(writer.mode).toBe('off');
    expect(lines.filter((l) => l.includes('batch'))).toEqual([]);
    expect(lines.filter((l) => l.startsWith('POST') && l.includes('/events '))).toHaveLength(5);
    await api.close();
  });
});
