/**
 * The probes of the text fidelity test and the one routine that runs them on a target (a real site,
 * or the embedded server): every corpus string is written through `tribe/events/v1` into every text
 * field of the five resources, and the answers are read back field by field from the plugin's own
 * answer, WordPress core's `wp/v2` routes (`context=edit`: what is stored, and its rendered form) and
 * `tec/v1`. Names get a stamp of the run in front: venues and organizers are merged with an existing
 * one of the same name, and term names must be unique.
 */
import { COST_CORPUS, NAME_LENGTHS, TEXT_CORPUS } from './text-fidelity.corpus.js';

export type Resource = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';

export interface Probe {
  /** `venues/apostrophe` */
  key: string;
  resource: Resource;
  /** the body sent; `{venues/apostrophe}` stands for the id the target gave that probe's record */
  send: Record<string, unknown>;
}

/** What a target answered to one probe: dotted paths (`tribe title`, `core meta._EventCost`) → value. */
export type Answers = Record<string, unknown>;

export interface Target {
  origin: string;
  auth: string;
  /** every record made, to delete for good afterwards */
  made: [Resource, number][];
  /** how requests reach it (default: the global fetch; ours: the in-process core's) */
  fetch?: typeof fetch;
}

/** WordPress core's route of each resource. */
export const CORE_BASE: Record<Resource, string> = {
  events: 'tribe_events',
  venues: 'tribe_venue',
  organizers: 'tribe_organizer',
  categories: 'tribe_events_cat',
  tags: 'tags',
};

/** The acknowledgement `tec/v1` wants in `X-TEC-EEA` (the plugin's sentence). */
const TEC_ACK =
  'I understand that this endpoint is experimental and may change in a future release without maintaining backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not provided for it.';

/** Answer fields read per resource and route. */
const READ: Record<Resource, { tribe: string[]; core: string[]; tec: string[] }> = {
  events: {
    tribe: [
      'title',
      'description',
      'excerpt',
      'slug',
      'cost',
      'cost_details',
      'venue.venue',
      'venue.address',
      'venue.city',
      'organizer.0.organizer',
      'organizer.0.phone',
      'categories.0.name',
      'categories.0.description',
      'categories.0.slug',
      'tags.0.name',
      'tags.0.description',
    ],
    core: [
      'title.raw',
      'title.rendered',
      'content.raw',
      'content.rendered',
      'excerpt.raw',
      'excerpt.rendered',
      'slug',
      'meta._EventCost',
      'meta._EventCurrencySymbol',
      'meta._EventCurrencyPosition',
    ],
    tec: ['title.rendered', 'content.rendered', 'excerpt.rendered', 'cost'],
  },
  venues: {
    tribe: [
      'venue',
      'description',
      'slug',
      'address',
      'city',
      'country',
      'province',
      'state',
      'zip',
      'phone',
      'stateprovince',
    ],
    core: [
      'title.raw',
      'title.rendered',
      'content.raw',
      'content.rendered',
      'slug',
      'meta._VenueAddress',
      'meta._VenueCity',
      'meta._VenueCountry',
      'meta._VenueProvince',
      'meta._VenueState',
      'meta._VenueZip',
      'meta._VenuePhone',
      'meta._VenueStateProvince',
    ],
    tec: ['title.rendered', 'content.rendered', 'address', 'city', 'country', 'state_province', 'zip', 'phone'],
  },
  organizers: {
    tribe: ['organizer', 'description', 'slug', 'phone'],
    core: ['title.raw', 'title.rendered', 'content.raw', 'content.rendered', 'slug', 'meta._OrganizerPhone'],
    tec: ['title.rendered', 'content.rendered', 'phone'],
  },
  categories: { tribe: ['name', 'description', 'slug'], core: ['name', 'description', 'slug'], tec: [] },
  tags: { tribe: ['name', 'description', 'slug'], core: ['name', 'description', 'slug'], tec: [] },
};

const LETTER: Record<Resource, string> = { events: 'e', venues: 'v', organizers: 'o', categories: 'c', tags: 't' };

