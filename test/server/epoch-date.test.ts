/**
 * A date parameter at the epoch itself (`1970-01-01`) is refused as a real site refuses it: the
 * plugin's is_time takes a text whose strtotime is truthy, and WordPress runs PHP in UTC, where that
 * day's midnight is 0 (observed on the reference site: `start_date=1970-01-01` → 400
 * rest_invalid_param); any other day of 1970 is read.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, startCore } from '../helpers/core.js';

let server: Api;
beforeAll(async () => {
  server = await startCore({ timezone: 'Europe/Berlin' });
});
afterAll(async () => {
  await server.stop();
});

it('start_date=1970-01-01 is an invalid parameter; 1970-01-02 and 1900-01-01 are read', async () => {
  const epoch = await server.get('/events?start_date=1970-01-01', { auth: true });
  expect(epoch.status).toBe(400);
  expect(epoch.body.code).toBe('rest_invalid_param');
  expect(Object.keys(epoch.body.data.params)).toEqual(['start_date']);
  expect((await server.get('/events?start_date=1970-01-02', { auth: true })).status).toBe(200);
  expect((await server.get('/events?start_date=1900-01-01', { auth: true })).status).toBe(200);
});
