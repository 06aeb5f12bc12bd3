/**
 * What WordPress's settings say of how the site writes dates (`GET /wp/v2/settings`: `date_format`,
 * readable by whoever may manage options). An import of dates that read either way follows it.
 */
import type { ApiClient } from './client.js';
import { coreRouteUrl } from './core-routes.js';

/** The site's `date_format` (`F j, Y`, `d/m/Y` …), or undefined when the caller may not read it. */
export async function fetchDateFormat(client: ApiClient, signal?: AbortSignal): Promise<string | undefined> {
  try {
    const res = await client.get<{ date_format?: unknown }>(coreRouteUrl(client.baseUrl, '/settings'), {
      retry: false,
      signal,
    });
    const format = res.body?.date_format;
    return typeof format === 'string' && format !== '' ? format : undefined;
  } catch {
    return undefined;
  }
}
