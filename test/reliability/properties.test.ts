/**
 * Property-based tests of the embedded server under hostile input, over every route of buildRoutes():
 * never a 5xx, always JSON, errors in the WordPress envelope with data.status = HTTP status, and a
 * rejected request (4xx) leaves the store exactly as it was.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startApi, type TestServer } from '../helpers/api-server.js';
import { type HostileRequest, hostileRequest, ROUTES, withAuth } from './hostile.js';
import { contractViolation, sendRaw } from './raw-http.js';
import { type Seeded, seedCalendar } from './seed.js';
import { fingerprint } from './store-check.js';

let api: TestServer;
let seeded: Seeded;
let port: number;
let counter = 0;
const tally = new Map<string, number>();

beforeAll(async () => {
  api = await startApi();
  seeded = await seedCalendar(api, 'prop');
  port = Number(new URL(api.origin).port);
});
afterAll(async () => {
  // The spread of answers shows the generators reach the handlers (2xx) and not only the validators.
  console.info(`hostile requests by status: ${JSON.stringify(Object.fromEntries([...tally].sort()))}`);
  await api?.stop();
});

const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
const opts = (numRuns: number) => ({ numRuns, ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: true });

/** Runs a property and fails with a short report (generated requests can be megabytes long). */
async function holds(arb: fc.Arbitrary<HostileRequest>, numRuns: number): Promise<void> {
  const out = await fc.check(
    fc.asyncProperty(arb, (h) => check(h)),
    opts(numRuns),
  );
  if (out.failed) {
    const reason = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
    throw new Error(`property failed (seed ${out.seed}, path ${out.counterexamplePath}):\n${reason.slice(0, 2000)}`);
  }
}

/** Sends one request and checks every property; throws with a readable reason. */
async function check(h: HostileRequest): Promise<void> {
  counter += 1;
  const { req, localAddress } = withAuth(h, ADMIN_PASSWORD, counter);
  const before = fingerprint(api.server.stores.db);
  const res = await sendRaw(req, { port, localAddress, timeoutMs: 20_000 });
  const k = `${res.status}`;
  tally.set(k, (tally.get(k) ?? 0) + 1);
  const violation = contractViolation(h.method, res);
  if (violation) throw new Error(`${h.label}\n→ ${violation}`);
  if (res.status >= 400) {
    const after = fingerprint(api.server.stores.db);
    if (after !== before) throw new Error(`${h.label}\n→ ${res.status} but the store changed:\n${before}\n${after}`);
  }
}

describe('hostile requests to the embedded server', () => {
  it('any path, method, query and body: no 5xx, JSON envelopes, rejected requests change nothing', async () => {
    await holds(hostileRequest(seeded), 400);
  });

  it.each(ROUTES.map((r) => [r.path, r] as const))('route %s', async (_path, route) => {
    await holds(hostileRequest(seeded, route), 50);
  });

  it('PHP array parameters that broke the real site (_method[], namespace[]) answer 4xx or 2xx with JSON', async () => {
    for (const target of [
      '/wp-json/tribe/events/v1/events?_method[]=DELETE',
      '/wp-json/tribe/events/v1/events?namespace[]=x&namespace[]=y',
      '/wp-json/tribe/events/v1/venues?_method[a][b]=1&per_page[]=5',
      '/wp-json/tribe/events/v1/events?status[]=publish&status[x]=draft&search[]=a',
      '/wp-json/?rest_route[]=/tribe/events/v1/events',
    ]) {
      for (const auth of ['none', 'valid'] as const) {
        const { req, localAddress } = withAuth({ method: 'GET', target, auth, label: target }, ADMIN_PASSWORD, 0);
        const res = await sendRaw(req, { port, localAddress });
        expect(contractViolation('GET', res), target).toBeNull();
      }
    }
  });

  it('the checker itself catches a broken answer (the properties can fail)', () => {
    const html = { status: 500, headers: {}, body: Buffer.from('<html>Fatal error</html>'), noAnswer: false };
    expect(contractViolation('GET', html)).toMatch(/status 500/);
    const bad = {
      status: 400,
      headers: {},
      body: Buffer.from('{"code":"x","message":"m","data":{"status":404}}'),
      noAnswer: false,
    };
    expect(contractViolation('GET', bad)).toMatch(/data.status/);
    const text = { status: 404, headers: {}, body: Buffer.from('Not Found'), noAnswer: false };
    expect(contractViolation('GET', text)).toMatch(/non-JSON/);
  });
});
