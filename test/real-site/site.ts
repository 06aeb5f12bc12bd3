/**
 * What the optional real-site group shares: the site from CALCTL_REAL_URL, CALCTL_REAL_USER and
 * CALCTL_REAL_PASSWORD, its REST root as the site announces it (a plain-permalink site serves no
 * `/wp-json`; WordPress may live in a folder), its zone and page size as it reports them, requests to
 * WordPress core's routes for checks and cleanup, and the cleanup itself: every record a test makes
 * carries its stamp and is deleted for good at the end. Nothing here assumes how the site is configured.
 */
import { discoverApiBase } from '../../src/api/discover.js';
import { restUrl, splitApiBase } from '../../src/api/rest-url.js';
import { type CliResult, runCli } from '../helpers/cli.js';

export const url = process.env.CALCTL_REAL_URL;
export const user = process.env.CALCTL_REAL_USER;
export const password = process.env.CALCTL_REAL_PASSWORD;
export const configured = Boolean(url && user && password);

/** Says once per file why it is skipped. */
export function skipNote(name: string): void {
  if (!configured) {
    console.warn(
      `test/real-site/${name}: skipped (set CALCTL_REAL_URL, CALCTL_REAL_USER and CALCTL_REAL_PASSWORD to run it against a site)`,
    );
  }
}

export type Rec = Record<string, unknown> & { id: number };

/** The environment that points the CLI at the site. */
export const env = { CALCTL_URL: url, CALCTL_USER: user, CALCTL_PASSWORD: password };

/** Runs the built CLI against the site (generous time: a real site is slower than the embedded one). */
export const calctl = (
  home: string,
  args: string[],
  input?: string,
  extraEnv: Record<string, string> = {},
): Promise<CliResult> =>
  runCli(args, { env: { ...env, ...extraEnv }, home, timeoutMs: 300_000, ...(input !== undefined ? { input } : {}) });

/** The namespace base the site announces (`…/wp-json/tribe/events/v1`, `…/?rest_route=/tribe/events/v1`). */
let base: Promise<string> | undefined;
export function apiBase(): Promise<string> {
  base ??= discoverApiBase(url as string).then((d) => d.apiBase);
  return base;
}

const auth = () => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** One request to any route of the site (`/wp/v2/tags`), in the site's own URL form. */
export async function site<T = unknown>(
  method: string,
  route: string,
  query?: Record<string, string | number | readonly string[]>,
): Promise<{ status: number; headers: Headers; body: T }> {
  const target = restUrl(splitApiBase(await apiBase()).root, route, query);
  const res = await fetch(target, { method, headers: { authorization: auth() } });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // (an HTML error page stays text)
  }
  return { status: res.status, headers: res.headers, body: body as T };
}

/** What the site says of itself: its zone (an IANA name or WordPress's `UTC+5.5` offset) and page size. */
export interface SiteFacts {
  timezone: string;
  gmtOffset: number;
  perPage: number;
}

export async function siteFacts(): Promise<SiteFacts> {
  const index = (await site<Record<string, unknown>>('GET', '/')).body;
  const list = (await site<{ rest_url?: string }>('GET', '/tribe/events/v1/events')).body;
  const perPage = Number(/[?&]per_page=(\d+)/.exec(String(list.rest_url ?? ''))?.[1] ?? 10);
  const gmtOffset = Number(index.gmt_offset ?? 0);
  const name = String(index.timezone_string ?? '');
  return { timezone: name || `UTC${gmtOffset >= 0 ? '+' : ''}${gmtOffset}`, gmtOffset, perPage };
}

/**
 * The UTC time (`Y-m-d H:i:s`) of a wall time in the site's zone: an IANA zone through Intl, a manual
 * offset as it is (WordPress's manual offsets have no daylight saving).
 */
export function siteWallToUtc(wall: string, facts: SiteFacts): string {
  const asUtc = Date.parse(`${wall.replace(' ', 'T')}Z`);
  let offsetMs = facts.gmtOffset * 3_600_000;
  if (!facts.timezone.startsWith('UTC')) {
    // the zone's offset at that instant, found by formatting a guess in the zone (twice, near a change)
    const zoneOffset = (instant: number) => {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone: facts.timezone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }).formatToParts(instant);
      const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
      return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - instant;
    };
    offsetMs = zoneOffset(asUtc - zoneOffset(asUtc));
  }
  return new Date(asUtc - offsetMs).toISOString().replace('T', ' ').slice(0, 19);
}

/** The core routes of the types a test may make, searched for its stamp at cleanup. */
const TYPES = ['tribe_events', 'tribe_venue', 'tribe_organizer', 'tribe_events_cat', 'tags'] as const;
const POST_STATUSES = 'publish,future,draft,pending,private,trash';

/**
 * Deletes for good every record whose title or name holds `stamp` (events first, then what they
 * link to), plus the ids a test noted; each only once.
 */
export async function cleanup(stamp: string, noted: readonly { type: string; id: number }[] = []): Promise<void> {
  const doomed = new Map<string, Set<number>>(TYPES.map((t) => [t, new Set<number>()]));
  for (const { type, id } of noted) doomed.get(type)?.add(id);
  for (const type of TYPES) {
    const isTerm = type === 'tribe_events_cat' || type === 'tags';
    for (let page = 1; page < 50; page++) {
      const found = await site<Rec[]>('GET', `/wp/v2/${type}`, {
        search: stamp,
        per_page: 100,
        page,
        _fields: 'id',
        ...(isTerm ? { hide_empty: 'false' } : { status: POST_STATUSES }),
      });
      if (!Array.isArray(found.body) || found.body.length === 0) break;
      for (const r of found.body) doomed.get(type)?.add(r.id);
      if (page >= Number(found.headers.get('x-wp-totalpages') ?? 1)) break;
    }
  }
  for (const type of TYPES) {
    for (const id of doomed.get(type) ?? []) await site('DELETE', `/wp/v2/${type}/${id}`, { force: 'true' });
  }
}

/** A run's stamp: unique, lower-case letters and digits (it survives slugs and searches). */
export const makeStamp = (prefix: string) => `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}`;
