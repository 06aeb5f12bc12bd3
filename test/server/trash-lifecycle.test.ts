/**
 * The trash lifecycle as a real site runs it (wp_trash_post, wp_insert_post's untrash branch): checked
 * step by step against the reference site's answers (docs/fidelity/server-second-pass.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, ev, startCore, uniq } from '../helpers/core.js';

let api: Api;
beforeAll(async () => {
  api = await startCore();
});
afterAll(async () => api?.stop());

const del = (path: string) => api.req('DELETE', path, { auth: true });
const ZERO = '0000-00-00 00:00:00';

describe('trash and restore through the plugin routes', () => {
  it('an event: trash → publish gives the slug back; trash again has one suffix; the third delete is 410', async () => {
    const c = await api.post('/events', ev({ title: uniq('Restore probe') }));
    const slug = c.body.slug as string;
    const t1 = await del(`/events/${c.body.id}`);
    expect([t1.body.status, t1.body.slug]).toEqual(['trash', `${slug}__trashed`]);
    const r1 = await api.post(`/events/${c.body.id}`, { status: 'publish' });
    expect([r1.status, r1.body.status, r1.body.slug, r1.body.url]).toEqual([
      200,
      'publish',
      slug,
      `${api.origin}/event/${slug}/`,
    ]);
    const t2 = await del(`/events/${c.body.id}`);
    expect(t2.body.slug).toBe(`${slug}__trashed`);
    const again = await del(`/events/${c.body.id}`);
    expect([again.status, again.body.code]).toEqual([410, 'event-is-in-trash']);
    expect((await api.get(`/events/by-slug/${slug}`, { auth: true })).status).toBe(400);
  });

  it('restoring as a draft keeps the slug it had and has no GMT date; the trash had fixed one', async () => {
    const c = await api.post('/events', ev());
    const t = await del(`/events/${c.body.id}`);
    expect(t.body.date_utc).not.toBe(ZERO);
    const r = await api.post(`/events/${c.body.id}`, { status: 'draft' });
    expect([r.body.status, r.body.slug, r.body.date_utc]).toEqual(['draft', c.body.slug, ZERO]);
    expect(r.body.modified_utc).not.toBe(ZERO);
    expect(r.body.url).toBe(`${api.origin}/?post_type=tribe_events&p=${c.body.id}`);
  });

  it('an undated draft venue trashed by its slug is dated now, as wp_trash_post’s update dates it (the real site)', async () => {
    const v = await api.post('/venues', { venue: uniq('Draft hall'), status: 'draft', date: '2020-01-01 10:00:00' });
    expect([v.body.date, v.body.date_utc]).toEqual(['2020-01-01 10:00:00', ZERO]);
    const t = await del(`/venues/by-slug/${v.body.slug}`);
    expect(t.body.status).toBe('trash');
    expect(t.body.date.slice(0, 4)).not.toBe('2020');
    expect(t.body.date_utc).toBe(t.body.date);
  });

  it('an event update without a status takes it out of the trash (the plugin sends publish)', async () => {
    const c = await api.post('/events', ev());
    await del(`/events/${c.body.id}`);
    const r = await api.post(`/events/${c.body.id}`, { title: c.body.title });
    expect([r.body.status, r.body.slug]).toEqual(['publish', c.body.slug]);
  });

  it.each([
    ['venues', { venue: 'Restored Hall' }, 'venue'],
    ['organizers', { organizer: 'Restored Org' }, 'organizer'],
  ])('a %s update takes it out of the trash with its slug; by slug too', async (resource, body, base) => {
    const c = await api.post(`/${resource}`, body);
    const slug = c.body.slug as string;
    expect((await del(`/${resource}/${c.body.id}`)).body.slug).toBe(`${slug}__trashed`);
    const r = await api.post(`/${resource}/${c.body.id}`, { phone: '123' });
    expect([r.body.status, r.body.slug, r.body.url]).toEqual(['publish', slug, `${api.origin}/${base}/${slug}/`]);
    await del(`/${resource}/${c.body.id}`);
    const bySlug = await api.post(`/${resource}/by-slug/${slug}__trashed`, { status: 'draft' });
    expect([bySlug.body.status, bySlug.body.slug]).toEqual(['draft', slug]);
    expect((await del(`/${resource}/by-slug/${slug}`)).body.slug).toBe(`${slug}__trashed`);
  });

  it('a draft without a slug is trashed as `__trashed` and keeps it when restored', async () => {
    const c = await api.post('/events', ev({ status: 'draft' }));
    expect(c.body.slug).toBe('');
    expect((await del(`/events/${c.body.id}`)).body.slug).toBe('__trashed');
    const r = await api.post(`/events/${c.body.id}`, { status: 'publish' });
    expect([r.body.status, r.body.slug]).toEqual(['publish', '__trashed']);
  });

  it('a slug taken while the event was in the trash comes back with -2', async () => {
    const title = uniq('Taken');
    const a = await api.post('/events', ev({ title }));
    await del(`/events/${a.body.id}`);
    const b = await api.post('/events', ev({ title }));
    expect(b.body.slug).toBe(a.body.slug);
    const r = await api.post(`/events/${a.body.id}`, { status: 'publish' });
    expect(r.body.slug).toBe(`${a.body.slug}-2`);
  });

  it('trashing a post whose slug took the -2 of a trashed one numbers the trashed slug', async () => {
    const title = uniq('Twice');
    const a = await api.post('/events', ev({ title }));
    await del(`/events/${a.body.id}`);
    const b = await api.post('/events', ev({ title }));
    const t = await del(`/events/${b.body.id}`);
    expect(t.body.slug).toBe(`${a.body.slug}__trashed-2`);
    expect((await api.post(`/events/${b.body.id}`, {})).body.slug).toBe(a.body.slug);
  });
});

describe('a draft never dated, trashed', () => {
  // (the site's answers: a draft venue made at 17:36:42 and trashed at 17:36:48, by id or by slug,
  // answered date and date_utc 17:36:48; a draft event the same)
  let clock = new Date('2026-11-26T10:00:00Z');
  let dated: Api;
  beforeAll(async () => {
    dated = await startCore({ now: () => clock });
  });
  afterAll(async () => dated?.stop());

  it('is dated when it is trashed, whichever route trashes it, as any first update of such a draft', async () => {
    const venue = await dated.post('/venues', { venue: uniq('Draft hall'), status: 'draft', slug: uniq('draft-hall') });
    const org = await dated.post('/organizers', { organizer: uniq('Draft org'), status: 'draft' });
    const event = await dated.post('/events', ev({ status: 'draft' }));
    for (const made of [venue, org, event])
      expect([made.body.date, made.body.date_utc]).toEqual(['2026-11-26 10:00:00', ZERO]);
    clock = new Date('2026-11-26T11:30:00Z');
    const trashed = [
      await dated.req('DELETE', `/venues/by-slug/${venue.body.slug}`, { auth: true }),
      await dated.req('DELETE', `/organizers/${org.body.id}`, { auth: true }),
      await dated.req('DELETE', `/events/${event.body.id}`, { auth: true }),
    ];
    for (const t of trashed) {
      expect(t.body.status).toBe('trash');
      expect([t.body.date, t.body.date_utc]).toEqual(['2026-11-26 11:30:00', '2026-11-26 11:30:00']);
    }
  });
});
