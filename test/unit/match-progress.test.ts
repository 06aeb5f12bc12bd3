/**
 * How far a listing read page by page lets rows through (src/import/match-progress.ts): only rows whose
 * days end four days before the last event read, by the earlier of its local and UTC days, and none
 * once the events stop coming in start order.
 */
import { describe, expect, it } from 'vitest';
import { listingProgress } from '../../src/import/match-progress.js';

const event = (start: string, utc = start) => ({ start_date: start, utc_start_date: utc });

/** Whether `reached(day)` has resolved after the current turn. */
async function through(p: ReturnType<typeof listingProgress>, day: string): Promise<boolean> {
  let done = false;
  void p.reached(day).then(() => {
    done = true;
  });
  await new Promise((r) => setImmediate(r));
  return done;
}

describe('listing progress', () => {
  it('lets a row through once an event four days past its day is read, not before', async () => {
    const p = listingProgress();
    expect(await through(p, '2030-01-01')).toBe(false);
    p.seen(event('2030-01-04 10:00:00'));
    expect(await through(p, '2030-01-01')).toBe(false);
    p.seen(event('2030-01-05 00:00:00'));
    expect(await through(p, '2030-01-01')).toBe(true);
    expect(await through(p, '2030-01-02')).toBe(false);
  });

  it('a row already waiting is let through when the event that covers it comes', async () => {
    const p = listingProgress();
    let done = false;
    void p.reached('2030-03-10').then(() => {
      done = true;
    });
    p.seen(event('2030-03-13 23:00:00'));
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);
    p.seen(event('2030-03-14 08:00:00'));
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(true);
  });

  it('counts from the earlier of the local and UTC days (an event of a zone east of the site)', async () => {
    const p = listingProgress();
    // local 2030-01-06 01:00 in UTC+14 is 2030-01-05 11:00 UTC
    p.seen(event('2030-01-06 01:00:00', '2030-01-05 11:00:00'));
    expect(await through(p, '2030-01-02')).toBe(false);
    expect(await through(p, '2030-01-01')).toBe(true);
  });

  it('lets nothing more through once the events come out of start order by both clocks', async () => {
    const p = listingProgress();
    p.seen(event('2030-01-10 10:00:00'));
    p.seen(event('2030-01-08 10:00:00'));
    p.seen(event('2030-02-10 10:00:00'));
    expect(await through(p, '2030-01-06')).toBe(true);
    expect(await through(p, '2030-01-07')).toBe(false);
    // (in UTC order only: still in order by one clock, so the later event counts)
    const q = listingProgress();
    q.seen(event('2030-01-10 10:00:00', '2030-01-10 10:00:00'));
    q.seen(event('2030-01-09 23:00:00', '2030-01-10 11:00:00'));
    q.seen(event('2030-01-20 10:00:00', '2030-01-20 10:00:00'));
    expect(await through(q, '2030-01-16')).toBe(true);
  });

  it('an event without both starts stops it', async () => {
    const p = listingProgress();
    p.seen({ start_date: '2030-01-10 10:00:00' });
    p.seen(event('2030-02-10 10:00:00'));
    expect(await through(p, '2030-01-01')).toBe(false);
  });
});
