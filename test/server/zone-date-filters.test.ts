/**
 * The events list's date filters on a site west of UTC, as the reference site in America/New_York
 * answered them (two events on 2026-12-10 at 02:00 and 20:00 local): a value without a zone is a UTC
 * time to the plugin (PHP's default zone on WordPress), made local with `strict_dates`, whole days of
 * its UTC reading otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, startCore, uniq } from '../helpers/core.js';

let api: Api;
let word: string;
beforeAll(async () => {
  api = await startCore({ timezone: 'America/New_York' });
  word = uniq('zonefilter');
  for (const [title, start, end] of [
    ['early', '2026-12-10 02:00:00', '2026-12-10 03:00:00'],
    ['late', '2026-12-10 20:00:00', '2026-12-10 21:00:00'],
  ]) {
    const r = await api.post('/events', { title: `${word} ${title}`, start_date: start, end_date: end });
    expect(r.status).toBe(201);
  }
});
afterAll(async () => api?.stop());

const list = async (query: Record<string, string>) => {
  const r = await api.get('/events', { query: { search: word, ...query }, auth: true });
  expect(r.status).toBe(200);
  const titles = (r.body.events as { title: string }[]).map((e) => e.title.replace(`${word} `, ''));
  return { titles, restUrl: decodeURIComponent(String(r.body.rest_url)) };
};

describe('date filters on a site in America/New_York', () => {
  it.each([
    // strict: the value is UTC, compared as the site's local time
    [
      { strict_dates: 'true', ends_after: '2026-12-09 23:59:59', starts_before: '2026-12-11 00:00:00' },
      ['early'],
      ['starts_before=2026-12-10 19:00:00', 'ends_after=2026-12-09 18:59:59'],
    ],
    [{ strict_dates: 'true', starts_after: '2026-12-10 04:00:00' }, ['early', 'late'], ['2026-12-09 23:00:00']],
    [{ strict_dates: 'true', starts_before: '2026-12-10 21:00:00' }, ['early'], ['2026-12-10 16:00:00']],
    [{ strict_dates: 'true', starts_after: '2026-12-10T09:00:00Z' }, ['late'], ['2026-12-10 04:00:00']],
    [{ strict_dates: 'true', starts_after: '2026-12-10T04:00:00-05:00' }, ['late'], ['2026-12-10 04:00:00']],
    // whole days: the date of the value read as UTC
    [{ start_date: '2026-12-10', end_date: '2026-12-10' }, ['early', 'late'], ['start_date=2026-12-10 00:00:00']],
    [{ starts_after: '2026-12-10T02:00:00+05:00' }, ['early', 'late'], ['starts_after=2026-12-09 23:59:59']],
  ])('%j → %j', async (query, titles, echoed) => {
    const r = await list(query);
    expect(r.titles).toEqual(titles);
    for (const part of echoed) expect(r.restUrl).toContain(part);
  });
});
