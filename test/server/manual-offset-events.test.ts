/**
 * Events kept in a WordPress manual offset, as the reference site stored them: the plugin converts
 * their times with the rules of the zone PHP names for the offset (`UTC-5` keeps New York's summer
 * time, `UTC+6` is read as UTC), while the label stays the offset as written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, startCore } from '../helpers/core.js';

let api: Api;
beforeAll(async () => {
  api = await startCore({ timezone: 'UTC-5' });
});
afterAll(async () => api?.stop());

describe('events in manual offsets', () => {
  it.each([
    ['UTC-5', '2026-01-15 17:00:00', '2026-07-15 16:00:00'],
    ['UTC+1', '2026-01-15 11:00:00', '2026-07-15 10:00:00'],
    ['UTC-3.5', '2026-01-15 15:30:00', '2026-07-15 14:30:00'],
    ['UTC+5.5', '2026-01-15 06:30:00', '2026-07-15 06:30:00'],
    ['UTC-3', '2026-01-15 15:00:00', '2026-07-15 15:00:00'],
    ['UTC+6', '2026-01-15 12:00:00', '2026-07-15 12:00:00'],
  ])('%s: 12:00 in January is %s UTC, in July %s UTC', async (zone, january, july) => {
    const r = await api.post('/events', {
      title: `manual ${zone}`,
      start_date: '2026-01-15 12:00:00',
      end_date: '2026-07-15 12:00:00',
      timezone: zone,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      timezone: zone,
      timezone_abbr: zone,
      utc_start_date: january,
      utc_end_date: july,
    });
  });

  it("an event made without a zone takes the site's manual offset, and its rules", async () => {
    const r = await api.post('/events', {
      title: 'manual default',
      start_date: '2026-07-15 12:00:00',
      end_date: '2026-07-15 13:00:00',
    });
    expect(r.body).toMatchObject({ timezone: 'UTC-5', timezone_abbr: 'UTC-5', utc_start_date: '2026-07-15 16:00:00' });
  });
});
