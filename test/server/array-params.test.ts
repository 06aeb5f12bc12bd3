/**
 * Array parity: list filters and writes with PHP-style arrays (`status[0]=publish`, `organizer[0]=12`,
 * `venue[venue]=…`, `cost[1]=…`), sent in the query string, a form body, a multipart body and JSON
 * (array-params.cases.ts), must meet the same answer from the embedded server as from a real site:
 * the status, the error code and refused parameters, and for writes the categories, tags, venue,
 * organizers and cost the event ends with; for lists the records listed.
 *
 * The real site's answers are recorded in test/fixtures/array-params.json. With CALCTL_REAL_URL/USER/
 * PASSWORD set, the site is asked live instead, and CALCTL_ARRAYS_RECORD=1 rewrites the recording from
 * it. Everything a run makes on a real site is deleted for good afterwards. docs/fidelity/parameters.md
 * has the rules.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Api, basic, startCore } from '../helpers/core.js';
import { type ArrayCase, arrayCases, arrayOutcome } from './array-params.cases.js';

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'array-params.json');
const realUrl = process.env.CALCTL_REAL_URL?.replace(/\/+$/, '').replace(/\/wp-json.*$/, '');
const live = Boolean(realUrl && process.env.CALCTL_REAL_USER && process.env.CALCTL_REAL_PASSWORD);
const record = live && process.env.CALCTL_ARRAYS_RECORD === '1';
const stamp = `arr${Date.now().toString(36)}`;

interface Target {
  origin: string;
  auth: string;
  ids: Record<string, number>;
  slugs: Record<string, string>;
  /** WordPress core routes and ids of what the run made, deleted for good at the end */
  made: [string, number][];
  /** how requests reach it (default: the global fetch; ours: the in-process core's) */
  fetch?: typeof fetch;
}

type Json = Record<string, unknown>;

async function call(t: Target, c: Pick<ArrayCase, 'method' | 'path'>, init: RequestInit & { anonymous?: boolean }) {
  const headers = new Headers(init.headers);
  if (!init.anonymous) headers.set('authorization', t.auth);
  const res = await (t.fetch ?? fetch)(`${t.origin}/wp-json/tribe/events/v1${c.path}`, {
    ...init,
    method: c.method,
    headers,
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    /* kept null */
  }
  return { status: res.status, body: body as Json | null };
}

async function make(t: Target, path: string, core: string, body: Json): Promise<Json> {
  const r = await call(
    t,
    { method: 'POST', path },
    {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  if (r.status !== 201 || typeof r.body?.id !== 'number') throw new Error(`seeding ${path}: ${r.status}`);
  t.made.push([core, r.body.id]);
  return r.body;
}

/** The records the placeholders name, made on the target. */
async function seed(t: Target): Promise<void> {
  const keep = (name: string, rec: Json) => {
    t.ids[name] = rec.id as number;
    t.slugs[name] = String(rec.slug ?? '');
  };
  keep('venue', await make(t, '/venues', 'tribe_venue', { venue: `Arr venue ${stamp}` }));
  await make(t, '/venues', 'tribe_venue', { venue: `Arr draft venue ${stamp}`, status: 'draft' });
  keep('org1', await make(t, '/organizers', 'tribe_organizer', { organizer: `Arr org one ${stamp}` }));
  keep('org2', await make(t, '/organizers', 'tribe_organizer', { organizer: `Arr org two ${stamp}` }));
  await make(t, '/organizers', 'tribe_organizer', { organizer: `Arr draft org ${stamp}`, status: 'draft' });
  keep('cat1', await make(t, '/categories', 'tribe_events_cat', { name: `Arr cat one ${stamp}` }));
  keep('cat2', await make(t, '/categories', 'tribe_events_cat', { name: `Arr cat two ${stamp}` }));
  keep('tag1', await make(t, '/tags', 'tags', { name: `Arr tag one ${stamp}` }));
  keep('tag2', await make(t, '/tags', 'tags', { name: `Arr tag two ${stamp}` }));
  const event = (title: string, status: string, more: Json) =>
    make(t, '/events', 'tribe_events', {
      title: `${title} ${stamp}`,
      status,
      start_date: '2027-06-01 10:00',
      end_date: '2027-06-01 11:00',
      ...more,
    });
  const { ids } = t;
  keep(
    'ev1',
    await event('Arr one', 'publish', {
      categories: [ids.cat1],
      tags: [ids.tag1],
      venue: ids.venue,
      organizer: [ids.org1],
    }),
  );
  keep('ev2', await event('Arr two', 'draft', { categories: [ids.cat2], tags: [ids.tag2], organizer: [ids.org2] }));
  keep('ev3', await event('Arr three', 'pending', { categories: [ids.cat1], tags: [ids.tag2], organizer: [ids.org1] }));
}

function fill(value: string, t: Target): string {
  return value
    .replace(/\{(\w+)\.slug\}/g, (_, n: string) => t.slugs[n] ?? '')
    .replace(/\{(\w+)\}/g, (_, n: string) => String(t.ids[n] ?? ''))
    .replace(/~/g, stamp);
}

let serial = 0;

/** The records a write made besides the event (inline venues, organizers and terms), to delete later. */
function noteMade(t: Target, body: Json): void {
  t.made.push(['tribe_events', body.id as number]);
  const seeded = new Set(Object.values(t.ids));
  const venue = body.venue as Json | unknown[];
  if (venue && !Array.isArray(venue) && !seeded.has(venue.id as number))
    t.made.push(['tribe_venue', venue.id as number]);
  for (const o of (body.organizer ?? []) as Json[])
    if (!seeded.has(o.id as number)) t.made.push(['tribe_organizer', o.id as number]);
  for (const c of (body.categories ?? []) as Json[])
    if (!seeded.has(c.id as number)) t.made.push(['tribe_events_cat', c.id as number]);
  for (const g of (body.tags ?? []) as Json[]) if (!seeded.has(g.id as number)) t.made.push(['tags', g.id as number]);
}

async function outcome(t: Target, c: ArrayCase): Promise<string> {
  const pairs = (c.pairs ?? []).map(([k, v]) => [k, fill(v, t)] as [string, string]);
  const encode = (list: [string, string][]) =>
    list.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  let r: Awaited<ReturnType<typeof call>>;
  if (c.method === 'GET') {
    const scoped =
      c.path === '/categories' || c.path === '/tags' ? pairs : [...pairs, ['search', stamp] as [string, string]];
    r = await call(t, { method: 'GET', path: `${c.path}?${encode(scoped)}` }, { anonymous: c.anonymous === true });
  } else {
    serial += 1;
    const base: [string, string][] = [
      ['title', `Arr write ${stamp} ${serial}`],
      ['start_date', '2027-06-02 10:00'],
      ['end_date', '2027-06-02 11:00'],
    ];
    if (c.encoding === 'form') {
      r = await call(t, c, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: encode([...base, ...pairs]),
      });
    } else if (c.encoding === 'multipart') {
      const form = new FormData();
      for (const [k, v] of [...base, ...pairs]) form.append(k, v);
      r = await call(t, c, { body: form });
    } else {
      const body = JSON.parse(fill(JSON.stringify(c.json ?? {}), t)) as Json;
      r = await call(t, c, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...Object.fromEntries(base), ...body }),
      });
    }
    if (r.status === 201 && r.body) noteMade(t, r.body);
  }
  return arrayOutcome(c, r.status, r.body, t.ids).split(stamp).join('~');
}

