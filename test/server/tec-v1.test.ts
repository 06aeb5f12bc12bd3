/**
 * `tec/v1` on a real embedded server, spoken as TEC's MCP server speaks it (the acknowledgement header,
 * JSON bodies, comma lists, PUT, DELETE with ?force=true). Every expectation is a fact recorded on the
 * reference site (WordPress 7.0 + The Events Calendar 6.16.5): see docs/fidelity/tec-v1.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEC_ACK as CLI_ACK } from '../../src/commands/site/api.js';
import { TEC_ACK } from '../../src/server/tec/namespace.js';
import { type Api, type ApiResponse, type ReqOptions, startCore } from '../helpers/core.js';

let api: Api;
const NOW = new Date('2026-11-25T04:30:00Z');

beforeAll(async () => {
  api = await startCore({ now: () => NOW });
});
afterAll(async () => {
  await api.stop();
});

const ACK = { 'x-tec-eea': TEC_ACK };
const tec = (method: string, path: string, o: ReqOptions = {}): Promise<ApiResponse> =>
  api.req(method, `/wp-json/tec/v1${path}`, { auth: true, ...o, headers: { ...ACK, ...(o.headers ?? {}) } });

// Key lists of the site's answers (recorded from the reference site).
const HEAD = ['id', 'date', 'date_gmt', 'guid', 'modified', 'modified_gmt', 'slug', 'status', 'type', 'link', 'title'];
const POST_KEYS = [...HEAD, 'content', 'excerpt', 'author', 'featured_media', 'template'];
const VENUE_KEYS = [
  ...POST_KEYS,
  ...['address', 'country', 'city', 'state_province', 'state', 'province', 'zip', 'phone', 'directions_link'],
  'website',
];
const ORGANIZER_KEYS = [...POST_KEYS, 'phone', 'website', 'email'];
const EVENT_KEYS = [
  ...POST_KEYS,
  ...['tags', 'tribe_events_cat', 'class_list', 'start_date', 'start_date_utc', 'end_date', 'end_date_utc', 'dates'],
  ...['timezone', 'duration', 'multiday', 'is_past', 'is_now', 'all_day', 'starts_this_week', 'ends_this_week'],
  ...['this_week_duration', 'happens_this_week', 'displays_on', 'featured', 'sticky', 'cost', 'organizer_names'],
  ...['organizers', 'venues', 'schedule_details', 'short_schedule_details'],
];

let venue: number;
let organizer: number;
let concert: number;

describe('tec/v1: the header rule and the order of checks', () => {
  it('the CLI and the server send and expect the same acknowledgement', () => {
    expect(CLI_ACK).toBe(TEC_ACK);
  });

  it('the namespace index and /docs answer without the header', async () => {
    const index = await api.get('/wp-json/tec/v1');
    expect(index.status).toBe(200);
    expect(Object.keys(index.body.routes)).toEqual([
      '/tec/v1',
      '/tec/v1/events',
      '/tec/v1/events/(?P<id>\\d+)',
      '/tec/v1/organizers',
      '/tec/v1/organizers/(?P<id>\\d+)',
      '/tec/v1/venues',
      '/tec/v1/venues/(?P<id>\\d+)',
      '/tec/v1/docs',
    ]);
    const perPage = index.body.routes['/tec/v1/events'].endpoints[0].args.per_page;
    expect(Object.keys(perPage)).toEqual(['description', 'type', 'default', 'maximum', 'minimum', 'required']);
    const docs = await api.get('/wp-json/tec/v1/docs');
    expect(docs.status).toBe(200);
    expect(docs.body.openapi).toBe('3.0.4');
    expect(Object.keys(docs.body)).toEqual(['openapi', 'info', 'tags', 'components', 'servers', 'paths']);
    expect(Object.keys(docs.body.paths)).toEqual([
      '/events',
      '/events/{id}',
      '/organizers',
      '/organizers/{id}',
      '/venues',
      '/venues/{id}',
      '/docs',
    ]);
    expect(docs.body.paths['/events/{id}'].delete.operationId).toBe('deleteEvent');
    expect(docs.body.paths['/events'].get.parameters.map((p: { name: string }) => p.name)).toContain('ticketed');
  });

  it('without the header, or with another text, the answer is 400 missing_experimental_endpoint_acknowledgement', async () => {
    const none = await api.get('/wp-json/tec/v1/events', { auth: true });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('missing_experimental_endpoint_acknowledgement');
    expect(none.headers.get('allow')).toBe('GET, POST');
    const wrong = await tec('GET', '/events', { headers: { 'x-tec-eea': 'yes' } });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'missing_experimental_endpoint_acknowledgement']);
    const shouted = await tec('GET', '/events', { headers: { 'x-tec-eea': `  ${TEC_ACK.toUpperCase()}  ` } });
    expect(shouted.status).toBe(200);
  });

  it('argument validation comes first, then the permission check, then the header', async () => {
    const invalid = await api.get('/wp-json/tec/v1/events?per_page=0', { auth: true });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('rest_invalid_param');
    expect(invalid.body.data.details.per_page.code).toBe('tec_rest_invalid_positive_integer_argument');
    const anonymous = await api.req('POST', '/wp-json/tec/v1/events', { json: { title: 'x' } });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'rest_forbidden']);
  });
});

describe('tec/v1: creating, as the MCP client does', () => {
  it('a venue: 201 in core post shape with the address fields and a directions link', async () => {
    const r = await tec('POST', '/venues', {
      json: { title: 'TV1 Hall', address: '1 Main St', city: 'Lyon', country: 'France', zip: '69001', phone: '123' },
    });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body)).toEqual(VENUE_KEYS);
    expect(r.body.title).toEqual({ rendered: 'TV1 Hall' });
    expect(r.body.directions_link).toBe(
      'https://maps.google.com/maps?f=q&#038;source=s_q&#038;hl=en&#038;geocode=&#038;q=1+Main+St+Lyon+69001+France',
    );
    expect(r.body.state_province).toBe('');
    venue = r.body.id;
  });

  it('an organizer: 201 with phone, website, email', async () => {
    const r = await tec('POST', '/organizers', { json: { title: 'TV1 Org', email: 'o@example.com', phone: '555' } });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body)).toEqual(ORGANIZER_KEYS);
    expect([r.body.email, r.body.website]).toEqual(['o@example.com', '']);
    organizer = r.body.id;
  });

  it('an event with venues and organizers by id and a time zone', async () => {
    const r = await tec('POST', '/events', {
      json: {
        title: 'TV1 Concert',
        content: 'Great <b>music</b> night',
        excerpt: 'Short',
        start_date: '2027-03-10 19:00:00',
        end_date: '2027-03-10 22:00:00',
        timezone: 'Europe/Paris',
        venues: [venue, 999999],
        organizers: [organizer],
        cost: '25',
        featured: true,
        status: 'publish',
      },
    });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body)).toEqual(EVENT_KEYS);
    expect(r.body.content).toEqual({ rendered: '<p>Great music night</p>\n', protected: false });
    expect(r.body.excerpt.rendered).toBe('<p>Short</p>\n');
    expect([r.body.start_date_utc, r.body.end_date_utc]).toEqual(['2027-03-10 18:00:00', '2027-03-10 21:00:00']);
    expect(r.body.dates.start).toEqual({
      date: '2027-03-10 19:00:00.000000',
      timezone_type: 3,
      timezone: 'Europe/Paris',
    });
    expect(r.body.dates.start_site.timezone).toBe('UTC');
    expect([r.body.duration, r.body.multiday, r.body.cost, r.body.featured]).toEqual(['10800', false, '$25', true]);
    expect(r.body.organizer_names).toEqual(['TV1 Org']);
    expect(r.body.venues.map((v: { id: number }) => v.id)).toEqual([venue]);
    expect(Object.keys(r.body.venues[0])).toEqual(VENUE_KEYS);
    expect(r.body.schedule_details).toBe(
      '<span class="tribe-event-date-start">March 10, 2027 @ 7:00 pm</span> - <span class="tribe-event-time">10:00 pm</span>',
    );
    expect(r.body.class_list).toEqual([
      `post-${r.body.id}`,
      'tribe_events',
      'type-tribe_events',
      'status-publish',
      'hentry',
    ]);
    concert = r.body.id;
  });

  it('an all-day event spans whole days', async () => {
    const r = await tec('POST', '/events', {
      json: { title: 'TV1 Allday', start_date: '2027-03-11 00:00:00', end_date: '2027-03-11 23:59:59', all_day: true },
    });
    expect(r.status).toBe(201);
    expect([r.body.all_day, r.body.duration, r.body.short_schedule_details]).toEqual([true, '86399', 'All day']);
    expect(r.body.schedule_details).toBe('<span class="tribe-event-date-start">March 11, 2027</span>');
    // The length comes from the times sent, before the event is widened to whole days.
    const fair = await tec('POST', '/events', {
      json: { title: 'TV1 Fair', start_date: '2027-05-02 09:00:00', end_date: '2027-05-02 17:00:00', all_day: true },
    });
    expect([fair.body.start_date, fair.body.end_date, fair.body.duration]).toEqual([
      '2027-05-02 00:00:00',
      '2027-05-02 23:59:59',
      '28800',
    ]);
    expect((await tec('DELETE', `/events/${fair.body.id}?force=true`)).status).toBe(200);
  });

  it('a draft has no slug, a query-string link, and stays hidden from anonymous readers', async () => {
    const r = await tec('POST', '/events', {
      json: { title: 'TV1 Draft', start_date: '2020-05-01 10:00:00', end_date: '2020-05-01 12:00:00', status: 'draft' },
    });
    expect(r.status).toBe(201);
    expect([r.body.status, r.body.slug, r.body.is_past]).toEqual(['draft', '', true]);
    expect(r.body.link).toBe(`${api.origin}/?post_type=tribe_events&p=${r.body.id}`);
    const anonymous = await api.get(`/wp-json/tec/v1/events/${r.body.id}`, { headers: ACK });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'rest_forbidden']);
    expect(anonymous.headers.get('allow')).toBeNull();
    const listed = await tec('GET', '/events?status=draft,publish&search=TV1');
    expect(listed.body.map((e: { id: number }) => e.id)).toContain(r.body.id);
    const anonList = await api.get('/wp-json/tec/v1/events?status=draft&search=TV1', { headers: ACK });
    expect(anonList.status).toBe(200);
    expect(anonList.body.every((e: { status: string }) => e.status === 'publish')).toBe(true);
    // An update that names no status publishes the draft (the body's status defaults to publish).
    const published = await tec('PUT', `/events/${r.body.id}`, { json: { title: 'TV1 Past' } });
    expect([published.status, published.body.status, published.body.slug]).toEqual([200, 'publish', 'tv1-past']);
  });

  it('missing dates or title, a date with a T, a bad list: the site’s answers', async () => {
    const noEnd = await tec('POST', '/events', { json: { title: 'x', start_date: '2027-03-10 19:00:00' } });
    expect([noEnd.status, noEnd.body]).toEqual([500, { error: expect.any(String) }]);
    const isoT = await tec('POST', '/events', {
      json: { title: 'x', start_date: '2027-03-10T19:00:00', end_date: '2027-03-10 22:00:00' },
    });
    expect(isoT.status).toBe(400);
    expect(isoT.body.data.details.start_date.code).toBe('tec_rest_invalid_date_time_argument');
    const title = await tec('POST', '/events', { json: { title: ['x'], start_date: '2027-03-10 19:00:00' } });
    expect([title.status, title.body.data.params.title, title.body.data.details]).toEqual([
      400,
      'Invalid parameter.',
      [],
    ]);
    const venues = await tec('POST', '/events', { json: { title: 'x', venues: 5 } });
    expect([venues.status, venues.body.data.details]).toEqual([400, []]);
    const orgs = await tec('POST', '/events', { json: { title: 'x', organizers: ['abc'] } });
    expect(orgs.body.data.details.organizers.data.argument).toBe('example');
  });
});

describe('tec/v1: lists', () => {
  it('no default date window, event-date order, headers and Link', async () => {
    const all = await tec('GET', '/events?search=TV1');
    expect(all.status).toBe(200);
    expect(all.body.map((e: { title: { rendered: string } }) => e.title.rendered)).toEqual([
      'TV1 Past',
      'TV1 Concert',
      'TV1 Allday',
    ]);
    expect([all.headers.get('x-wp-total'), all.headers.get('x-wp-totalpages')]).toEqual(['3', '1']);
    const page = await tec('GET', '/events?search=TV1&per_page=1&page=2');
    expect(page.headers.get('link')).toBe(
      `<${api.origin}/wp-json/tec/v1/events?search=TV1&per_page=1&page=3>; rel="next", <${api.origin}/wp-json/tec/v1/events?search=TV1&per_page=1&page=1>; rel="prev"`,
    );
    const past = await tec('GET', '/events?search=TV1&page=9');
    expect([past.status, past.body.code]).toEqual([404, 'tec_rest_organizers_page_not_found']);
    const titled = await tec('GET', '/events?search=TV1&orderby=title&order=DESC');
    expect(titled.body[0].title.rendered).toBe('TV1 Past');
  });

  it('filters: venue, organizer, featured, dates, and the site’s refusals', async () => {
    const ids = (r: ApiResponse) => r.body.map((e: { id: number }) => e.id);
    expect(ids(await tec('GET', `/events?venue=${venue}`))).toEqual([concert]);
    expect(ids(await tec('GET', `/events?organizer=${organizer},${organizer}`))).toEqual([concert]);
    expect(ids(await tec('GET', '/events?featured=1'))).toEqual([concert]);
    expect(ids(await tec('GET', '/events?search=TV1&featured=0'))).not.toContain(concert);
    expect(ids(await tec('GET', '/events?start_date=2027-03-10&end_date=2027-03-11'))).toEqual([concert]);
    // Category ids that name no event category filter nothing.
    expect(ids(await tec('GET', '/events?search=TV1&categories=1,2')).length).toBe(3);
    for (const bad of ['order=asc', 'categories=5', 'venue=99999', 'status=any', 'orderby=foo']) {
      const r = await tec('GET', `/events?${bad}`);
      expect([bad, r.status, r.body.code]).toEqual([bad, 400, 'rest_invalid_param']);
    }
    const date = await tec('GET', '/events?start_date=garbage');
    expect(date.body.data.details.start_date.code).toBe('tec_rest_invalid_date_time_argument');
    expect((await tec('GET', '/events/abc')).body.code).toBe('rest_no_route');
    expect((await tec('DELETE', '/events')).body.code).toBe('rest_no_route');
  });

  it('venues and organizers: search, event, newest first', async () => {
    const v = await tec('GET', '/venues?search=tv1');
    expect(v.body.map((x: { id: number }) => x.id)).toEqual([venue]);
    expect((await tec('GET', '/venues?search=Lyon')).body).toEqual([]);
    expect((await tec('GET', `/organizers?event=${concert}`)).body.map((x: { id: number }) => x.id)).toEqual([
      organizer,
    ]);
    expect((await tec('GET', '/venues?event=abc')).body.data.details.event.code).toBe(
      'tec_rest_invalid_positive_integer_argument',
    );
  });
});

describe('tec/v1: updates, trash and permanent delete', () => {
  it('updates are partial; a time-zone change keeps the local times', async () => {
    const renamed = await tec('PUT', `/events/${concert}`, { json: { title: 'TV1 Concert renamed' } });
    expect(renamed.status).toBe(200);
    expect([renamed.body.cost, renamed.body.featured, renamed.body.organizer_names]).toEqual([
      '$25',
      true,
      ['TV1 Org'],
    ]);
    const tokyo = await tec('PUT', `/events/${concert}`, { json: { timezone: 'Asia/Tokyo' } });
    expect([tokyo.body.start_date, tokyo.body.start_date_utc]).toEqual(['2027-03-10 19:00:00', '2027-03-10 10:00:00']);
    const emptied = await tec('PATCH', `/events/${concert}`, { json: { venues: [], organizers: [], featured: false } });
    expect([emptied.body.venues.length, emptied.body.organizers, emptied.body.featured]).toEqual([1, [], true]);
  });

  it('the same record reads the same through tribe/events/v1', async () => {
    const old = await api.get(`/events/${concert}`, { auth: true });
    expect([old.body.title, old.body.start_date, old.body.venue.id]).toEqual([
      'TV1 Concert renamed',
      '2027-03-10 19:00:00',
      venue,
    ]);
  });

  it('trash, trash again, read, delete for good', async () => {
    const first = await tec('DELETE', `/events/${concert}`);
    expect([first.status, first.body]).toEqual([200, []]);
    const again = await tec('DELETE', `/events/${concert}`);
    expect([again.status, Object.keys(again.body)]).toEqual([410, ['error']]);
    const read = await tec('GET', `/events/${concert}`);
    expect([read.status, Object.keys(read.body)]).toEqual([404, ['error']]);
    const gone = await tec('DELETE', `/events/${concert}?force=true`);
    expect([gone.status, gone.body]).toEqual([200, []]);
    const after = await tec('GET', `/events/${concert}`);
    expect([after.status, after.body.code, after.headers.get('allow')]).toEqual([403, 'rest_forbidden', null]);
    expect((await api.get(`/events/${concert}`, { auth: true })).status).toBe(400);
  });
});

describe('core routes clients check first', () => {
  it('/wp-json/ lists tec/v1 and the core routes', async () => {
    const r = await api.get('/wp-json/');
    expect(r.body.namespaces).toEqual(expect.arrayContaining(['tec/v1', 'wp/v2']));
    expect(Object.keys(r.body.routes)).toEqual(expect.arrayContaining(['/tec/v1/events', '/wp/v2/users/me']));
  });

  it('users/me and settings: 401 anonymously, core shapes for the admin', async () => {
    const anon = await api.get('/wp-json/wp/v2/users/me');
    expect([anon.status, anon.body.code]).toEqual([401, 'rest_not_logged_in']);
    const me = await api.get('/wp-json/wp/v2/users/me', { auth: true });
    expect(Object.keys(me.body)).toEqual([
      'id',
      'name',
      'url',
      'description',
      'link',
      'slug',
      'avatar_urls',
      'meta',
      '_links',
    ]);
    expect([me.body.id, me.body.slug]).toEqual([1, 'admin']);
    const anonSettings = await api.get('/wp-json/wp/v2/settings');
    expect([anonSettings.status, anonSettings.body.code]).toEqual([401, 'rest_forbidden']);
    const settings = await api.get('/wp-json/wp/v2/settings', { auth: true });
    expect([settings.body.timezone, settings.body.date_format, settings.body.posts_per_page]).toEqual([
      'UTC',
      'F j, Y',
      10,
    ]);
  });
});
