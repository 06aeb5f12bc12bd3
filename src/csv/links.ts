/**
 * Linked records named by id, slug or name: in import rows, and in the CLI's `--venue`,
 * `--organizer`, `--categories` and `--tags` (create, update and list filters). Each linked resource
 * is listed once per command, on first use (never one lookup per value). A name matches exactly
 * first, then in any letter case. What an unknown name or a name shared by several records does is
 * the caller's choice: import creates the record and takes the first match, as the site's importer
 * does; the CLI says so and stops, unless asked to create what is missing. A missing name is created
 * once, even when several rows ask for it at the same time (the in-flight promise is shared per name).
 * Terms are always sent as ids: a real site turns a tag given by name into a junk tag (observed #13).
 */
import { type ApiClient, paginate } from '../api/index.js';
import { backoffDelay } from '../api/retry.js';
import { everythingQuery, getResource, type ResourceName } from '../catalog/index.js';
import { nameKey, siteText } from './text.js';
import { isTransientFailure } from './transient.js';

type Obj = Record<string, unknown>;

/** One record of a listing, as a candidate for a name. */
interface Known {
  id: number;
  name: string;
}

/** A list of everything of one linked resource, by id, slug and name. */
interface LinkTable {
  ids: Set<number>;
  bySlug: Map<string, number>;
  /** name key (any letter case) → the records of that name, in listing order */
  byName: Map<string, Known[]>;
  /** in-flight and finished creations, per name key */
  creating: Map<string, Promise<number>>;
}

const NAME_KEY: Record<string, string> = { venues: 'venue', organizers: 'organizer', categories: 'name', tags: 'name' };

/** Thrown for a link that cannot be resolved (an unknown ID or name, an ambiguous name). */
export class LinkError extends Error {
  constructor(
    message: string,
    /** how to fix it */
    readonly hint: string,
    /** the field the value was given for (`venue`, `organizer`, `categories`, `tags`, `parent`) */
    readonly field: string,
  ) {
    super(message);
  }
}

/** Options of {@link createLinkResolver}. */
export interface LinkResolverOptions {
  api: ApiClient;
  /** resolve names without creating anything: new names get placeholder ids below 0 */
  dryRun: boolean;
  signal?: AbortSignal | undefined;
  /** a name no record has: created (default, as the importer does) or an error */
  missing?: 'create' | 'error' | undefined;
  /** a name several records share: the first listed (default, the importer's rule) or an error */
  ambiguous?: 'first' | 'error' | undefined;
  /** numeric ids: checked against the listing (default) or passed on for the site to check */
  checkIds?: boolean | undefined;
}

/** How a linked record named by a source (a feed) is resolved. */
export interface NamedLink {
  /** the text is a name, never an id */
  asName?: boolean | undefined;
  /** fields to create the record with when no record has the name */
  details?: Record<string, unknown> | undefined;
}

/** Resolves link values to ids. */
export interface LinkResolver {
  /** `venue` → one id; `organizer`, `categories`, `tags` → ids; `parent` → one id (categories) */
  resolve(resource: ResourceName, field: string, text: string): Promise<number | number[] | undefined>;
  /**
   * One id, slug or name of a linked resource as its id; `field` names it in errors. With `asName`,
   * the text is a name even when it is a number (a venue called "101"); a name no record has is
   * created with `details` (an address, an email …) besides its name.
   */
  resolveOne(linked: ResourceName, text: string, field: string, named?: NamedLink): Promise<number>;
  /** names created so far, per resource */
  created: Map<ResourceName, number>;
}

