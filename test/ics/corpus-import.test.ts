/**
 * The corpus of test/fixtures/ics imported through the CLI into a real embedded server: a Google
 * export makes no `schemas.google.com` category, its places become venues named as people name them
 * (`ThinkCoffee`, `Seattle, WA`), GOV.UK's real bank holidays import as all-day events, and a second
 * run changes nothing.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, tempHome } from '../helpers/cli.js';

type Loose = Record<string, unknown>;
let server: TestServer;
let env: Record<string, string>;
const home = tempHome();
const calctl = (args: string[]) => runCli(args, { env, home, timeoutMs: 60_000 });
const fixture = (name: string) => join(import.meta.dirname, '../fixtures/ics', name);

async function list(resource: string, extra: string[] = []): Promise<Loose[]> {
  const r = await calctl([resource, 'list', ...extra, '-o', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return r.json<Loose[]>();
}

beforeAll(async () => {
  server = await startApi({ timezone: 'Europe/Paris' });
  env = { CALCTL_URL: server.url, CALCTL_USER: server.user, CALCTL_PASSWORD: server.password };
});
afterAll(async () => server?.close());

describe('import events FILE.ics: the corpus', () => {
  it('Google export: venues named as people name the place, no schemas.google.com category', async () => {
    const file = fixture('google-export.ics');
    const r = await calctl(['import', 'events', file, '--until', '2031-06-30', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ created: 3, rejected: 0 });
    expect(r.stderr).toMatch(/3 categories that are only an address were left out/);
    expect(r.stderr).toMatch(/1 event has no end \(no DTEND\)/);

    const categories = (await list('categories', ['--all'])).map((c) => c.name);
    expect(categories).toContain('Workshops');
    expect(categories.some((n) => String(n).includes('schemas.google.com'))).toBe(false);

    const venues = (await list('venues', ['--all'])).map((v) => v.venue);
    expect(venues).toEqual(expect.arrayContaining(['ThinkCoffee', 'Access Theater', 'Seattle, WA']));
    expect(venues).not.toContain('Seattle');
    expect(venues).not.toContain('Access Theater (380 Broadway');

    const again = await calctl(['import', 'events', file, '--until', '2031-06-30', '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.json()).toMatchObject({ created: 0, updated: 0 });
  });

  it("GOV.UK's bank holidays (a real file): all-day events, twice the same", async () => {
    const file = fixture('gov-uk-england-and-wales-2022.ics');
    const r = await calctl(['import', 'events', file, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ created: 10, rejected: 0 });
    const [jubilee] = await list('events', [
      '--start-date',
      '2022-06-01',
      '--end-date',
      '2022-06-30',
      '--search',
      'Jubilee',
    ]);
    expect(jubilee).toMatchObject({
      title: 'Platinum Jubilee bank holiday',
      all_day: true,
      start_date: '2022-06-03 00:00:00',
      end_date: '2022-06-03 23:59:59',
    });
    const again = await calctl(['import', 'events', file, '-o', 'json']);
    expect(again.json()).toMatchObject({ created: 0, updated: 0 });
  });
});
