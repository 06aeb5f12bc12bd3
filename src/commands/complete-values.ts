/**
 * Live values for the completion scripts (`calctl __complete <kind> …`): record ids with their
 * titles, term slugs with their names, profile names and time zones, one `value<TAB>description`
 * per line. Bounded by a deadline and silent on failure: a Tab press must never print errors or hang.
 */
import { catalog } from '../catalog/index.js';
import type { Runtime } from './types.js';

/** Default deadline of one completion request, in ms (CALCTL_COMPLETE_TIMEOUT overrides, in seconds). */
export const COMPLETE_TIMEOUT_MS = 1500;

/** One completion candidate. */
export interface Candidate {
  value: string;
  description: string;
}

/** Whether a loader is waiting for the client (the local calendar may still be starting). */
interface Connection {
  pending: boolean;
}

type Loader = (rt: Runtime, args: readonly string[], signal: AbortSignal, conn: Connection) => Promise<Candidate[]>;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Titles come rendered (`Rock &#038; Roll`); a completion menu wants plain one-line text. */
export function plainTitle(value: unknown): string {
  const raw = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  return raw
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(/&([a-z]+);/gi, (m, name: string) => ENTITIES[name.toLowerCase()] ?? m)
    .replace(/[\t\r\n]+/g, ' ')
    .trim();
}

async function records(
  rt: Runtime,
  name: string,
  signal: AbortSignal,
  conn: Connection,
): Promise<Record<string, unknown>[]> {
  const resource = catalog.find((r) => r.name === name);
  if (!resource) return [];
  conn.pending = true;
  const api = await rt.api();
  conn.pending = false;
  const query: Record<string, string | number> = { per_page: 50 };
  // terms hide unused entries by default; every one is a valid value here
  if (resource.kind === 'term') query.hide_empty = 'false';
  const res = await api.get<Record<string, unknown>>(`/${resource.name}`, { query, signal });
  const list = res.body[resource.name];
  return Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
}

const ids: Loader = async (rt, [name = ''], signal, conn) => {
  const resource = catalog.find((r) => r.name === name);
  if (!resource) return [];
  return (await records(rt, name, signal, conn)).map((r) => ({
    value: String(r.id),
    description: plainTitle(r[resource.titleField]),
  }));
};

const slugs: Loader = async (rt, [name = ''], signal, conn) =>
  (await records(rt, name, signal, conn))
    .filter((r) => typeof r.slug === 'string' && r.slug !== '')
    .map((r) => ({ value: String(r.slug), description: plainTitle(r.name) }));

const profiles: Loader = async (rt) => {
  const { loadConfigModule } = await import('../config/lazy.js');
  const { defaultConfigDir, listProfiles } = await loadConfigModule();
  const { existsSync } = await import('node:fs');
  const dir = defaultConfigDir(rt.ctx.env, rt.ctx.home);
  const stored = existsSync(dir)
    ? listProfiles(dir).map((p) => ({ value: p.name, description: p.profile.url + (p.isDefault ? ' (default)' : '') }))
    : [];
  return [...stored, { value: 'local', description: 'the built-in local calendar' }];
};

const timezones: Loader = async () =>
  ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')].map((value) => ({
    value,
    description: '',
  }));

/**
 * What a link flag takes (`--venue`, `--organizer`): ids with their names, then slugs (which the CLI
 * resolves like names, and which need no quoting in a shell) with their names.
 */
const refs: Loader = async (rt, [name = ''], signal, conn) => {
  const resource = catalog.find((r) => r.name === name);
  if (!resource) return [];
  const list = await records(rt, name, signal, conn);
  const title = (r: Record<string, unknown>) => plainTitle(r[resource.titleField]);
  return [
    ...list.map((r) => ({ value: String(r.id), description: title(r) })),
    ...list
      .filter((r) => typeof r.slug === 'string' && r.slug !== '')
      .map((r) => ({ value: String(r.slug), description: title(r) })),
  ];
};

const LOADERS: Record<string, Loader> = { ids, refs, slugs, profiles, timezones };

/** The deadline in ms: CALCTL_COMPLETE_TIMEOUT (seconds) when valid, else the default. */
export function completeTimeout(env: Readonly<Record<string, string | undefined>>): number {
  const seconds = Number(env.CALCTL_COMPLETE_TIMEOUT);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : COMPLETE_TIMEOUT_MS;
}

/**
 * Candidates of one kind, or [] on any failure or after `timeoutMs`. Never throws. A local
 * calendar still starting when the deadline passes is closed once it is up (by `rt.close`).
 */
export async function completeValues(rt: Runtime, args: readonly string[], timeoutMs: number): Promise<Candidate[]> {
  const [kind = '', ...rest] = args;
  const loader = LOADERS[kind];
  if (!loader) return [];
  const controller = new AbortController();
  const conn: Connection = { pending: false };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Candidate[]>((done) => {
    timer = setTimeout(() => {
      controller.abort(new Error('completion deadline'));
      // The run closes its runtime before a late local calendar is up: close it once it is.
      if (conn.pending)
        void rt
          .api()
          .then(
            () => rt.close(),
            () => {},
          )
          .catch(() => {});
      done([]);
    }, timeoutMs);
  });
  const work = loader(rt, rest, AbortSignal.any([controller.signal, rt.ctx.signal]), conn).catch(() => []);
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Candidates as printed for the shells: `value<TAB>description` lines (no tab without one). */
export function formatCandidates(candidates: readonly Candidate[]): string {
  return candidates.map((c) => (c.description ? `${c.value}\t${c.description}` : c.value)).join('\n');
}
