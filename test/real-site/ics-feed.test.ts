/**
 * calctl's iCalendar export against the site's OWN iCal feed (optional; runs when CALCTL_REAL_URL,
 * CALCTL_REAL_USER and CALCTL_REAL_PASSWORD are set, read-only): every event of the feed is in the
 * export under the same UID, at the same instants, with the same summary, location and categories.
 * Both files are read with node-ical, a parser calctl does not use.
 */
import ical from 'node-ical';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../helpers/cli.js';

const url = process.env.CALCTL_REAL_URL;
const user = process.env.CALCTL_REAL_USER;
const password = process.env.CALCTL_REAL_PASSWORD;
const configured = Boolean(url && user && password);
const origin = (url ?? '').replace(/\/+$/, '').replace(/\/wp-json.*$/, '');

const vevents = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((c) => c?.type === 'VEVENT') as ical.VEvent[];

describe.skipIf(!configured)("export -o ics against the site's iCal feed", () => {
  it('writes the UIDs, times and fields the feed writes', async () => {
    const auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    const feed = await (
      await fetch(`${origin}/?post_type=tribe_events&ical=1`, { headers: { authorization: auth } })
    ).text();
    const theirs = vevents(feed);
    expect(theirs.length).toBeGreaterThan(0);
    const r = await runCli(['export', 'events', '-o', 'ics'], {
      env: { CALCTL_URL: url, CALCTL_USER: user, CALCTL_PASSWORD: password },
      home: tempHome(),
      timeoutMs: 120_000,
    });
    expect(r.code, r.stderr).toBe(0);
    const ours = new Map(vevents(r.stdout).map((e) => [e.uid, e]));
    for (const event of theirs) {
      const mine = ours.get(event.uid);
      expect(mine, `UID ${event.uid}`).toBeDefined();
      if (!mine) continue;
      expect(mine.start.getTime()).toBe(event.start.getTime());
      expect(mine.end?.getTime()).toBe(event.end?.getTime());
      expect(String(mine.summary)).toBe(String(event.summary));
      expect(String(mine.location ?? '')).toBe(String(event.location ?? ''));
      expect((mine.categories ?? []).sort()).toEqual((event.categories ?? []).sort());
    }
  });
});
