/**
 * `calctl serve` answers /batch/v1 as a stock WordPress site does (the binary's default is the point
 * here: a socket and a spawned process): WordPress core's routes run in a batch, the plugin's are
 * refused one by one with 400 rest_batch_not_allowed; `--batch-plugin-routes` plays a site where a
 * plugin allows them.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVE_PASSWORD, serveAvailable, spawnServe, stopAllServes } from '../helpers/spawn-serve.js';

afterAll(async () => {
  await stopAllServes();
});

type Batch = { responses: { status: number; body: { code?: string; id?: number } }[] };

async function batch(origin: string, requests: unknown[]): Promise<Batch> {
  const res = await fetch(`${origin}/wp-json/batch/v1`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`admin:${SERVE_PASSWORD}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ requests }),
  });
  expect(res.status).toBe(207);
  return (await res.json()) as Batch;
}

const requests = [
  { method: 'POST', path: '/tribe/events/v1/venues', body: { venue: 'Batched Hall' } },
  { method: 'POST', path: '/wp/v2/tribe_venue', body: { title: 'Core Hall', status: 'publish' } },
];

describe.skipIf(!serveAvailable())('calctl serve and /batch/v1', () => {
  it("runs core's routes and refuses the plugin's, as a stock site; --batch-plugin-routes runs both", async () => {
    const stock = await spawnServe({ dataDir: mkdtempSync(join(tmpdir(), 'calctl-batch-')), stockBatch: true });
    const a = await batch(stock.origin, requests);
    expect(a.responses.map((r) => r.status)).toEqual([400, 201]);
    expect(a.responses[0]?.body.code).toBe('rest_batch_not_allowed');
    const open = await spawnServe({ dataDir: mkdtempSync(join(tmpdir(), 'calctl-batch-')) });
    const b = await batch(open.origin, requests);
    expect(b.responses.map((r) => r.status)).toEqual([201, 201]);
  }, 60_000);
});
