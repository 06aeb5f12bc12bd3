/**
 * Password-protected events, as the reference site answers them (WordPress 7.0 + TEC 6.16.5): core's
 * `password` field sets the post's password and keeps it through the plugin's updates; the plugin's
 * single event answers 403 `event-password-protected` to every caller without the password (signed in
 * too: post_password_required reads no capability) and the whole event with `?password=`; lists keep
 * the event with its description and excerpt emptied; core's view context hides the texts
 * (`protected: true`), its edit context shows them and the password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, startCore, uniq } from '../helpers/core.js';

let api: Api;
let id: number;
const title = uniq('secret');
beforeAll(async () => {
  api = await startCore();
  const made = await api.post('/events', {
    title,
    description: '<p>hidden body</p>',
    excerpt: 'hidden excerpt',
    start_date: '2031-03-01 10:00:00',
    end_date: '2031-03-01 11:00:00',
  });
  expect(made.status, made.text).toBe(201);
  id = made.body.id;
  const locked = await api.post(`/wp-json/wp/v2/tribe_events/${id}`, { password: 'pw1' });
  expect(locked.status, locked.text).toBe(200);
  expect(locked.body.password).toBe('pw1');
  expect(locked.body.content).toMatchObject({ raw: '<p>hidden body</p>', protected: true });
});
afterAll(async () => api?.stop());

const WINDOW = { start_date: '2031-03-01', end_date: '2031-03-02' };

describe('password-protected events', () => {
  it('the single event: 403 event-password-protected to a visitor and to the administrator alike', async () => {
    for (const auth of [false, true]) {
      const r = await api.get(`/events/${id}`, { auth });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ code: 'event-password-protected', message: expect.any(String), data: { status: 403 } });
      // (the route's Allow for the caller, as on the site)
      expect(r.headers.get('allow')).toBe(auth ? 'GET, DELETE, POST, PUT, PATCH' : 'GET');
    }
    const wrong = await api.get(`/events/${id}`, { query: { password: 'nope' } });
    expect([wrong.status, wrong.body.code]).toEqual([403, 'event-password-protected']);
  });

  it('with its password the whole event is answered', async () => {
    const r = await api.get(`/events/${id}`, { query: { password: 'pw1' } });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id, title, description: '<p>hidden body</p>' });
    expect(r.body).not.toHaveProperty('password');
  });

  it('lists keep the event, its description and excerpt emptied, for every caller', async () => {
    for (const auth of [false, true]) {
      const r = await api.get('/events', { query: WINDOW, auth });
      const ev = r.body.events.find((e: { id: number }) => e.id === id);
      expect(ev).toMatchObject({ title, description: '', excerpt: '' });
    }
  });

  it("core's view context hides the texts; its edit context shows them and the password", async () => {
    const view = await api.get(`/wp-json/wp/v2/tribe_events/${id}`);
    expect(view.status).toBe(200);
    expect(view.body.content).toEqual({ rendered: '', protected: true });
    expect(view.body.excerpt).toEqual({ rendered: '', protected: true });
    expect(view.body).not.toHaveProperty('password');
    const edit = await api.get(`/wp-json/wp/v2/tribe_events/${id}`, { auth: true, query: { context: 'edit' } });
    expect(edit.body.password).toBe('pw1');
    expect(edit.body.content.rendered).toContain('hidden body');
  });

  it("the plugin's update keeps the password; core's empty password lifts it", async () => {
    const up = await api.post(`/events/${id}`, {
      title,
      description: '<p>hidden body, again</p>',
      start_date: '2031-03-01 10:00:00',
      end_date: '2031-03-01 11:00:00',
    });
    expect(up.status, up.text).toBe(200);
    expect((await api.get(`/events/${id}`)).status).toBe(403);
    const edit = await api.get(`/wp-json/wp/v2/tribe_events/${id}`, { auth: true, query: { context: 'edit' } });
    expect(edit.body.password).toBe('pw1');
    const lifted = await api.post(`/wp-json/wp/v2/tribe_events/${id}`, { password: '' });
    expect([lifted.status, lifted.body.password, lifted.body.content.protected]).toEqual([200, '', false]);
    const open = await api.get(`/events/${id}`);
    expect([open.status, open.body.description]).toEqual([200, '<p>hidden body, again</p>']);
    // (and locked again, for the next runs of this file's other tests: order does not matter)
    await api.post(`/wp-json/wp/v2/tribe_events/${id}`, { password: 'pw1' });
  });

  it('a core create keeps the password it is given', async () => {
    const made = await api.post('/wp-json/wp/v2/tribe_events', {
      title: uniq('core'),
      status: 'publish',
      password: 'x',
    });
    expect([made.status, made.body.password, made.body.content.protected]).toEqual([201, 'x', true]);
    const r = await api.get(`/events/${made.body.id}`);
    expect([r.status, r.body.code]).toEqual([403, 'event-password-protected']);
  });
});
