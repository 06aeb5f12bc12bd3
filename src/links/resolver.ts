/**
 * Linked records named by id, slug or name: in import rows, in feeds, and in the CLI's `--venue`,
 * `--organizer`, `--categories` and `--tags` (create, update and list filters). Each value is asked
 * of the site once per run (site-names.ts: a name through the list's `search`, never a listing of
 * everything). A name matches exactly first, then in any letter case. What an unknown name or a name
 * shared by several records does is the caller's choice: import creates the record and takes the
 * first match, as the site's importer does; the CLI says so and stops, unless asked to create what is
 * missing. A missing name is created once, even when several rows ask for it at the same time (the
 * in-flight promise is shared per name). Terms are always sent as ids: a real site turns a tag given
 * by name into a junk tag (observed #13).
 */
import { type ApiClient, onePerKey, writeOnce } from '../api/index.js';
import { getResource, type ResourceName } from '../catalog/index.js';
import { nameKey, siteText } from '../records/index.js';
import { type Known, NAME_KEY, siteNames } from './site-names.js';

type Obj = Record<string, unknown>;

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
  /** numeric ids: checked with the site (default) or passed on for the site to check */
  checkIds?: boolean | undefined;
  /** told of each record created (a run's history) */
  onCreated?: ((linked: ResourceName, record: Obj) => void) | undefined;
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
  /**
   * `venue` → one id; `organizer`, `categories`, `tags` → ids; `parent` → one id (categories).
   * `details`: fields to create a missing venue with (its address, from the row's other columns)
   */
  resolve(
    resource: ResourceName,
    field: string,
    text: string,
    details?: Record<string, unknown>,
  ): Promise<number | number[] | undefined>;
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

/** What one run's resolver keeps between values. */
interface Run {
  opts: LinkResolverOptions;
  site: ReturnType<typeof siteNames>;
  created: Map<ResourceName, number>;
  /** in-flight and finished creations, per resource and name key (a failed one may be tried again) */
  creating: ReturnType<typeof onePerKey<number>>;
  /** the last placeholder id of a dry run (counting down from 0) */
  placeholder: number;
}

/**
 * The records a name stands for (as the site shows names: `Kids' Hall` is `Kids&#8217; Hall`): the
 * exact spelling first, else every one in any letter case.
 */
async function named(run: Run, name: ResourceName, text: string): Promise<Known[]> {
  const all = await run.site.named(name, text);
  const resource = getResource(name);
  const shown = siteText(resource, resource.titleField, text);
  const exact = all.filter((k) => k.name === shown);
  return exact.length > 0 ? exact : all;
}

async function byName(run: Run, name: ResourceName, text: string, field: string, details?: Obj): Promise<number> {
  const { opts, site } = run;
  const found = await named(run, name, text);
  if (found.length > 1 && opts.ambiguous === 'error') {
    throw new LinkError(
      `${field}: "${text}" matches ${found.length} ${name}: ${found.map((k) => `${k.id} (${k.name})`).join(', ')}`,
      `give the id of the one you mean, e.g. --${field.replace(/_/g, '-')} ${found[0]?.id}`,
      field,
    );
  }
  const hit = found[0]?.id ?? (await site.bySlug(name, text.toLowerCase()));
  if (hit !== undefined) return hit;
  // A venue or an organizer spelled apart from one the site has (`HALL Á` for `Hall A`, `Crepe Cafe`
  // for `The Crêpe Café`) is that one, as `venues duplicates` would group them: no new duplicate.
  if (name === 'venues' || name === 'organizers') {
    const alike = await site.alike(name, text);
    if (alike[0] !== undefined) return alike[0].id;
  }
  if (opts.missing === 'error') {
    const flag = NAME_KEY[name] === 'name' ? '--name' : `--${NAME_KEY[name]}`;
    throw new LinkError(
      `${field}: no ${wordOf(name)} has the id, slug or name "${text}"`,
      `create it first (calctl ${name} create ${flag} "${text}"), or add --create-missing`,
      field,
    );
  }
  return run.creating(`${name}:${nameKey(name, text)}`, () =>
    opts.dryRun ? Promise.resolve(--run.placeholder) : createOne(run, name, text, details),
  );
}

