/**
 * The titles an iCalendar export writes, as the site's own feed writes them. The feed's SUMMARY is the
 * title as typed (the plugin's `Tribe__Events__iCal`: the post's raw title, tags stripped), while the
 * events route gives it rendered through WordPress's title filters: texturizing has turned `Bob's`
 * into `Bob&#8217;s` and `--` into a dash, and `capital_P_dangit` `Wordpress` into `WordPress`. A
 * rendered title that such a filter may have changed is asked for as typed, through WordPress
 * core's route (`context=edit`, a hundred events a request); only those events, so an export of plain
 * titles sends nothing more. Without the right to edit (the route refuses), the rendered title stays.
 */
import { type ApiClient, ApiError, coreRouteUrl } from '../api/index.js';
import { getResource } from '../catalog/index.js';

type Obj = Record<string, unknown>;

/** What the title filters write: texturizing's quotes, primes, dashes, ellipsis, × and ™, and `WordPress`. */
const FILTERED = /&#(?:8216|8217|8220|8221|8242|8243|8211|8212|8230|215|8482);|WordPress/;

/** Events asked for in one request (WordPress core's largest page). */
const PER_REQUEST = 100;

/**
 * Replaces the rendered title of every event a title filter may have changed by the title as typed,
 * in place.
 * @returns how many titles were replaced
 */
export async function typedTitles(api: ApiClient, records: Obj[], signal?: AbortSignal): Promise<number> {
  const wanted = records.filter((r) => typeof r.title === 'string' && FILTERED.test(r.title));
  const byId = new Map(wanted.map((r) => [Number(r.id), r]));
  let replaced = 0;
  for (let at = 0; at < wanted.length; at += PER_REQUEST) {
    const part = wanted.slice(at, at + PER_REQUEST);
    const statuses = [...new Set(part.map((r) => String(r.status ?? 'publish')))];
    let answer: Obj[];
    try {
      const res = await api.get<Obj[]>(coreRouteUrl(api.baseUrl, `/${getResource('events').coreBase}`), {
        query: {
          include: part.map((r) => Number(r.id)).join(','),
          context: 'edit',
          _fields: 'id,title',
          per_page: PER_REQUEST,
          status: statuses.join(','),
        },
        signal,
      });
      answer = Array.isArray(res.body) ? res.body : [];
    } catch (err) {
      // (no right to edit, or no such route: the rendered titles stay)
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) return replaced;
      throw err;
    }
    for (const post of answer) {
      const raw = (post.title as { raw?: unknown } | undefined)?.raw;
      const record = byId.get(Number(post.id));
      if (record && typeof raw === 'string') {
        record.title = raw;
        replaced++;
      }
    }
  }
  return replaced;
}
