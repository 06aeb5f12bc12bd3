import { siteZoneName } from '../clock/index.js';
import type { Stores } from './store/stores.js';

export type { Stores };

/** How the site's permalinks are set (Settings → Permalinks): plain means the REST API has no pretty path. */
export type Permalinks = 'pretty' | 'plain';

/** Settings of one deployment of the embedded server. */
export interface SiteSettings {
  /** first segment of the namespace: `tribe` → tribe/events/v1 */
  vendor: string;
  /** default page size of every list (the real site's posts_per_page) */
  perPage: number;
  /** site time zone (IANA id or UTC±h) */
  timezone: string;
  /** current instant; injectable for tests */
  now: () => Date;
  /** the permalink style, which decides where the REST API lives (rest/root.ts; default pretty) */
  permalinks?: Permalinks | undefined;
  /** the folder WordPress is installed in (`/blog`), or '' at the host's root (default) */
  basePath?: string | undefined;
  /** the site's language (WPLANG): the locale of the descriptions the routes give (default en_US) */
  locale?: string | undefined;
  /** WordPress's `date_format` setting (PHP letters); default: the one the locale's translation sets */
  dateFormat?: string | undefined;
  /**
   * The plugin's `tribe/events/v1` routes take batches (default, a deliberate difference kept for the
   * client's batched imports: as on a site where a plugin set their `allow_batch`); `false` refuses
   * them with `rest_batch_not_allowed`, as a stock site does.
   */
  batchPluginRoutes?: boolean | undefined;
}

/**
 * The `date_format` WordPress's translation of a language sets on install (its `Date format` string):
 * American English writes the month first, most other languages the day.
 */
/**
 * A deployment's settings from what `calctl serve` (or a test) is given: what is left out takes a new
 * WordPress site's value (10 a page, UTC, pretty permalinks at the root, en_US), and a zone is read as
 * a site's settings can hold it (+05:30 or UTC+5:30 is the manual offset UTC+5.5).
 */
export function siteSettingsOf(given: Partial<SiteSettings>): SiteSettings {
  return {
    vendor: given.vendor ?? 'tribe',
    perPage: given.perPage ?? 10,
    timezone: siteZoneName(given.timezone ?? 'UTC'),
    now: given.now ?? (() => new Date()),
    permalinks: given.permalinks ?? 'pretty',
    basePath: given.basePath ?? '',
    locale: given.locale ?? 'en_US',
    ...(given.dateFormat ? { dateFormat: given.dateFormat } : {}),
    ...(given.batchPluginRoutes !== undefined ? { batchPluginRoutes: given.batchPluginRoutes } : {}),
  };
}

const LOCALE_DATE_FORMATS: Readonly<Record<string, string>> = {
  en_US: 'F j, Y',
  en_CA: 'F j, Y',
  en_GB: 'j F Y',
  en_AU: 'j F Y',
  de_DE: 'j. F Y',
  de_AT: 'j. F Y',
  de_CH: 'j. F Y',
  fr_FR: 'j F Y',
  fr_CA: 'j F Y',
  es_ES: 'j \\d\\e F \\d\\e Y',
  it_IT: 'j F Y',
  nl_NL: 'j F Y',
  pt_BR: 'j \\d\\e F \\d\\e Y',
};

/** The site's `date_format`: the one set, else its language's. */
export const siteDateFormat = (site: SiteSettings): string =>
  site.dateFormat ?? LOCALE_DATE_FORMATS[site.locale ?? 'en_US'] ?? 'F j, Y';

/** What a handler knows about the request besides its parameters. */
export interface RequestScope {
  site: SiteSettings;
  stores: Stores;
  /** the site's home URL: scheme://host[:port] the client used, then the folder of the install */
  origin: string;
  /** the signed-in user, or null for anonymous readers */
  userId: number | null;
}

export const namespaceOf = (site: SiteSettings) => `${site.vendor}/events/v1`;
/**
 * host[/path] part of global ids: the home URL's host name without port, and its folder, as the plugin
 * writes it (Tribe__Utils__Global_ID::origin on home_url()).
 */
const hosts = new Map<string, string>();
export const globalHost = (origin: string): string => {
  let host = hosts.get(origin);
  if (host === undefined) {
    try {
      const url = new URL(origin);
      host = `${url.hostname}${url.pathname === '/' ? '' : url.pathname}`;
    } catch {
      host = origin;
    }
    // Origins come from Host headers: keep the memo small whatever clients send.
    if (hosts.size > 100) hosts.clear();
    hosts.set(origin, host);
  }
  return host;
};
