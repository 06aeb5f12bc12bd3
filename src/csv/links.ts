/**
 * Linked records named in rows: venues and organizers by ID or name, categories and tags by ID,
 * slug or name. Each linked resource is listed once; a missing name is created once, even when
 * several rows ask for it at the same time (the in-flight promise is shared per name).
 * Terms are always sent as ids: a real site turns a tag given by name into a junk tag (observed #13).
 */
import { type ApiClient, paginate } from '../api/index.js';
import { backoffDelay } from '../api/retry.js';
import { everythingQuery, getResource, type ResourceName } from '../catalog/index.js';
import { nameKey } from './text.js';
import { isTransientFailure } from './transient.js';

type Obj = Record<string, unknown>;

/** A list of everything of one linked resource, by id, slug and name. */
interface LinkTable {
  ids: Set<number>;
  bySlug: Map<string, number>;
  byName: Map<string, number>;
  /** in-flight and finished creations, per name key */
  creating: Map<string, Promise<number>>;
}

const NAME_KEY: Record<string, string> = { venues: 'venue', organizers: 'organizer', categories: 'name', tags: 'name' };

/** Thrown for a link that cannot be resolved (an unknown ID): the row is rejected. */
export class LinkError extends Error {}

/** Options of {@link createLinkResolver}. */
export interface LinkResolverOptions {
  api: ApiClient;
  /** resolve names without creating anything: new names get placeholder ids below 0 */
  dryRun: boolean;
  signal?: AbortSignal | undefined;
}

/** Resolves link cells to ids. */
export interface LinkResolver {
  /** `venue` → one id; `organizer`, `categories`, `tags` → ids; `parent` → one id (categories) */
  resolve(resource: ResourceName, field: string, text: string): Promise<number | number[] | undefined>;
  /** names created so far, per resource */
  created: Map<ResourceName, number>;
}

const LINKED: Record<string, ResourceName> = {
  venue: 'venues',
  organizer: 'organizers',
  categories: 'categories',
  tags: 'tags',
};

/** Creates a resolver; each linked resource is listed on first use. */
export function createLinkResolver(opts: LinkResolverOptions): LinkResolver {
  const tables = new Map<ResourceName, Promise<LinkTable>>();
  const created = new Map<ResourceName, number>();
  let placeholder = 0;

  async function load(name: ResourceName): Promise<LinkTable> {
    const table: LinkTable = { ids: new Set(), bySlug: new Map(), byName: new Map(), creating: new Map() };
    const query = everythingQuery(getResource(name));
    for await (const r of paginate<Obj>(opts.api, `/${name}`, query, name, { signal: opts.signal })) {
      add(table, name, r);
    }
    return table;
  }

  function add(table: LinkTable, name: ResourceName, r: Obj): void {
    const id = Number(r.id);
    table.ids.add(id);
    if (typeof r.slug === 'string' && r.slug !== '') table.bySlug.set(r.slug.toLowerCase(), id);
    const title = r[NAME_KEY[name] ?? 'name'];
    // The first record with a name wins, like the site's importer ("first match").
    if (typeof title === 'string' && !table.byName.has(nameKey(title))) table.byName.set(nameKey(title), id);
  }

  function tableOf(name: ResourceName): Promise<LinkTable> {
    let t = tables.get(name);
    if (!t) {
      t = load(name);
      tables.set(name, t);
    }
    return t;
  }

  async function byName(name: ResourceName, table: LinkTable, text: string): Promise<number> {
    const key = nameKey(text);
    const found = table.byName.get(key) ?? table.bySlug.get(text.toLowerCase());
    if (found !== undefined) return found;
    let pending = table.creating.get(key);
    if (!pending) {
      pending = opts.dryRun ? Promise.resolve(--placeholder) : createOne(name, table, text);
      table.creating.set(key, pending);
      // A failed creation may be retried by a later row.
      pending.catch(() => table.creating.delete(key));
    }
    return pending;
  }

  async function createOne(name: ResourceName, table: LinkTable, text: string): Promise<number> {
    // Venue and organizer creation returns the existing record for a known name (observed #8),
    // and term creation answers term_exists with its id, so a repeated POST is harmless here: a
    // transient failure (lost answer, gateway error) is simply tried again.
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await opts.api.post<Obj>(`/${name}`, { [NAME_KEY[name] ?? 'name']: text.trim() });
        add(table, name, res.body);
        created.set(name, (created.get(name) ?? 0) + 1);
        return Number(res.body.id);
      } catch (err) {
        const termId = (err as { data?: { term_id?: unknown } }).data?.term_id;
        if (termId !== undefined) return Number(termId);
        if (!isTransientFailure(err) || attempt >= 6) throw err;
        await new Promise((r) => setTimeout(r, backoffDelay(attempt, { baseMs: 500, capMs: 8000 })));
      }
    }
  }

  async function one(name: ResourceName, table: LinkTable, text: string, what: string): Promise<number> {
    if (/^\d+$/.test(text)) {
      if (!table.ids.has(Number(text))) throw new LinkError(`unknown ${what} ID ${text}`);
      return Number(text);
    }
    return byName(name, table, text);
  }

  async function many(name: ResourceName, table: LinkTable, text: string, what: string): Promise<number[]> {
    if (text === '') return [];
    // "12 34 56": whitespace-separated ids, as the site's importer accepts for organizers.
    const pieces = /^\d+(\s+\d+)+$/.test(text) ? text.split(/\s+/) : text.split(',').map((p) => p.trim());
    const out: number[] = [];
    for (let i = 0; i < pieces.length; i++) {
      let piece = pieces[i] ?? '';
      if (piece === '') continue;
      // Names may contain commas ("Doe, John"): join with the next piece while that names a record.
      while (
        !/^\d+$/.test(piece) &&
        !table.byName.has(nameKey(piece)) &&
        i + 1 < pieces.length &&
        table.byName.has(nameKey(`${piece}, ${pieces[i + 1]}`))
      ) {
        piece = `${piece}, ${pieces[++i]}`;
      }
      const id = await one(name, table, piece, what);
      if (!out.includes(id)) out.push(id);
    }
    return out;
  }

  return {
    created,
    async resolve(resource, field, text) {
      const name = field === 'parent' ? resource : LINKED[field];
      if (!name) return undefined;
      const table = await tableOf(name);
      const what = name === 'categories' ? 'category' : name.replace(/s$/, '');
      // "0" is how a record shows "no venue" / "top level" (an exported `parent: 0`): no link.
      if (field === 'venue' || field === 'parent')
        return text === '' || text === '0' ? undefined : one(name, table, text, what);
      return many(name, table, text, what);
    },
  };
}
