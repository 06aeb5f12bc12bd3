/**
 * A date parameter at the epoch itself (`1970-01-01`) is refused as a real site refuses it: the
 * plugin's is_time takes a text whose strtotime is truthy, and WordPress runs PHP in UTC, where that
 * day's midnight is 0 (observed on the reference site: `start_date=1970-01-01` → 400
 * rest_invalid_param); any other day of 1970 is read.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiRequest, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ timezone: 'Europe/Berlin' });
});
afterAll(async () => {
  await server.close();
});

it('start_date=1970-01-01 is an invalid parameter; 1970-01-02 and 1900-01-01 are read', async () => {
  const epoch = await apiRequest<{ code: string; data: { params: Record<string, string> } }>(
    server,
    'GET',
    '/events?start_date=1970-01-01',
  );
  expect(epoch.status).toBe(400);
  expect(epoch.body.code).toBe('rest_invalid_param');
  expect(Object.keys(epoch.body.data.params)).toEqual(['start_date']);
  expect((await apiRequest(server, 'GET', '/events?start_date=1970-01-02')).status).toBe(200);
  expect((await apiRequest(server, 'GET', '/events?start_date=1900-01-01')).status).toBe(200);
});
