/**
 * Who sees and changes what (issue 41's permission matrix against the reference site, WordPress 7.0 +
 * TEC 6.16.5): core's lists of the plugin's post types skip what the caller may not read (another
 * user's drafts and private posts to a contributor or an author; X-WP-Total still counts them, as on
 * the site); `wp/v2/users?search=` matches no e-mail address for a caller who may not list users; and
 * the plugin's by-slug writes check the post the slug names, as its by-id routes do — stricter than the
 * site on purpose (docs/fidelity/permissions.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, basic, ev, startCore, uniq } from '../helpers/core.js';
import { addRoleUsers } from '../helpers/role-users.js';

let api: Api;
const creds: Record<string, string> = {};
const ids: Record<string, number> = {};
const as = (who: string) => ({ headers: { authorization: basic(who, creds[who] as string) } });

beforeAll(async () => {
  api = await startCore();
  const made = await addRoleUsers(api, 'pm', ['author', 'contributor', 'subscriber']);
  Object.assign(ids, made.ids);
  Object.assign(creds, made.creds);
}, 60_000);
afterAll(async () => api?.stop());

const idsOf = (r: { body: { id: number }[] }) => r.body.map((p) => p.id).sort((a, b) => a - b);

describe("core's lists with status=any|draft|private", () => {
  it('a contributor and an author list only their own unpublished posts; the total still counts all', async () => {
    const adminDraft = await api.post('/events', ev({ title: uniq('admin draft'), status: 'draft' }));
    const adminVenue = await api.post('/wp-json/wp/v2/tribe_venue', {
      title: uniq('admin private'),
      status: 'private',
    });
    const adminOrg = await api.post('/wp-json/wp/v2/tribe_organizer', {
      title: uniq('admin draft org'),
      status: 'draft',
    });
    expect([adminDraft.status, adminVenue.status, adminOrg.status]).toEqual([201, 201, 201]);
    for (const who of ['pm_contributor', 'pm_author']) {
      const ownEvent = await api.req('POST', '/events', {
        ...as(who),
        json: ev({ title: uniq('own'), status: 'draft' }),
      });
      const ownVenue = await api.req('POST', '/wp-json/wp/v2/tribe_venue', {
        ...as(who),
        json: { title: uniq('own venue'), status: 'draft' },
      });
      const ownOrg = await api.req('POST', '/wp-json/wp/v2/tribe_organizer', {
        ...as(who),
        json: { title: uniq('own org'), status: 'draft' },
      });
      expect([ownEvent.status, ownVenue.status, ownOrg.status], ownEvent.text).toEqual([201, 201, 201]);
      const own: Record<string, number> = {
        tribe_events: ownEvent.body.id,
        tribe_venue: ownVenue.body.id,
        tribe_organizer: ownOrg.body.id,
      };
      for (const type of ['tribe_events', 'tribe_venue', 'tribe_organizer']) {
        for (const status of ['any', 'draft']) {
          const r = await api.req('GET', `/wp-json/wp/v2/${type}`, { ...as(who), query: { status, per_page: 100 } });
          expect(r.status, `${who} ${type} ${status}`).toBe(200);
          const listed = r.body.filter((p: { status: string }) => p.status !== 'publish');
          expect(
            listed.every((p: { author: number }) => p.author === ids[who]),
            `${who} ${type} ${status}`,
          ).toBe(true);
          expect(idsOf(r)).toContain(own[type]);
          // (others' unpublished posts are counted, not listed: the site's X-WP-Total does the same)
          if (status === 'any')
            expect(Number(r.headers.get('x-wp-total')), `${who} ${type} total`).toBeGreaterThan(r.body.length);
        }
        const priv = await api.req('GET', `/wp-json/wp/v2/${type}`, { ...as(who), query: { status: 'private' } });
        expect(priv.status).toBe(200);
        expect(priv.body).toEqual([]);
      }
    }
    // The administrator still lists everyone's.
    const all = await api.get('/wp-json/wp/v2/tribe_venue', { auth: true, query: { status: 'any', per_page: 100 } });
    expect(idsOf(all)).toContain(adminVenue.body.id);
    expect(all.body.length).toBe(Number(all.headers.get('x-wp-total')));
  });
});

describe('wp/v2/users?search=', () => {
  it('matches e-mail addresses only for callers who may list users', async () => {
    await api.post('/events', ev({ title: uniq('published by admin') }));
    const email = 'admin@localhost';
    expect(idsOf(await api.get('/wp-json/wp/v2/users', { auth: true, query: { search: email } }))).toEqual([1]);
    for (const who of [null, 'pm_subscriber', 'pm_contributor', 'pm_author']) {
      const r = await api.req('GET', '/wp-json/wp/v2/users', { ...(who ? as(who) : {}), query: { search: email } });
      expect([r.status, r.body], String(who)).toEqual([200, []]);
      // (login, nicename, display name and id are searched)
      const byLogin = await api.req('GET', '/wp-json/wp/v2/users', {
        ...(who ? as(who) : {}),
        query: { search: 'admin' },
      });
      expect(idsOf(byLogin)).toEqual([1]);
      const byId = await api.req('GET', '/wp-json/wp/v2/users', { ...(who ? as(who) : {}), query: { search: '1' } });
      expect(idsOf(byId)).toEqual([1]);
    }
  });
});

describe("the plugin's by-slug writes check the post the slug names", () => {
  it('a contributor or an author cannot update or trash another user’s record by slug (403, as by id)', async () => {
    const event = await api.post('/events', ev({ title: uniq('admin event') }));
    const venue = await api.post('/venues', { venue: uniq('admin venue') });
    const organizer = await api.post('/organizers', { organizer: uniq('admin organizer') });
    const records = [
      ['events', event.body, { ...ev(), title: 'taken over' }],
      ['venues', venue.body, { venue: 'taken over' }],
      ['organizers', organizer.body, { organizer: 'taken over' }],
    ] as const;
    for (const who of ['pm_contributor', 'pm_author']) {
      for (const [resource, record, body] of records) {
        const byId = await api.req('POST', `/${resource}/${record.id}`, { ...as(who), json: body });
        const bySlug = await api.req('POST', `/${resource}/by-slug/${record.slug}`, { ...as(who), json: body });
        expect(byId.status, `${who} ${resource} by id`).toBe(403);
        expect([bySlug.status, bySlug.body.code], `${who} ${resource} by slug`).toEqual([403, byId.body.code]);
        const delSlug = await api.req('DELETE', `/${resource}/by-slug/${record.slug}`, as(who));
        const delId = await api.req('DELETE', `/${resource}/${record.id}`, as(who));
        expect([delSlug.status, delSlug.body.code], `${who} ${resource} delete by slug`).toEqual([
          403,
          delId.body.code,
        ]);
        // (the by-slug route's Allow says so too)
        expect(bySlug.headers.get('allow')).toBe('GET');
      }
    }
    for (const [resource, record] of records) {
      const now = await api.get(`/${resource}/${record.id}`, { auth: true });
      expect(now.body.status, resource).toBe('publish');
      expect(now.body.slug).toBe(record.slug);
    }
  });

  it('their own records they still update and trash by slug', async () => {
    const own = await api.req('POST', '/venues', { ...as('pm_author'), json: { venue: uniq('author venue') } });
    expect(own.status, own.text).toBe(201);
    const up = await api.req('POST', `/venues/by-slug/${own.body.slug}`, {
      ...as('pm_author'),
      json: { venue: own.body.venue, city: 'Lyon' },
    });
    expect([up.status, up.body.city]).toEqual([200, 'Lyon']);
    const del = await api.req('DELETE', `/venues/by-slug/${own.body.slug}`, as('pm_author'));
    expect([del.status, del.body.status]).toEqual([200, 'trash']);
  });
});

describe("the plugin's venue and organizer lists and the trash", () => {
  it('list trashed ones to every role that may edit the type, and a search never finds a trashed one', async () => {
    for (const [resource, nameKey] of [
      ['venues', 'venue'],
      ['organizers', 'organizer'],
    ] as const) {
      const word = uniq('trashprobe').replace(/[^a-z0-9]/gi, '');
      const made = await api.post(`/${resource}`, { [nameKey]: `${word} held` });
      expect(made.status, made.text).toBe(201);
      const gone = await api.req('DELETE', `/${resource}/${made.body.id}`, { auth: true });
      expect([gone.status, gone.body.status]).toEqual([200, 'trash']);
      for (const who of ['admin', 'pm_author', 'pm_contributor']) {
        const auth = who === 'admin' ? { auth: true } : as(who);
        const all = await api.req('GET', `/${resource}`, { ...auth, query: { status: 'trash', per_page: 50 } });
        expect(all.status, `${who} ${all.text}`).toBe(200);
        expect(
          all.body[resource].map((r: { id: number }) => r.id),
          `${who} lists the trash`,
        ).toContain(made.body.id);
        // (Tribe__Duplicate__Post::find_all_for leaves the trash out; with nothing found the total is
        // counted without the search, as the site does)
        const found = await api.req('GET', `/${resource}`, {
          ...auth,
          query: { status: 'trash', per_page: 50, search: word },
        });
        expect([found.status, found.body[resource].length], `${who} searches the trash`).toEqual([200, 0]);
        expect(found.body.total).toBe(all.body.total);
      }
    }
  });
});
