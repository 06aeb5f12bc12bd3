/**
 * What the caller's role decides on the media library and in stored text, over real HTTP: uploading
 * needs `upload_files` (an author may, a contributor or a subscriber may not), another user's attachment
 * needs `edit_others_posts` / `delete_others_posts` (and an item's `Allow` says so), titles and contents
 * are kept as sent only for `unfiltered_html` (an editor, not an author), and core's post writes take
 * `featured_media` as core's handle_featured_media does.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Api, basic, ev, startCore } from '../helpers/core.js';
import { addRoleUsers } from '../helpers/role-users.js';

let api: Api;
let jpeg: Buffer;
const creds: Record<string, string> = { admin: ADMIN_PASSWORD };

const authOf = (who: string) => basic(who, creds[who] as string);
const as = (who: string) => ({ headers: { authorization: authOf(who) } });

/** Uploads a JPEG as a raw body, as `who` (or a visitor). */
async function upload(who: string | null, name = 'photo.jpg') {
  const headers: Record<string, string> = {
    'content-type': 'image/jpeg',
    'content-disposition': `attachment; filename="${name}"`,
  };
  if (who) headers.authorization = authOf(who);
  const res = await api.fetch(`${api.origin}/wp-json/wp/v2/media`, { method: 'POST', headers, body: jpeg });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  api = await startCore();
  jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c63' } })
    .jpeg()
    .toBuffer();
  const made = await addRoleUsers(api, 'm', ['editor', 'author', 'contributor', 'subscriber']);
  Object.assign(creds, made.creds);
}, 60_000);
afterAll(async () => {
  await api.stop();
});

describe('the media library by role', () => {
  it('lets an administrator, an editor and an author upload; refuses a contributor, a subscriber, a visitor', async () => {
    for (const who of ['admin', 'm_editor', 'm_author']) expect((await upload(who)).status, who).toBe(201);
    for (const who of ['m_contributor', 'm_subscriber']) {
      const r = await upload(who);
      expect([r.status, r.body.code], who).toEqual([403, 'rest_cannot_create']);
    }
    const anon = await upload(null);
    expect([anon.status, anon.body.code]).toEqual([401, 'rest_cannot_create']);
  });

  it('lets an author change and delete its own upload only; an editor may change anyone’s', async () => {
    const admins = (await upload('admin')).body.id as number;
    const authors = (await upload('m_author')).body.id as number;
    const own = await api.get(`/wp-json/wp/v2/media/${authors}`, as('m_author'));
    expect(own.headers.get('allow')).toBe('GET, POST, PUT, PATCH, DELETE');
    const other = await api.get(`/wp-json/wp/v2/media/${admins}`, as('m_author'));
    expect([other.status, other.headers.get('allow')]).toEqual([200, 'GET']);
    const edit = await api.req('GET', `/wp-json/wp/v2/media/${admins}`, {
      ...as('m_author'),
      query: { context: 'edit' },
    });
    expect([edit.status, edit.body.code]).toEqual([403, 'rest_forbidden_context']);
    const change = await api.req('POST', `/wp-json/wp/v2/media/${admins}`, { ...as('m_author'), json: { title: 'x' } });
    expect([change.status, change.body.code]).toEqual([403, 'rest_cannot_edit']);
    const remove = await api.req('DELETE', `/wp-json/wp/v2/media/${admins}`, {
      ...as('m_author'),
      query: { force: 'true' },
    });
    expect([remove.status, remove.body.code]).toEqual([403, 'rest_cannot_delete']);
    const mine = await api.req('POST', `/wp-json/wp/v2/media/${authors}`, {
      ...as('m_author'),
      json: { title: 'Mine' },
    });
    expect([mine.status, mine.body.title.raw]).toEqual([200, 'Mine']);
    const editor = await api.req('POST', `/wp-json/wp/v2/media/${admins}`, {
      ...as('m_editor'),
      json: { title: 'Ed' },
    });
    expect([editor.status, editor.body.title.raw]).toEqual([200, 'Ed']);
    const gone = await api.req('DELETE', `/wp-json/wp/v2/media/${authors}`, {
      ...as('m_author'),
      query: { force: 'true' },
    });
    expect([gone.status, gone.body.deleted]).toEqual([200, true]);
  });
});

describe('HTML as sent, by unfiltered_html', () => {
  const raw = '<script>alert(1)</script><b>Bold</b> night';

  it('keeps an editor’s script on the plugin’s and core’s writes, filters an author’s', async () => {
    const seen: Record<string, { title: string; content: string }> = {};
    for (const who of ['m_editor', 'm_author']) {
      const tribe = await api.req('POST', '/events', { ...as(who), json: ev({ title: raw, description: raw }) });
      expect(tribe.status, tribe.text).toBe(201);
      const core = await api.req('POST', '/wp-json/wp/v2/tribe_venue', {
        ...as(who),
        json: { title: raw, content: raw, status: 'publish' },
      });
      expect(core.status, core.text).toBe(201);
      const event = await api.req('GET', `/wp-json/wp/v2/tribe_events/${tribe.body.id}`, {
        ...as(who),
        query: { context: 'edit' },
      });
      seen[`${who} event`] = { title: event.body.title.raw, content: event.body.content.raw };
      seen[`${who} venue`] = { title: core.body.title.raw, content: core.body.content.raw };
    }
    for (const what of ['m_editor event', 'm_editor venue']) {
      expect(seen[what]?.title, what).toBe(raw);
      expect(seen[what]?.content, what).toBe(raw);
    }
    for (const what of ['m_author event', 'm_author venue']) {
      expect(seen[what]?.title, what).not.toContain('<script>');
      expect(seen[what]?.content, what).not.toContain('<script>');
      expect(seen[what]?.content, what).toContain('<b>Bold</b> night');
    }
  });
});

describe('featured_media on core’s post writes', () => {
  it('takes an image of the library, removes it with 0, refuses an id that is not an image', async () => {
    const image = (await upload('admin', 'cover.jpg')).body.id as number;
    const made = await api.post('/wp-json/wp/v2/tribe_events', { title: 'With a cover', featured_media: image });
    expect([made.status, made.body.featured_media]).toEqual([201, image]);
    const id = made.body.id as number;
    const refused = await api.post(`/wp-json/wp/v2/tribe_events/${id}`, { featured_media: id });
    expect([refused.status, refused.body.code]).toEqual([400, 'rest_invalid_featured_media']);
    expect((await api.get(`/wp-json/wp/v2/tribe_events/${id}`, { auth: true })).body.featured_media).toBe(image);
    const cleared = await api.post(`/wp-json/wp/v2/tribe_events/${id}`, { featured_media: 0 });
    expect([cleared.status, cleared.body.featured_media]).toEqual([200, 0]);
  });
});