/** The probes of one run; `run` stamps the names. */
export function buildProbes(run: string): Probe[] {
  const probes: Probe[] = [];
  const texts = Object.entries(TEXT_CORPUS);
  const name = (r: Resource, i: number, text: string) => `zt${run}${LETTER[r]}${i} ${text}`;
  texts.forEach(([key, text], i) => {
    for (const r of ['categories', 'tags'] as const)
      probes.push({ key: `${r}/${key}`, resource: r, send: { name: name(r, i, text), description: text } });
    const venue: Record<string, unknown> = { venue: name('venues', i, text), description: text };
    for (const f of ['address', 'city', 'country', 'province', 'state', 'zip', 'phone']) venue[f] = text;
    probes.push({ key: `venues/${key}`, resource: 'venues', send: venue });
    probes.push({
      key: `organizers/${key}`,
      resource: 'organizers',
      send: { organizer: name('organizers', i, text), description: text, phone: text },
    });
  });
  for (const { key, length, unit } of NAME_LENGTHS) {
    for (const r of ['categories', 'tags'] as const) {
      const prefix = `zt${run}${LETTER[r]}${key} `;
      const fill = unit.repeat(length - [...prefix].length);
      probes.push({ key: `${r}/${key}`, resource: r, send: { name: `${prefix}${fill}` } });
    }
  }
  texts.forEach(([key, text], i) => {
    probes.push({
      key: `events/${key}`,
      resource: 'events',
      send: {
        title: text,
        description: text,
        excerpt: text,
        start_date: `2031-03-${String((i % 28) + 1).padStart(2, '0')} 10:00`,
        end_date: `2031-03-${String((i % 28) + 1).padStart(2, '0')} 11:00`,
        venue: `{venues/${key}}`,
        organizer: [`{organizers/${key}}`],
        categories: [`{categories/${key}}`],
        tags: [`{tags/${key}}`],
      },
    });
  });
  // (no excerpt: WordPress makes one from the description, shortcodes and tags removed, 55 words)
  for (const key of ['excerpt-long', 'caption-figure', 'block-markup', 'html']) {
    probes.push({
      key: `events/auto-excerpt-${key}`,
      resource: 'events',
      send: {
        title: `zt${run} auto excerpt ${key}`,
        description: TEXT_CORPUS[key],
        start_date: '2031-04-02 10:00',
        end_date: '2031-04-02 11:00',
      },
    });
  }
  Object.entries(COST_CORPUS).forEach(([key, cost], i) => {
    probes.push({
      key: `events/cost-${key}`,
      resource: 'events',
      send: { title: `zt${run} cost ${i}`, cost, start_date: '2031-04-01 10:00', end_date: '2031-04-01 11:00' },
    });
  });
  return probes;
}

async function call(t: Target, method: string, path: string, body?: unknown, tec = false) {
  const headers: Record<string, string> = { authorization: t.auth };
  if (tec) headers['X-TEC-EEA'] = TEC_ACK;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await (t.fetch ?? fetch)(`${t.origin}/wp-json${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* kept as text */
  }
  return { status: res.status, body: parsed as Record<string, unknown> };
}

/** The target's own origin in an answer. */
export const ORIGIN = '<origin>';

/** A slug that is the record's own id. */
export const ID_SLUG = '<id>';

/** The value at a dotted path; ABSENT when a step is missing. */
export const ABSENT = '<absent>';
function at(obj: unknown, path: string): unknown {
  let v: unknown = obj;
  for (const step of path.split('.')) {
    if (typeof v !== 'object' || v === null || !(step in v)) return ABSENT;
    v = (v as Record<string, unknown>)[step];
  }
  return v === undefined ? ABSENT : v;
}

function pick(into: Answers, route: string, obj: unknown, paths: string[]) {
  for (const p of paths) into[`${route} ${p}`] = at(obj, p);
}

/** The status (and error code) of an answer. */
function outcome(status: number, body: Record<string, unknown>): string {
  return status < 400 ? String(status) : `${status} ${String(body?.code ?? '')}`;
}

/** Fills `{resource/key}` placeholders with the ids the target gave. */
function fill(value: unknown, ids: Map<string, number>): unknown {
  if (Array.isArray(value)) return value.map((v) => fill(v, ids)).filter((v) => v !== undefined);
  if (typeof value !== 'string') return value;
  const m = /^\{(.+)\}$/.exec(value);
  return m ? ids.get(m[1] as string) : value;
}

/** Runs the probes on a target, in order, and answers each probe's readings. */
export async function runProbes(t: Target, probes: readonly Probe[]): Promise<Record<string, Answers>> {
  const ids = new Map<string, number>();
  const out: Record<string, Answers> = {};
  for (const probe of probes) {
    const body = Object.fromEntries(
      Object.entries(probe.send)
        .map(([k, v]) => [k, fill(v, ids)] as const)
        .filter(([, v]) => v !== undefined),
    );
    const created = await call(t, 'POST', `/tribe/events/v1/${probe.resource}`, body);
    const answers: Answers = { status: outcome(created.status, created.body) };
    out[probe.key] = answers;
    const id = created.body?.id;
    if (created.status >= 400 || typeof id !== 'number') continue;
    ids.set(probe.key, id);
    t.made.push([probe.resource, id]);
    const read = READ[probe.resource];
    pick(answers, 'tribe', created.body, read.tribe);
    const core = await call(t, 'GET', `/wp/v2/${CORE_BASE[probe.resource]}/${id}?context=edit`);
    pick(answers, 'core', core.body, read.core);
    if (read.tec.length > 0) {
      const tec = await call(t, 'GET', `/tec/v1/${probe.resource}/${id}`, undefined, true);
      pick(answers, 'tec', tec.body, read.tec);
    }
    // (addresses of the target itself, as in a smiley's image, are compared without the origin)
    for (const [k, v] of Object.entries(answers))
      if (typeof v === 'string') answers[k] = v.split(t.origin).join(ORIGIN);
    // (a title that gives no slug leaves the record named after its id, which differs between targets)
    for (const [k, v] of Object.entries(answers)) if (k.endsWith(' slug') && v === String(id)) answers[k] = ID_SLUG;
  }
  return out;
}

/** Deletes for good what a run made, newest first (events before the records they link). */
export async function cleanUp(t: Target): Promise<void> {
  for (const [resource, id] of [...t.made].reverse()) {
    await call(t, 'DELETE', `/wp/v2/${CORE_BASE[resource]}/${id}?force=true`);
  }
  t.made.length = 0;
}
