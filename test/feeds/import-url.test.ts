/**
 * `calctl import events URL`: a one-off import of an address, as of a file — an iCalendar feed
 * (http, or webcal tried as https and then http), a CSV whose format comes from its extension, JSON
 * named by its content type only; redirects followed; a second run changes nothing; `--resume` is
 * refused with a hint, and a 404 fails with the address and exit 1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../helpers/cli.js';
import { type FeedServer, startFeedServer } from '../helpers/feed-server.js';
import { inDays, nextcloudFeed } from './samples.js';

let feeds: FeedServer;

beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.set('/club.ics', {
    body: nextcloudFeed([
      { uid: 'u1', title: 'Chess evening', start: inDays(4, 17), end: inDays(4, 19) },
      { uid: 'u2', title: 'Go workshop', start: inDays(5, 9), end: inDays(5, 12) },
    ]),
  });
  feeds.set('/moved', { body: '', status: 302, headers: { location: '/club.ics' } });
  feeds.set('/events.csv', {
    body: 'title,start_date,end_date\nCSV talk,2031-03-01 18:00,2031-03-01 19:00\n',
    contentType: 'text/csv',
  });
  feeds.set('/api/export', {
    body: JSON.stringify([{ title: 'JSON talk', start_date: '2031-03-02 18:00', end_date: '2031-03-02 19:00' }]),
    contentType: 'application/json',
  });
});

afterAll(async () => {
  await feeds?.close();
});

// (each step spawns the CLI a few times: a busy machine needs more than the default 30 s)
describe('import events URL', { timeout: 120_000 }, () => {
  it('imports an iCalendar address once (webcal:// falls back to http); a second run changes nothing', async () => {
    const home = tempHome();
    const url = feeds.url('/club.ics').replace(/^http/, 'webcal');
    let r = await runCli(['import', 'events', url, '-o', 'json'], { home });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ created: 2, rejected: 0 });
    r = await runCli(['import', 'events', feeds.url('/moved'), '-o', 'json'], { home });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ created: 0, unchanged: 2 });
  });

  it('takes CSV by its extension and JSON by its content type', async () => {
    const home = tempHome();
    let r = await runCli(['import', 'events', feeds.url('/events.csv'), '-o', 'json'], { home });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ created: 1 });
    r = await runCli(['import', 'events', feeds.url('/api/export'), '-o', 'json'], { home });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ created: 1 });
  });

  it('refuses --resume and says what a 404 is', async () => {
    const home = tempHome();
    let r = await runCli(['import', 'events', feeds.url('/club.ics'), '--resume'], { home });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--resume needs a file/);
    expect(feeds.hits('/club.ics').length).toBe(2);
    r = await runCli(['import', 'events', feeds.url('/missing.ics')], { home });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/missing\.ics answered 404 \(not found\)/);
  });
});
