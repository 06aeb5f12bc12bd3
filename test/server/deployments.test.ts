/**
 * `calctl serve` playing a deployment (issue 26): plain permalinks, WordPress in a folder, the site's
 * language. The URL forms are the ones a real plain-permalink site writes (recorded on the reference
 * site with plain permalinks, WordPress 7.0 + TEC 6.16.5); descriptions follow the site's locale while
 * names, types and defaults do not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, translated } from '../../src/catalog/index.js';
import { type RunningServer, startServer } from '../../src/server/start.js';

const PASSWORD = 'test pass word 1234 abcd';
const auth = { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` };
type Rec = Record<string, unknown>;

// (one clock for both sites: the advertised list defaults hold the time of day)
const now = () => new Date('2030-06-01T12:00:00Z');
let plain: RunningServer;
let pretty: RunningServer;
let english: RunningServer;
beforeAll(async () => {
  plain = await startServer({
    dataDir: ':memory:',
    port: 0,
    adminPassword: PASSWORD,
    permalinks: 'plain',
    basePath: '/blog',
    locale: 'fr_FR',
    perPage: 1,
    now,
  });
  pretty = await startServer({ dataDir: ':memory:', port: 0, adminPassword: PASSWORD, basePath: '/blog' });
  english = await startServer({ dataDir: ':memory:', port: 0, adminPassword: PASSWORD, perPage: 1, now });
});
afterAll(async () => {
  await Promise.all([plain?.close(), pretty?.close(), english?.close()]);
});

const send = async (url: string, method = 'GET', body?: unknown) => {
  const res = await fetch(url, {
    method,
    headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) as Rec };
};
const event = (title: string, day: number) => ({
  title,
  start_date: `2031-01-0${day} 10:00:00`,
  end_date: `2031-01-0${day} 11:00:00`,
  categories: ['Music'],
});

describe('plain permalinks in a folder', () => {
  it('announces index.php?rest_route=/ and prints it as the base URL', async () => {
    expect(plain.baseUrl).toBe(`${plain.origin}/blog/index.php?rest_route=/tribe/events/v1`);
    const home = await send(`${plain.origin}/blog/`, 'HEAD');
    expect(home.status).toBe(200);
    expect(home.headers.get('link')).toBe(`<${plain.origin}/blog/index.php?rest_route=/>; rel="https://api.w.org/"`);
  });

  it('serves the API only at ?rest_route=; /wp-json/ is a page of the site, and nothing outside the folder', async () => {
    const index = await send(`${plain.origin}/blog/?rest_route=/`);
    expect(index.json()).toMatchObject({ url: `${plain.origin}/blog`, home: `${plain.origin}/blog` });
    const wpJson = await send(`${plain.origin}/blog/wp-json/tribe/events/v1/events`);
    expect(wpJson.status).toBe(200);
    expect(wpJson.headers.get('content-type')).toMatch(/^text\/html/);
    expect(wpJson.headers.get('link')).toContain('/blog/index.php?rest_route=/');
    expect((await send(`${plain.origin}/index.php?rest_route=/`)).status).toBe(404);
  });

  it('writes records, lists and links in the plain forms, below the folder', async () => {
    const base = `${plain.origin}/blog/index.php?rest_route=`;
    const a = (await send(`${base}/tribe/events/v1/events`, 'POST', event('Plain one', 1))).json();
    await send(`${base}/tribe/events/v1/events`, 'POST', event('Plain two', 2));
    expect(a).toMatchObject({
      url: `${plain.origin}/blog/?tribe_events=plain-one`,
      rest_url: `${base}/tribe/events/v1/events/${a.id}`,
      global_id: `127.0.0.1/blog?id=${a.id}`,
    });
    const cat = (a.categories as Rec[])[0] as Rec;
    expect(cat.urls).toEqual({
      self: `${base}/tribe/events/v1/categories/${cat.id}`,
      collection: `${base}/tribe/events/v1/categories`,
    });
    const list = (await send(`${base}/tribe/events/v1/events&start_date=2031-01-01&end_date=2031-01-31`)).json();
    expect(list.rest_url).toBe(
      `${plain.origin}/blog/index.php?rest_route=%2Ftribe%2Fevents%2Fv1%2Fevents%2F&page=1&per_page=1&start_date=2031-01-01 00:00:00&end_date=2031-01-31 23:59:59&status=any`,
    );
    expect(String(list.next_rest_url)).toMatch(/index\.php\?rest_route=%2Ftribe%2Fevents%2Fv1%2Fevents%2F&.*&page=2$/);
    const terms = (await send(`${base}/tribe/events/v1/categories`)).json();
    expect((terms.categories as Rec[])[0]).toMatchObject({ url: `${plain.origin}/blog/?tribe_events_cat=music` });
    const core = await send(`${base}/wp/v2/tribe_events&per_page=1`);
    expect(core.headers.get('link')).toBe(
      `<${plain.origin}/blog/index.php?rest_route=%2Fwp%2Fv2%2Ftribe_events&per_page=1&page=2>; rel="next"`,
    );
    const post = (core.json() as unknown as Rec[])[0] as Rec;
    expect(post.link).toMatch(new RegExp(`^${plain.origin}/blog/\\?tribe_events=plain-`));
    expect((post._links as Rec).self).toEqual([
      expect.objectContaining({ href: `${base}/wp/v2/tribe_events/${post.id}` }),
    ]);
    expect(((post._links as Rec)['wp:attachment'] as Rec[])[0]).toEqual({
      href: `${plain.origin}/blog/index.php?rest_route=%2Fwp%2Fv2%2Fmedia&parent=${post.id}`,
    });
  });

  it('takes batched writes at ?rest_route=/batch/v1', async () => {
    const res = await send(`${plain.origin}/blog/index.php?rest_route=/batch/v1`, 'POST', {
      requests: [
        { method: 'POST', path: '/wp/v2/tribe_events', body: { title: 'Plain batch', status: 'publish' } },
        { method: 'POST', path: '/tribe/events/v1/events', body: event('Plain batch', 3) },
      ],
    });
    expect(res.status).toBe(207);
    // (core's route and, by default here, the plugin's run: see docs/fidelity/permissions.md)
    expect(res.json()).toMatchObject({ responses: [{ status: 201 }, { status: 201 }] });
  });
});

describe('pretty permalinks in a folder', () => {
  it('serves /blog/wp-json/ and writes every URL below the folder', async () => {
    expect(pretty.baseUrl).toBe(`${pretty.origin}/blog/wp-json/tribe/events/v1`);
    const created = (await send(`${pretty.baseUrl}/events`, 'POST', event('Folder one', 1))).json();
    expect(created).toMatchObject({
      url: `${pretty.origin}/blog/event/folder-one/`,
      rest_url: `${pretty.origin}/blog/wp-json/tribe/events/v1/events/${created.id}`,
    });
    expect(
      (await send(`${pretty.origin}/blog/?rest_route=/tribe/events/v1/events/${created.id}`)).json(),
    ).toMatchObject({
      id: created.id,
    });
    expect((await send(`${pretty.origin}/wp-json/tribe/events/v1/events`)).status).toBe(404);
  });
});

describe("the site's language", () => {
  const args = async (server: RunningServer, ns: string) => {
    const index = (await send(server.baseUrl.replace('tribe/events/v1', ns))).json();
    const out: Record<string, Rec> = {};
    for (const [route, r] of Object.entries(index.routes as Record<string, Rec>))
      for (const [i, e] of (r.endpoints as Rec[]).entries())
        for (const [name, a] of Object.entries((e.args as Record<string, Rec>) ?? {})) out[`${route} ${i} ${name}`] = a;
    return out;
  };

  it.each(['tribe/events/v1', 'tec/v1'])(
    'describes every parameter of %s in French on a fr_FR site, names, types and defaults unchanged',
    async (ns) => {
      const fr = await args(plain, ns);
      const en = await args(english, ns);
      expect(Object.keys(en).length).toBeGreaterThan(50);
      expect(Object.keys(fr)).toEqual(Object.keys(en));
      const strip = (a: Rec) => ({ ...a, description: undefined });
      for (const key of Object.keys(en)) {
        const e = en[key] as Rec;
        const f = fr[key] as Rec;
        expect(strip(f), key).toEqual(strip(e));
        if (typeof e.description !== 'string') continue;
        expect(translated('fr_FR').has(e.description), `no French for "${e.description}" (${key})`).toBe(true);
        expect(f.description).toBe(message('fr_FR', e.description));
      }
    },
  );

  it('describes its routes, their parameters and answers in French in /doc, nothing else changed', async () => {
    const en = (await send(`${english.baseUrl}/doc`)).json().paths;
    const fr = (await send(`${plain.baseUrl}/doc`)).json().paths;
    const missing: string[] = [];
    const toFrench = (v: unknown, key = ''): unknown => {
      if (Array.isArray(v)) return v.map((x) => toFrench(x, key));
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toFrench(x, k)]));
      if ((key === 'description' || key === 'summary') && typeof v === 'string') {
        if (!translated('fr_FR').has(v)) missing.push(v);
        return message('fr_FR', v);
      }
      return v;
    };
    expect(fr).toEqual(toFrench(en));
    expect(missing).toEqual([]);
  });

  it('reports its language where WordPress does (settings)', async () => {
    const settings = (await send(`${plain.origin}/blog/index.php?rest_route=/wp/v2/settings`)).json();
    expect(settings).toMatchObject({ language: 'fr_FR', posts_per_page: 1 });
    expect((await send(`${english.origin}/wp-json/wp/v2/settings`)).json()).toMatchObject({ language: 'en_US' });
  });
});