const cases = arrayCases();
const ours: Target = { origin: '', auth: basic('admin', ADMIN_PASSWORD), ids: {}, slugs: {}, made: [] };
const real: Target | undefined = live
  ? {
      origin: realUrl as string,
      auth: basic(process.env.CALCTL_REAL_USER as string, process.env.CALCTL_REAL_PASSWORD as string),
      ids: {},
      slugs: {},
      made: [],
    }
  : undefined;
let api: Api;
let expected: Record<string, string> = {};

beforeAll(async () => {
  api = await startCore();
  ours.origin = api.origin;
  ours.fetch = api.fetch;
  await seed(ours);
  if (real) {
    await seed(real);
    for (const c of cases) expected[c.key] = await outcome(real, c);
    if (record) writeFileSync(FIXTURE, `${JSON.stringify(expected, null, 2)}\n`);
  } else {
    expected = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, string>;
  }
}, 600_000);

afterAll(async () => {
  await api?.stop();
  // (the real site keeps nothing the run made: events first, then what they linked to)
  const order = ['tribe_events', 'tribe_venue', 'tribe_organizer', 'tribe_events_cat', 'tags'];
  const made = [...(real?.made ?? [])].sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]));
  for (const [core, id] of made) {
    await fetch(`${real?.origin}/wp-json/wp/v2/${core}/${id}?force=true`, {
      method: 'DELETE',
      headers: { authorization: real?.auth ?? '' },
    });
  }
}, 600_000);

describe('PHP-style arrays answered as a real site answers them', () => {
  it('has a recorded answer for every case', () => {
    const missing = cases.filter((c) => expected[c.key] === undefined).map((c) => c.key);
    expect(missing, 'cases without a recorded answer: run with CALCTL_ARRAYS_RECORD=1 and a real site').toEqual([]);
  });

  it('answers every case as the site does', async () => {
    const differ: string[] = [];
    for (const c of cases) {
      const got = await outcome(ours, c);
      if (got !== expected[c.key]) differ.push(`${c.key}\n    site: ${expected[c.key]}\n    ours: ${got}`);
    }
    expect(differ.join('\n')).toBe('');
  }, 120_000);
});
