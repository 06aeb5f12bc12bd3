/**
 * Users, roles and capabilities on the embedded server, over real HTTP: core's users and application
 * passwords routes with their checks and codes, the plugin's permission callbacks by role (as
 * map_meta_cap decides them), core's write routes of the plugin's post types, and the discovery headers
 * of the site's pages. What a real site answered is noted where a value comes from it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, basic, ev, startCore } from '../helpers/core.js';
import { addRoleUsers } from '../helpers/role-users.js';

let api: Api;
const creds: Record<string, string> = {};
const ids: Record<string, number> = {};

/** A request as one of the users made below. */
const as = (who: string) => ({ headers: { authorization: basic(who, creds[who] as string) } });

beforeAll(async () => {
  api = await startCore();
  const made = await addRoleUsers(api, 'u', ['editor', 'author', 'contributor', 'subscriber']);
  Object.assign(ids, made.ids);
  Object.assign(creds, made.creds);
}, 60_000);
afterAll(async () => {
  await api.stop();
});

describe('wp/v2/users', () => {
  it('gives each role the capabilities a site with the plugin gives it, in the site’s order', async () => {
    const r = await api.get(`/wp-json/wp/v2/users/${ids.u_contributor}`, { auth: true, query: { context: 'edit' } });
    expect(r.status).toBe(200);
    // (the real site's answer for a contributor, WordPress 7.0 + TEC 6.16.5)
    expect(Object.keys(r.body.capabilities)).toEqual([
      'edit_posts',
      'read',
      'level_1',
      'level_0',
      'delete_posts',
      'edit_tribe_events',
      'delete_tribe_events',
      'edit_tribe_venues',
      'delete_tribe_venues',
      'edit_tribe_organizers',
      'delete_tribe_organizers',
      'edit_aggregator-records',
      'delete_aggregator-records',
      'contributor',
    ]);
    expect(r.body.extra_capabilities).toEqual({ contributor: true });
    expect(r.body.roles).toEqual(['contributor']);
  });

  it('checks a create as core does: missing fields, bad username, bad e-mail, taken login, unknown role', async () => {
    const missing = await api.post('/wp-json/wp/v2/users', { username: 'x1' });
    expect([missing.status, missing.body.code, missing.body.data.params]).toEqual([
      400,
      'rest_missing_callback_param',
      ['email', 'password'],
    ]);
    const bad = await api.post('/wp-json/wp/v2/users', { username: 'bad!', email: 'nope', password: 'p' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
    expect(bad.body.data.details.username.code).toBe('rest_user_invalid_username');
    expect(bad.body.data.details.email.code).toBe('rest_invalid_email');
    // (wp_insert_user's error carries no status: the site answers 500 with data null)
    const taken = await api.post('/wp-json/wp/v2/users', {
      username: 'u_author',
      email: 'o@example.com',
      password: 'p',
    });
    expect([taken.status, taken.body.code, taken.body.data]).toEqual([500, 'existing_user_login', null]);
    const role = await api.post('/wp-json/wp/v2/users', {
      username: 'x2',
      email: 'x2@example.com',
      password: 'p',
      roles: ['wizard'],
    });
    expect([role.status, role.body.code]).toEqual([400, 'rest_user_invalid_role']);
  });

  it('lets only whoever may create users create them, and only whoever may list users ask for the edit context', async () => {
    const body = { username: 'x3', email: 'x3@example.com', password: 'p' };
    const byEditor = await api.req('POST', '/wp-json/wp/v2/users', { json: body, ...as('u_editor') });
    expect([byEditor.status, byEditor.body.code]).toEqual([403, 'rest_cannot_create_user']);
    const anon = await api.req('POST', '/wp-json/wp/v2/users', { json: body });
    expect([anon.status, anon.body.code]).toEqual([401, 'rest_cannot_create_user']);
    const edit = await api.get('/wp-json/wp/v2/users', { query: { context: 'edit' }, ...as('u_subscriber') });
    expect([edit.status, edit.body.code]).toEqual([403, 'rest_forbidden_context']);
    // a visitor sees the users who published something: the administrator once it has
    await api.post('/events', ev(), { auth: true });
    const visitor = await api.get('/wp-json/wp/v2/users');
    expect(visitor.body.map((u: { id: number }) => u.id)).toEqual([1]);
    expect(visitor.body[0].username).toBeUndefined();
    const me = await api.get('/wp-json/wp/v2/users/me', as('u_author'));
    expect(me.body.id).toBe(ids.u_author);
  });

  it('deletes a user only with force and reassign; its posts go to the user named', async () => {
    const made = await api.post('/wp-json/wp/v2/users', {
      username: 'leaver',
      email: 'leaver@example.com',
      password: 'p',
      roles: ['author'],
    });
    const ap = await api.post(`/wp-json/wp/v2/users/${made.body.id}/application-passwords`, { name: 'x' });
    const auth = { headers: { authorization: basic('leaver', ap.body.password) } };
    const own = await api.req('POST', '/events', { json: ev(), ...auth });
    expect([own.status, own.body.author, own.body.status]).toEqual([201, String(made.body.id), 'publish']);
    const noReassign = await api.req('DELETE', `/wp-json/wp/v2/users/${made.body.id}`, {
      auth: true,
      query: { force: 'true' },
    });
    expect([noReassign.status, noReassign.body.code]).toEqual([400, 'rest_missing_callback_param']);
    const noForce = await api.req('DELETE', `/wp-json/wp/v2/users/${made.body.id}`, {
      auth: true,
      query: { reassign: 1 },
    });
    expect([noForce.status, noForce.body.code]).toEqual([501, 'rest_trash_not_supported']);
    const gone = await api.req('DELETE', `/wp-json/wp/v2/users/${made.body.id}`, {
      auth: true,
      query: { force: 'true', reassign: ids.u_editor as number },
    });
    expect([gone.status, gone.body.deleted, gone.body.previous.username]).toEqual([200, true, 'leaver']);
    const event = await api.get(`/events/${own.body.id}`, { auth: true });
    expect(event.body.author).toBe(String(ids.u_editor));
    // its application password signs in no more
    const after = await api.get('/events', auth);
    expect([after.status, after.body.code]).toEqual([401, 'invalid_username']);
  });
});

describe('application passwords', () => {
  it('are made, listed and revoked per user; a revoked one fails at once', async () => {
    const id = ids.u_subscriber as number;
    const made = await api.post(`/wp-json/wp/v2/users/${id}/application-passwords`, { name: 'second' });
    expect(made.status).toBe(201);
    expect(made.headers.get('location')).toBe(
      `${api.origin}/wp-json/wp/v2/users/${id}/application-passwords/${made.body.uuid}`,
    );
    expect(made.body.password).toMatch(/^(\w{4} ){5}\w{4}$/);
    const auth = { headers: { authorization: basic('u_subscriber', made.body.password) } };
    expect((await api.get('/wp-json/wp/v2/users/me', auth)).status).toBe(200);
    const list = await api.get('/wp-json/wp/v2/users/me/application-passwords', auth);
    expect(list.body.map((p: { name: string }) => p.name)).toEqual(['test', 'second']);
    expect(list.body[0].password).toBeUndefined();
    const dup = await api.post(`/wp-json/wp/v2/users/${id}/application-passwords`, { name: 'second' });
    expect([dup.status, dup.body.code]).toEqual([409, 'application_password_duplicate_name']);
    const other = await api.get(`/wp-json/wp/v2/users/${ids.u_author}/application-passwords`, auth);
    expect([other.status, other.body.code]).toEqual([403, 'rest_cannot_list_application_passwords']);
    const revoked = await api.req('DELETE', `/wp-json/wp/v2/users/${id}/application-passwords/${made.body.uuid}`, {
      auth: true,
    });
    expect([revoked.status, revoked.body.deleted]).toEqual([200, true]);
    const after = await api.get('/wp-json/wp/v2/users/me', auth);
    expect([after.status, after.body.code]).toEqual([401, 'incorrect_password']);
  });
});

describe('the plugin’s routes by role', () => {
  it('a contributor’s event waits for review; it may edit and delete its own draft, not an administrator’s event', async () => {
    const admin = await api.post('/events', ev(), { auth: true });
    const own = await api.req('POST', '/events', { json: ev({ status: 'publish' }), ...as('u_contributor') });
    expect([own.status, own.body.status]).toEqual([201, 'pending']);
    const draft = await api.req('POST', '/events', { json: ev({ status: 'draft' }), ...as('u_contributor') });
    const edit = await api.req('POST', `/events/${draft.body.id}`, {
      json: ev({ status: 'draft' }),
      ...as('u_contributor'),
    });
    expect(edit.status).toBe(200);
    const refused = await api.req('DELETE', `/events/${admin.body.id}`, as('u_contributor'));
    expect([refused.status, refused.body.code]).toEqual([403, 'rest_forbidden']);
    const put = await api.req('PUT', `/events/${admin.body.id}`, { json: ev(), ...as('u_contributor') });
    expect(put.status).toBe(403);
    // (rest_send_allow_header: only the methods it may use)
    const read = await api.get(`/events/${admin.body.id}`, as('u_contributor'));
    expect(read.headers.get('allow')).toBe('GET');
    const mine = await api.req('DELETE', `/events/${draft.body.id}`, as('u_contributor'));
    expect(mine.status).toBe(200);
  });

  it('an author publishes its own; an editor edits others’; a subscriber creates nothing', async () => {
    const byAuthor = await api.req('POST', '/events', { json: ev(), ...as('u_author') });
    expect([byAuthor.status, byAuthor.body.status]).toEqual([201, 'publish']);
    const editor = await api.req('POST', `/events/${byAuthor.body.id}`, { json: ev(), ...as('u_editor') });
    expect(editor.status).toBe(200);
    const sub = await api.req('POST', '/events', { json: ev(), ...as('u_subscriber') });
    expect([sub.status, sub.body.code]).toEqual([403, 'rest_forbidden']);
  });

  it('categories need publish_tribe_events, tags manage_categories', async () => {
    const cat = await api.req('POST', '/categories', { json: { name: 'By author' }, ...as('u_author') });
    expect(cat.status).toBe(201);
    const tag = await api.req('POST', '/tags', { json: { name: 'By author' }, ...as('u_author') });
    expect(tag.status).toBe(403);
    const byContributor = await api.req('POST', '/categories', { json: { name: 'Nope' }, ...as('u_contributor') });
    expect(byContributor.status).toBe(403);
    const byEditor = await api.req('POST', '/tags', { json: { name: 'By editor' }, ...as('u_editor') });
    expect(byEditor.status).toBe(201);
  });

  it('a user who may not edit events lists published ones only, and may not ask for other statuses', async () => {
    await api.post('/events', ev({ status: 'draft' }), { auth: true });
    const sub = await api.get('/events', { query: { status: 'draft' }, ...as('u_subscriber') });
    expect([sub.status, sub.body.code]).toEqual([400, 'rest_invalid_param']);
    const list = await api.get('/events', as('u_subscriber'));
    expect(list.body.events.every((e: { status: string }) => e.status === 'publish')).toBe(true);
  });
});

describe('core’s write routes of the plugin’s post types', () => {
  it('update an excerpt and a registered meta, create a draft, and check who may publish', async () => {
    const venue = await api.post('/venues', { venue: 'Hall' }, { auth: true });
    const excerpt = await api.post(`/wp-json/wp/v2/tribe_venue/${venue.body.id}`, { excerpt: 'Short' });
    expect([excerpt.status, excerpt.body.excerpt.raw]).toEqual([200, 'Short']);
    const event = await api.post('/events', ev({ venue: venue.body.id }), { auth: true });
    const unlinked = await api.post(`/wp-json/wp/v2/tribe_events/${event.body.id}`, { meta: { _EventVenueID: [0] } });
    expect(unlinked.body.meta._EventVenueID).toEqual([]);
    expect((await api.get(`/events/${event.body.id}`)).body.venue).toEqual([]);
    const created = await api.post('/wp-json/wp/v2/tribe_organizer', { title: 'Core made' });
    expect([created.status, created.body.status, created.body.title.raw]).toEqual([201, 'draft', 'Core made']);
    const publish = await api.req('POST', '/wp-json/wp/v2/tribe_events', {
      json: { title: 'x', status: 'publish' },
      ...as('u_contributor'),
    });
    expect([publish.status, publish.body.code]).toEqual([403, 'rest_cannot_publish']);
  });
});

describe('the site’s pages', () => {
  it('send the plugin’s discovery headers, narrowed on an event’s page; 404 where nothing is', async () => {
    const home = await api.req('HEAD', '/');
    expect(home.headers.get('x-tec-api-version')).toBe('v1');
    expect(home.headers.get('x-tec-api-root')).toBe(`${api.base}/`);
    const event = await api.post('/events', ev({ slug: 'open-day' }), { auth: true });
    const page = await api.fetch(`${api.origin}/event/open-day/`, { method: 'HEAD' });
    expect([page.status, page.headers.get('x-tec-api-root')]).toEqual([200, `${api.base}/events/${event.body.id}`]);
    const bare = await api.fetch(`${api.origin}/event/open-day`, { method: 'HEAD', redirect: 'manual' });
    expect([bare.status, bare.headers.get('location')]).toEqual([301, `${api.origin}/event/open-day/`]);
    const none = await api.fetch(`${api.origin}/tag/nothing-here/`);
    expect([none.status, none.headers.get('x-tec-api-version')]).toEqual([404, 'v1']);
  });
});
