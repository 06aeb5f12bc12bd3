/**
 * Each date field is read in the zone the site reads it in: event times in the event's zone, a post's
 * publication date in the site's own zone, its GMT twin in UTC — whatever `--timezone` says.
 */
import { describe, expect, it } from 'vitest';
import { getResource } from '../../src/catalog/index.js';
import { toBody, toQuery } from '../../src/commands/resource/values.js';

const dates = {
  now: new Date('2026-12-01T10:00:00Z'),
  timezone: 'Asia/Tokyo',
  siteZone: async () => 'America/New_York',
};

describe('the zone of each date field', () => {
  it('event times in the event zone, date in the site zone, date_utc in UTC', async () => {
    const body = await toBody(
      getResource('events'),
      { start_date: '2026-12-01T10:00:00Z', date: '2026-12-01T10:00:00Z', date_utc: 'now' },
      dates,
    );
    expect(body).toEqual({
      start_date: '2026-12-01 19:00:00',
      date: '2026-12-01 05:00:00',
      date_utc: '2026-12-01 10:00:00',
    });
  });

  it('exact-time list filters go as instants; whole-day ones as wall times', async () => {
    const events = getResource('events');
    expect(await toQuery(events, { starts_after: '2026-12-10 09:00', strict_dates: 'true' }, dates)).toEqual({
      starts_after: '2026-12-10T00:00:00Z',
      strict_dates: 'true',
    });
    expect(await toQuery(events, { starts_after: '2026-12-10 09:00' }, dates)).toEqual({
      starts_after: '2026-12-10 09:00:00',
    });
  });
});
