/**
 * What a site says about the linked records a run names: asked record by record and remembered for
 * the run, never a listing of everything. A name is looked for with the list route's `search` and then
 * matched exactly as the site shows names (`Kids' Hall` is the `Kids&#8217; Hall` it shows), in any
 * letter case; a slug with the by-slug route (posts) or the `slug` filter (terms); an id by reading
 * the record. An import of a thousand rows naming five venues asks five times. The local calendar
 * answers the same requests in-process.
 */
import { type ApiClient, ApiError, onePerKey, paginate } from '../api/index.js';
import { everythingQuery, getResource, type ResourceName, type ResourceSpec } from '../catalog/index.js';
import { nameKey, siteText } from '../records/index.js';

type Obj = Record<string, unknown>;

/** A record a name may stand for: its id and its name as the site shows it. */
export interface Known {
  id: number;
  name: string;
}

/** The site's linked records, as far as a run has asked. */
export interface SiteNames {
  /** whether the site holds a record of `linked` with this id (outside the trash) */
  hasId(linked: ResourceName, id: number): Promise<boolean>;
  /** the records named `text` in any letter case, in the site's listing order */
  named(linked: ResourceName, text: string): Promise<Known[]>;
  /**
   * the records whose name is `text`'s once folded as duplicates are found (accents, punctuation, a
   * leading article, an address after the name: links/duplicates.ts), among those the site's search finds
   */
  alike(linked: ResourceName, text: string): Promise<Known[]>;
  /** the id of the record with this slug, if any */
  bySlug(linked: ResourceName, slug: string): Promise<number | undefined>;
  /** a record this run created (or was given back by the site): known from now on */
  add(linked: ResourceName, record: Obj): void;
}

/** The key holding a linked record's name. */
export const NAME_KEY: Record<string, string> = {
  venues: 'venue',
  organizers: 'organizer',
  categories: 'name',
  tags: 'name',
};

/** Runs of letters and digits: what a site's search matches, whatever it made of the rest. */
const words = (text: string): string[] => text.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');

/**
 * The `search` that finds a name. Posts: its words (the plugin's list wants each word in one field,
 * observed #23; punctuation the site may have stored as an entity is left out). Terms: the longest
 * word, a part of the stored name whatever was escaped in it (core searches `name LIKE %text%`).
 */
function searchFor(resource: ResourceSpec, text: string): string | undefined {
  const found = words(text);
  if (found.length === 0) return undefined;
  if (resource.kind === 'post') return found.join(' ');
  return found.reduce((a, b) => (b.length > a.length ? b : a));
}

/** A site's answer that means "no such record" (404, or the plugin's 400 for an id it does not hold). */
const notFound = (err: unknown): boolean => err instanceof ApiError && (err.status === 404 || err.status === 400);

/** Asks `api` about linked records, each question once per run. */
export function siteNames(api: ApiClient, signal: AbortSignal | undefined): SiteNames {
  const ids = onePerKey<boolean>();
  const names = onePerKey<Known[]>();
  const slugs = onePerKey<number | undefined>();
  /** records this run learned of after asking, by resource and name key */
  const added = new Map<string, Known[]>();

  const knownOf = (linked: ResourceName, r: Obj): Known | undefined => {
    const title = r[NAME_KEY[linked] ?? 'name'];
    if (typeof title !== 'string') return undefined;
    const resource = getResource(linked);
    return { id: Number(r.id), name: siteText(resource, resource.titleField, title) };
  };

  const hits = onePerKey<Known[]>();

  /** Every record the list's search finds for `text` (asked once per run). */
  function searchHits(linked: ResourceName, text: string): Promise<Known[]> {
    return hits(`${linked}:${text}`, async () => {
      const resource = getResource(linked);
      const query: Obj = { ...everythingQuery(resource) };
      const wanted = searchFor(resource, text);
      if (wanted !== undefined) query.search = wanted;
      const out: Known[] = [];
      for await (const r of paginate<Obj>(api, `/${linked}`, query as never, linked, { signal })) {
        const k = knownOf(linked, r);
        if (k && !out.some((o) => o.id === k.id)) out.push(k);
      }
      return out;
    });
  }

  async function search(linked: ResourceName, text: string): Promise<Known[]> {
    const key = nameKey(linked, text);
    return (await searchHits(linked, text)).filter((k) => nameKey(linked, k.name) === key);
  }

  return {
    hasId(linked, id) {
      return ids(`${linked}:${id}`, async () => {
        try {
          const res = await api.get<Obj>(`/${linked}/${id}`, { signal });
          return res.body?.status !== 'trash';
        } catch (err) {
          if (notFound(err)) return false;
          throw err;
        }
      });
    },
    async named(linked, text) {
      const key = nameKey(linked, text);
      const found = await names(`${linked}:${key}`, () => search(linked, text));
      const later = (added.get(`${linked}:${key}`) ?? []).filter((k) => !found.some((f) => f.id === k.id));
      return [...found, ...later];
    },
    async alike(linked, text) {
      // (loaded when a name is missing: the address parser's data is no part of every command's start)
      const [{ nameKey: placeKey }, { parsePlace }] = await Promise.all([
        import('./duplicates.js'),
        import('./place.js'),
      ]);
      const key = placeKey(text);
      const mine = [...added].filter(([k]) => k.startsWith(`${linked}:`)).flatMap(([, list]) => list);
      const all = [...(await searchHits(linked, parsePlace(text).name)), ...mine];
      return all.filter((k, i) => placeKey(k.name) === key && all.findIndex((o) => o.id === k.id) === i);
    },
    bySlug(linked, slug) {
      return slugs(`${linked}:${slug.toLowerCase()}`, async () => {
        const resource = getResource(linked);
        try {
          if (resource.bySlug) {
            const res = await api.get<Obj>(`/${linked}/by-slug/${encodeURIComponent(slug)}`, { signal });
            return Number(res.body.id);
          }
          const res = await api.get<Obj>(`/${linked}`, { query: { ...everythingQuery(resource), slug }, signal });
          const list = res.body?.[linked];
          const first = Array.isArray(list) ? (list[0] as Obj | undefined) : undefined;
          return first ? Number(first.id) : undefined;
        } catch (err) {
          if (notFound(err)) return undefined;
          throw err;
        }
      });
    },
    add(linked, record) {
      const id = Number(record.id);
      ids(`${linked}:${id}`, async () => true);
      const k = knownOf(linked, record);
      if (!k) return;
      const key = `${linked}:${nameKey(linked, k.name)}`;
      const list = added.get(key) ?? [];
      if (!list.some((o) => o.id === id)) added.set(key, [...list, k]);
    },
  };
}
