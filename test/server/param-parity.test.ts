/**
 * Validation parity: every list parameter and every writable field of the catalog, sent with valid
 * and invalid values (param-parity.cases.ts), must meet the same answer from the embedded server as
 * from a real site: the same status, code, refused parameters and kind of refusal (the plugin's
 * validate callback, or WordPress's schema type check that runs after all callbacks passed).
 *
 * The real site's answers are recorded in test/fixtures/param-parity.json (statuses and codes only).
 * With CALCTL_REAL_URL/USER/PASSWORD set, the site is asked live instead, and
 * CALCTL_PARITY_RECORD=1 rewrites the recording from it. docs/fidelity/validation.md has the rules.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Api, basic, startCore } from '../helpers/core.js';
import { outcomeOf, type ParityCase, PLACEHOLDERS, parityCases, UNIQUE } from './param-parity.cases.js';

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'param-parity.json');
const realUrl = process.env.CALCTL_REAL_URL?.replace(/\/+$/, '').replace(/\/wp-json.*$/, '');
const live = Boolean(realUrl && process.env.CALCTL_REAL_USER && process.env.CALCTL_REAL_PASSWORD);
const record = live && process.env.CALCTL_PARITY_RECORD === '1';
const run = Date.now().toString(36);

interface Target {
  /** origin of the site */
  origin: string;
  auth: string;
  ids: Record<string, number>;
  /** what the cases made, by resource: deleted for good at the end (a real site keeps nothing) */
  made: [string, number][];
  /** how requests reach it (default: the global fetch; ours: the in-process core's) */
  fetch?: typeof fetch;
}

/** WordPress core's route of each resource, for deleting what a run made. */
const CORE_BASE: Record<string, string> = {
  events: 'tribe_events',
  venues: 'tribe_venue',
  organizers: 'tribe_organizer',
  categories: 'tribe_events_cat',
  tags: 'tags',
};

async function send(t: Target, method: string, path: string, body?: unknown, anonymous = false) {
  const headers: Record<string, string> = anonymous ? {} : { authorization: t.auth };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await (t.fetch ?? fetch)(`${t.origin}/wp-json/tribe/events/v1${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* kept null */
  }
  return { status: res.status, body: parsed as Record<string, unknown> | null };
}

/** The records the placeholders stand for, made on the target. */
async function seed(t: Target): Promise<void> {
  const made = async (path: string, body: Record<string, unknown>) => {
    const r = await send(t, 'POST', path, body);
    if (typeof r.body?.id === 'number') t.made.push([path.slice(1), r.body.id]);
    if (r.status !== 201 || typeof r.body?.id !== 'number') throw new Error(`seeding ${path}: ${r.status}`);
    return r.body.id as number;
  };
  t.ids.venue = await made('/venues', { venue: `Parity venue ${run}` });
  t.ids.organizer = await made('/organizers', { organizer: `Parity organizer ${run}` });
  t.ids.category = await made('/categories', { name: `parity-cat-${run}` });
  t.ids.tag = await made('/tags', { name: `parity-tag-${run}` });
  t.ids.event = await made('/events', {
    title: `Parity event ${run}`,
    start_date: '2027-04-01 10:00',
    end_date: '2027-04-01 11:00',
    venue: t.ids.venue,
    organizer: [t.ids.organizer],
    categories: [t.ids.category],
    tags: [t.ids.tag],
  });
}

let serial = 0;
function fill(value: unknown, t: Target): unknown {
  if (typeof value !== 'string') return value;
  if (value === UNIQUE) return `Parity ${run} ${++serial}`;
  const m = /^\{(\w+)\}$/.exec(value);
  return m && PLACEHOLDERS.includes(m[1] as (typeof PLACEHOLDERS)[number]) ? t.ids[m[1] as string] : value;
}

const BASE: Record<string, Record<string, unknown>> = {
  events: { title: 'Parity', start_date: '2027-05-01 10:00', end_date: '2027-05-01 11:00' },
  venues: { venue: 'Parity hall' },
  organizers: { organizer: 'Parity org' },
  categories: {},
  tags: {},
};

/** The outcome of one case on one target, signed in; list cases also anonymously. */
async function outcome(t: Target, c: ParityCase): Promise<string> {
  const value = fill(c.value, t);
  if (c.method === 'GET') {
    const q = `${encodeURIComponent(c.name)}=${encodeURIComponent(String(value))}&_fields=total`;
    const signed = await send(t, 'GET', `/${c.resource}?${q}`);
    const anon = await send(t, 'GET', `/${c.resource}?${q}`, undefined, true);
    return `${outcomeOf(signed.status, signed.body)} | anonymous ${outcomeOf(anon.status, anon.body)}`;
  }
  serial += 1;
  const body: Record<string, unknown> = { ...BASE[c.resource], [c.name]: value };
  // (terms need a name of their own per request, or the second one is a duplicate)
  if (c.resource === 'categories' || c.resource === 'tags') {
    if (c.name !== 'name') body.name = `parity-${run}-${serial}`;
  }
  const r = await send(t, 'POST', `/${c.resource}?_fields=id`, body);
  if (r.status < 300 && typeof r.body?.id === 'number') t.made.push([c.resource, r.body.id]);
  return outcomeOf(r.status, r.body);
}

const cases = parityCases();
const ours: Target = { origin: '', auth: basic('admin', ADMIN_PASSWORD), ids: {}, made: [] };
const real: Target | undefined = live
  ? {
      origin: realUrl as string,
      auth: basic(process.env.CALCTL_REAL_USER as string, process.env.CALCTL_REAL_PASSWORD as string),
      ids: {},
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
  // (the real site keeps none of the records the run made, deleted in the reverse order of making)
  for (const [resource, id] of real?.made.reverse() ?? []) {
    await fetch(`${real?.origin}/wp-json/wp/v2/${CORE_BASE[resource]}/${id}?force=true`, {
      method: 'DELETE',
      headers: { authorization: real?.auth ?? '' },
    });
  }
}, 600_000);

describe('validation parity with a real site', () => {
  it('covers every list parameter and writable field of the catalog', () => {
    expect(cases.length).toBeGreaterThan(400);
    const missing = cases.filter((c) => expected[c.key] === undefined).map((c) => c.key);
    expect(missing, 'cases without a recorded answer: run with CALCTL_PARITY_RECORD=1 and a real site').toEqual([]);
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