async function createOne(run: Run, name: ResourceName, text: string, details?: Obj): Promise<number> {
  const { opts } = run;
  // Venue and organizer creation returns the existing record for a known name (observed #8), and
  // term creation answers term_exists with its id, so a repeated POST is harmless here: after a
  // transient failure (lost answer, gateway error) it is simply sent again.
  try {
    const res = await writeOnce({
      send: () => opts.api.post<Obj>(`/${name}`, { ...details, [NAME_KEY[name] ?? 'name']: text.trim() }),
      signal: opts.signal,
    });
    run.site.add(name, res.body);
    run.created.set(name, (run.created.get(name) ?? 0) + 1);
    opts.onCreated?.(name, res.body);
    return Number(res.body.id);
  } catch (err) {
    const termId = (err as { data?: { term_id?: unknown } }).data?.term_id;
    if (termId !== undefined) return Number(termId);
    throw err;
  }
}

async function one(run: Run, name: ResourceName, text: string, field: string, link?: NamedLink): Promise<number> {
  if (/^\d+$/.test(text) && !link?.asName) {
    if (run.opts.checkIds !== false && !(await run.site.hasId(name, Number(text)))) {
      throw new LinkError(
        `unknown ${wordOf(name)} ID ${text}`,
        `list them with calctl ${name} list --fields id,${NAME_KEY[name] ?? 'name'}`,
        field,
      );
    }
    return Number(text);
  }
  return byName(run, name, text, field, link?.details);
}

const isName = async (run: Run, name: ResourceName, text: string) => (await run.site.named(name, text)).length > 0;

/**
 * A venue named by a cell: an id, the name of a venue the site has, or a place written with its
 * address (`ThinkCoffee, 248 Mercer Street, New York, NY 10012`), found or created by its name with
 * that address, so that the same place from an .ics and from a sheet is one venue.
 */
async function place(run: Run, text: string, details?: Obj): Promise<number> {
  if (/^\d+$/.test(text) || (await isName(run, 'venues', text))) return one(run, 'venues', text, 'venue', { details });
  // (the address parser and its data load only when a name is not a venue's already)
  const { parsePlace, placeDetails } = await import('./place.js');
  const read = parsePlace(text);
  if (read.name === text) return one(run, 'venues', text, 'venue', { details });
  return one(run, 'venues', read.name, 'venue', { asName: true, details: { ...placeDetails(read), ...details } });
}

async function many(run: Run, name: ResourceName, text: string, field: string): Promise<number[]> {
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
      i + 1 < pieces.length &&
      !(await isName(run, name, piece)) &&
      (await isName(run, name, `${piece}, ${pieces[i + 1]}`))
    ) {
      piece = `${piece}, ${pieces[++i]}`;
    }
    const id = await one(run, name, piece, field);
    if (!out.includes(id)) out.push(id);
  }
  return out;
}

/** Creates a resolver for one run. */
export function createLinkResolver(opts: LinkResolverOptions): LinkResolver {
  const run: Run = {
    opts,
    site: siteNames(opts.api, opts.signal),
    created: new Map<ResourceName, number>(),
    creating: onePerKey<number>(),
    placeholder: 0,
  };
  return {
    created: run.created,
    async resolve(resource, field, text, details) {
      const name = field === 'parent' ? resource : LINKED[field];
      if (!name) return undefined;
      // "0" is how a record shows "no venue" / "top level" (an exported `parent: 0`): no link.
      if (field === 'venue' || field === 'parent') {
        if (text === '' || text === '0') return undefined;
        return field === 'venue' ? place(run, text, details) : one(run, name, text, field);
      }
      return many(run, name, text, field);
    },
    async resolveOne(linked, text, field, link) {
      const t = text.trim();
      if (/^\d+$/.test(t) && opts.checkIds === false && !link?.asName) return Number(t);
      return one(run, linked, t, field, link);
    },
  };
}