/** The singular word of a linked resource, for messages. */
const wordOf = (name: ResourceName) => (name === 'categories' ? 'category' : name.replace(/s$/, ''));

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
    if (table.ids.has(id)) return;
    table.ids.add(id);
    if (typeof r.slug === 'string' && r.slug !== '') table.bySlug.set(r.slug.toLowerCase(), id);
    const title = r[NAME_KEY[name] ?? 'name'];
    if (typeof title !== 'string') return;
    const key = nameKey(name, title);
    const known = table.byName.get(key);
    const resource = getResource(name);
    const entry = { id, name: siteText(resource, resource.titleField, title) };
    if (known) known.push(entry);
    else table.byName.set(key, [entry]);
  }

  function tableOf(name: ResourceName): Promise<LinkTable> {
    let t = tables.get(name);
    if (!t) {
      t = load(name);
      tables.set(name, t);
    }
    return t;
  }

  /**
   * The records a name stands for (as the site shows names: `Kids' Hall` is `Kids&#8217; Hall`): the
   * exact spelling first, else every one in any letter case.
   */
  function named(name: ResourceName, table: LinkTable, text: string): Known[] {
    const all = table.byName.get(nameKey(name, text)) ?? [];
    const resource = getResource(name);
    const shown = siteText(resource, resource.titleField, text);
    const exact = all.filter((k) => k.name === shown);
    return exact.length > 0 ? exact : all;
  }

  async function byName(
    name: ResourceName,
    table: LinkTable,
    text: string,
    field: string,
    details?: Record<string, unknown>,
  ): Promise<number> {
    const found = named(name, table, text);
    if (found.length > 1 && opts.ambiguous === 'error') {
      throw new LinkError(
        `${field}: "${text}" matches ${found.length} ${name}: ${found.map((k) => `${k.id} (${k.name})`).join(', ')}`,
        `give the id of the one you mean, e.g. --${field.replace(/_/g, '-')} ${found[0]?.id}`,
        field,
      );
    }
    const hit = found[0]?.id ?? table.bySlug.get(text.toLowerCase());
    if (hit !== undefined) return hit;
    if (opts.missing === 'error') {
      const flag = NAME_KEY[name] === 'name' ? '--name' : `--${NAME_KEY[name]}`;
      throw new LinkError(
        `${field}: no ${wordOf(name)} has the id, slug or name "${text}"`,
        `create it first (calctl ${name} create ${flag} "${text}"), or add --create-missing`,
        field,
      );
    }
    const key = nameKey(name, text);
    let pending = table.creating.get(key);
    if (!pending) {
      pending = opts.dryRun ? Promise.resolve(--placeholder) : createOne(name, table, text, details);
      table.creating.set(key, pending);
      // A failed creation may be retried by a later row.
      pending.catch(() => table.creating.delete(key));
    }
    return pending;
  }

  async function createOne(
    name: ResourceName,
    table: LinkTable,
    text: string,
    details?: Record<string, unknown>,
  ): Promise<number> {
    // Venue and organizer creation returns the existing record for a known name (observed #8),
    // and term creation answers term_exists with its id, so a repeated POST is harmless here: a
    // transient failure (lost answer, gateway error) is simply tried again.
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await opts.api.post<Obj>(`/${name}`, { ...details, [NAME_KEY[name] ?? 'name']: text.trim() });
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

  async function one(
    name: ResourceName,
    table: LinkTable,
    text: string,
    field: string,
    named?: NamedLink,
  ): Promise<number> {
    if (/^\d+$/.test(text) && !named?.asName) {
      if (opts.checkIds !== false && !table.ids.has(Number(text))) {
        throw new LinkError(
          `unknown ${wordOf(name)} ID ${text}`,
          `list them with calctl ${name} list --fields id,${NAME_KEY[name] ?? 'name'}`,
          field,
        );
      }
      return Number(text);
    }
    return byName(name, table, text, field, named?.details);
  }

  async function many(name: ResourceName, table: LinkTable, text: string, field: string): Promise<number[]> {
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
        !table.byName.has(nameKey(name, piece)) &&
        i + 1 < pieces.length &&
        table.byName.has(nameKey(name, `${piece}, ${pieces[i + 1]}`))
      ) {
        piece = `${piece}, ${pieces[++i]}`;
      }
      const id = await one(name, table, piece, field);
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
      // "0" is how a record shows "no venue" / "top level" (an exported `parent: 0`): no link.
      if (field === 'venue' || field === 'parent')
        return text === '' || text === '0' ? undefined : one(name, table, text, field);
      return many(name, table, text, field);
    },
    async resolveOne(linked, text, field, named) {
      const t = text.trim();
      if (/^\d+$/.test(t) && opts.checkIds === false && !named?.asName) return Number(t);
      return one(linked, await tableOf(linked), t, field, named);
    },
  };
}
