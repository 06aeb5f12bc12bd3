/**
 * The two questions an import asks a site before its first write that a cron job's next run need not
 * ask again (config/site-facts.ts): whether the site takes batched writes, and whether the user may
 * publish events (else the import warns that every event will wait for review). A run against a
 * site remembers the answers for a day; the built-in local calendar answers in-process and is not
 * remembered.
 */
import { isAbsolute } from 'node:path';
import type { ApiClient } from '../api/index.js';
import { canPublishEvents, fetchCallerRole, fetchDateFormat } from '../api/index.js';
import type { Target } from '../config/index.js';
import { defaultCacheDir } from '../config/paths.js';
import { cachedSiteFact, storeSiteFact } from '../config/site-facts.js';
import { formatOrder } from '../dates/numeric.js';
import type { Context } from '../io/context.js';
import type { SiteDateOrder } from './date-order.js';

/** What the import needs of the user's role. */
export interface PublishRight {
  roles: string[];
  canPublish: boolean;
}

/** Reads and remembers the facts of one site for one run. */
export interface ImportFacts {
  /** whether the site took batched writes when last asked */
  batching: 'on' | 'off' | undefined;
  /** remembers what the site answered when batching was asked */
  learntBatching: (mode: 'on' | 'off') => void;
  /** the user's right to publish events: remembered, else asked (undefined: the site does not say) */
  publishRight: () => Promise<PublishRight | undefined>;
  /**
   * the order of day and month in the site's date format (remembered, else asked), else in the
   * profile's; undefined when neither says
   */
  siteDateOrder: () => Promise<SiteDateOrder | undefined>;
}

const isRight = (v: unknown): v is PublishRight =>
  typeof v === 'object' &&
  v !== null &&
  Array.isArray((v as PublishRight).roles) &&
  typeof (v as PublishRight).canPublish === 'boolean';

/** The facts of the run's site (nothing remembered for the local calendar or a bearer token's role). */
export async function importFacts(
  api: ApiClient,
  target: Target,
  ctx: Pick<Context, 'env' | 'home' | 'now'>,
): Promise<ImportFacts> {
  const ask = async (): Promise<PublishRight | undefined> => {
    const role = await fetchCallerRole(api);
    return role && { roles: role.roles, canPublish: canPublishEvents(role) };
  };
  const dir = defaultCacheDir(ctx.env, ctx.home);
  const profileOrder = (): SiteDateOrder | undefined => {
    const text = target.kind === 'remote' ? target.dateFormat : undefined;
    const order = text === undefined ? undefined : formatOrder(text);
    return (
      order && {
        order,
        source: `the date format of profile ${target.kind === 'remote' ? target.profileName : ''} (${text})`,
      }
    );
  };
  const fromFormat = (format: string | undefined): SiteDateOrder | undefined => {
    const order = format === undefined ? undefined : formatOrder(format);
    return order ? { order, source: `the site's date format (${format})` } : profileOrder();
  };
  // (no cache without a home: a relative directory would land wherever calctl was started)
  if (target.kind !== 'remote' || !isAbsolute(dir))
    return {
      batching: undefined,
      learntBatching: () => {},
      publishRight: ask,
      siteDateOrder: async () => fromFormat(await fetchDateFormat(api)),
    };
  const now = () => ctx.now().getTime();
  const batchKey = `batch ${api.baseUrl}`;
  const remembered = cachedSiteFact(dir, batchKey, now());
  const roleKey = target.auth?.type === 'basic' ? `publish ${api.baseUrl} ${target.auth.user}` : undefined;
  const formatKey = `date-format ${api.baseUrl}`;
  return {
    batching: remembered === 'on' || remembered === 'off' ? remembered : undefined,
    learntBatching: (mode) => storeSiteFact(dir, batchKey, mode, now()),
    publishRight: async () => {
      const known = roleKey === undefined ? undefined : cachedSiteFact(dir, roleKey, now());
      if (isRight(known)) return known;
      const right = await ask();
      if (right && roleKey !== undefined) storeSiteFact(dir, roleKey, right, now());
      return right;
    },
    siteDateOrder: async () => {
      // (remembered as asked: a user who may not read the settings is not asked again for a day)
      const known = cachedSiteFact(dir, formatKey, now());
      if (typeof known === 'string') return fromFormat(known === '' ? undefined : known);
      const format = await fetchDateFormat(api);
      storeSiteFact(dir, formatKey, format ?? '', now());
      return fromFormat(format);
    },
  };
}
