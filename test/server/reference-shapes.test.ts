/**
 * Replays the records of ../shared/reference/real-site-responses on our server and compares key sets
 * (every nested object) and the values that do not depend on ids, hosts or the clock.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, startCore } from '../helpers/core.js';

const DIR = resolve(import.meta.dirname, '../../../shared/reference/real-site-responses');
const present = existsSync(DIR);
// biome-ignore lint/suspicious/noExplicitAny: recorded JSON
const recorded = (prefix: string): any => {
  const file = present
    ? (readFileSync(join(DIR, `${prefix}.txt`), 'utf8')
        .trim()
        .split('\n')
        .at(-1) ?? '{}')
    : '{}';
  return JSON.parse(file);
};

/** path → key list, for every object (arrays: their first element). */
function shape(v: unknown, path = '', out: Record<string, string[]> = {}): Record<string, string[]> {
  if (Array.isArray(v)) {
    if (v.length) shape(v[0], `${path}[0]`, out);
    else out[path] = ['<empty array>'];
  } else if (v && typeof v === 'object') {
    out[path || '<root>'] = Object.keys(v);
    for (const [k, x] of Object.entries(v)) shape(x, `${path}.${k}`, out);
  }
  return out;
}

let api: Api;
const DAY = '2027-02-05';
beforeAll(async () => {
  api = await startCore();
});
afterAll(async () => api?.stop());

describe.skipIf(!present)('recorded real-site responses', () => {
  // biome-ignore lint/suspicious/noExplicitAny: JSON
  let created: any;
  it('05 create event: same keys in the same order as the real site', async () => {
    const v = await api.post('/venues', {
      venue: 'City Arena',
      address: '1 Main St',
      city: 'Springfield',
      country: 'United States',
      zip: '12345',
    });
    const o = await api.post('/organizers', {
      organizer: 'Acme Events',
      phone: '555-0100',
      email: 'info@acme.example',
    });
    created = await api.post('/events', {
      title: 'Reference Concert',
      description: 'Evening concert used as a reference sample.',
      start_date: `${DAY} 19:00:00`,
      end_date: `${DAY} 21:30:00`,
      cost: '25',
      website: 'https://example.com/concert',
      venue: v.body.id,
      organizer: [o.body.id],
      categories: ['Concerts'],
      tags: ['evening'],
    });
    expect(created.status).toBe(201);
    expect(shape(created.body)).toEqual(shape(recorded('05-post-create-event')));
  });

  it('03 single event: keys (json_ld included) and json_ld values', async () => {
    const r = await api.get(`/events/${created.body.id}`);
    const ref = recorded('03-single-event');
    expect(shape(r.body)).toEqual(shape(ref));
    const strip = (j: Record<string, unknown>) => {
      const { organizer, offers, startDate, endDate, url, ...rest } = j;
      return rest;
    };
    expect(strip(r.body.json_ld)).toEqual(strip(ref.json_ld));
    expect(r.body.json_ld.startDate).toBe(`${DAY}T19:00:00+00:00`);
    expect(r.body.json_ld.offers).toMatchObject({ price: '25', priceCurrency: 'USD', category: 'primary' });
    expect({ ...r.body.venue.json_ld }).toEqual(ref.venue.json_ld);
    const { email, ...org } = r.body.organizer[0].json_ld;
    const { email: _e, ...refOrg } = ref.organizer[0].json_ld;
    expect(org).toEqual(refOrg);
    expect(
      String(email).replace(/&#(x?)([0-9a-f]+);/gi, (_m, x, n) => String.fromCharCode(Number.parseInt(n, x ? 16 : 10))),
    ).toBe('info@acme.example');
  });

  it('09/10/11 lists: same body keys and item keys', async () => {
    for (const [path, ref] of [
      ['/venues', '09-venues-list'],
      ['/organizers', '10-organizers-list'],
      ['/categories', '11-categories-list'],
    ] as const) {
      const r = await api.get(path);
      const s = shape(r.body);
      const want = shape(recorded(ref));
      expect(s['<root>']).toEqual(want['<root>']);
      const item = path.slice(1);
      expect(Object.keys(r.body[item][0]).filter((k) => k in recorded(ref)[item][0])).toEqual(
        Object.keys(recorded(ref)[item][0]),
      );
    }
  });

  it('12 delete event, 13 trashed 403, 14 delete again 410, 04c non-existent id, 08 missing fields', async () => {
    const d = await api.req('DELETE', `/events/${created.body.id}`, { auth: true });
    const ref = recorded('12-delete-event');
    expect(shape(d.body)['<root>']).toEqual(shape(ref)['<root>']);
    expect(d.body.url).toBe(`${api.origin}/?post_type=tribe_events&p=${created.body.id}`);
    expect(d.body.website).toBe(d.body.website === ref.website ? ref.website : 'https://example.com/concert');
    const g = await api.get(`/events/${created.body.id}`);
    expect({ code: g.body.code, data: g.body.data }).toEqual({
      code: recorded('13-get-trashed-event-403').code,
      data: recorded('13-get-trashed-event-403').data,
    });
    const again = await api.req('DELETE', `/events/${created.body.id}`, { auth: true });
    expect(again.body.data).toEqual(recorded('14-delete-again-410').data);
    expect(again.body.code).toBe(recorded('14-delete-again-410').code);
    const n = await api.get('/events/999999');
    expect(n.body.data).toEqual(recorded('04c-error-400-nonexistent-event-id').data);
    const m = await api.req('POST', '/events', { json: {} });
    expect(m.body.data).toEqual(recorded('08-post-validation-error').data);
    const nr = await api.get('/nope');
    expect(nr.body.data).toEqual(recorded('04b-error-404-no-route').data);
    const un = await api.req('POST', '/events', { json: { title: 'x', start_date: DAY, end_date: DAY } });
    expect(un.body.data).toEqual(recorded('07-post-unauthenticated').data);
  });

  it('01 root: the same routes, methods and argument names', async () => {
    const r = await api.get('');
    const ref = recorded('01-root');
    expect(Object.keys(r.body.routes)).toEqual(Object.keys(ref.routes));
    for (const [k, v] of Object.entries(ref.routes) as [
      string,
      { methods: string[]; endpoints: { args: object }[] },
    ][]) {
      expect(r.body.routes[k].methods, k).toEqual(v.methods);
      expect(
        r.body.routes[k].endpoints.map((e: { args: object }) => Object.keys(e.args)),
        k,
      ).toEqual(v.endpoints.map((e) => Object.keys(e.args)));
      // Every argument: the same schema keywords and values, descriptions and clock-based defaults aside.
      const strip = (args: Record<string, Record<string, unknown>>) =>
        Object.fromEntries(
          Object.entries(args).map(([n, a]) => {
            const { description, ...rest } = a;
            if (n === 'start_date' || n === 'end_date') delete rest.default;
            return [n, { ...rest, hasDescription: description !== undefined }];
          }),
        );
      r.body.routes[k].endpoints.forEach((e: { args: Record<string, Record<string, unknown>> }, i: number) => {
        const want = (v.endpoints[i] as unknown as { args: Record<string, Record<string, unknown>> }).args;
        expect(strip(e.args), `${k} #${i}`).toEqual(strip(Array.isArray(want) ? {} : want));
      });
    }
  });
});
