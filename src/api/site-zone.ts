import { siteZoneLabel } from '../clock/index.js';
import { CalctlError, EXIT } from '../errors/index.js';
import type { ApiClient } from './client.js';
import { NetworkError } from './errors.js';
import { siteRouteUrl } from './rest-url.js';

/**
 * The WordPress REST index (`…/wp-json/`) of a namespace base URL: `…/wp-json/tribe/events/v1` →
 * `…/wp-json/`, `…/?rest_route=/tribe/events/v1` → `…/?rest_route=/`.
 */
export function restIndexOf(baseUrl: string): string {
  return siteRouteUrl(baseUrl, '/').href;
}

/**
 * The site's time zone as its REST index announces it and as the site names it: `timezone_string` (an
 * IANA name), else the manual `gmt_offset` labelled as WordPress labels it (`UTC+5.5`, `UTC-3`: the
 * zone events made there get); undefined when the index says neither (WordPress then works in UTC). A site
 * reads the naive dates it is sent in this zone, so calctl must write them in it too: when the index
 * cannot be read (after the client's retries), this fails rather than guess.
 * @throws the request's own error, unchanged, when credentials are refused (exit 4) or the site cannot
 *   be reached (exit 1, with its URL): `--timezone` would not help, the next request would fail the
 *   same way. Any other failure (a timeout, 5xx …) with a hint naming `--timezone`.
 */
export async function siteTimeZone(api: ApiClient): Promise<string | undefined> {
  let body: unknown;
  try {
    body = (await api.get(restIndexOf(api.baseUrl))).body;
  } catch (err) {
    // (the index is the first request of many a command: its failure is the command's real cause)
    if (err instanceof NetworkError || (err instanceof CalctlError && err.exitCode === EXIT.auth)) throw err;
    if (err instanceof CalctlError) {
      const hint = [err.hint, "or give the site's zone with --timezone (Settings → General in WordPress)"]
        .filter(Boolean)
        .join('; ');
      throw new CalctlError(`the site's time zone could not be read: ${err.message}`, {
        code: err.code,
        exitCode: err.exitCode,
        hint,
        status: err.status,
        cause: err,
      });
    }
    throw err;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { timezone_string: name, gmt_offset: offset } = body as Record<string, unknown>;
  return siteZoneLabel(name, offset);
}
