/**
 * The built-in local default: the embedded server's core over the default data dir, called
 * in-process. No HTTP server or client library is loaded and no socket is opened, so the local
 * calendar starts fast; `calctl serve` on the same data dir still works for other clients.
 */

import { readFile } from 'node:fs/promises';
import type { Transport } from '../api/client.js';
import { restUrl } from '../api/rest-url.js';
import { isValidTimeZone, siteZoneName } from '../clock/index.js';
import { defaultDataDir } from '../config/paths.js';
import type { Context } from '../io/context.js';
import {
  ADMIN_LOGIN,
  createInProcessCore,
  internalError,
  openDataDir,
  readAdminPassword,
  UPLOADS_URL_PATH,
} from '../server/index.js';

/** What a command needs to talk to the in-process calendar. */
export interface LocalCalendar {
  baseUrl: string;
  dataDir: string;
  user: string;
  password: string;
  /** hands each request to the server core, as if it had come over HTTP */
  transport: Transport;
  close(): Promise<void>;
}

const LOCAL_ORIGIN = 'http://localhost';

/** Where and how to open the calendar: another data dir (an offline working copy) and its site's zone. */
export interface LocalCalendarOptions {
  dataDir?: string;
  timezone?: string;
}

/**
 * The zone of a local calendar as a site's settings hold it: an offline copy of a site with the manual
 * offset `UTC+5.5` labels its events `UTC+5.5` (a copy made by an older calctl noted `UTC+5:30`).
 */
function zoneSetting(zone: string | undefined): string {
  return zone && isValidTimeZone(zone) ? siteZoneName(zone) : (zone ?? 'UTC');
}

/** A file of the uploads folder as a web server answers it: its bytes, or a 404. */
async function uploadedFile(
  media: { pathOf(relative: string): string | undefined },
  path: string,
  method: string,
): Promise<{ status: number; headers: Record<string, string>; body: string | Buffer }> {
  let relative = '';
  try {
    relative = decodeURIComponent(path);
  } catch {}
  const full = relative === '' || relative.includes('\0') ? undefined : media.pathOf(relative);
  const bytes = full ? await readFile(full).catch(() => undefined) : undefined;
  if (!bytes) return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' };
  return { status: 200, headers: { 'content-length': String(bytes.length) }, body: method === 'HEAD' ? '' : bytes };
}

/**
 * Opens a data dir (the default one unless named; its admin made on first use) and a core that answers
 * in-process through the transport it returns: no socket is opened.
 */
export async function openLocalCalendar(
  ctx: Context,
  vendor?: string,
  opts: LocalCalendarOptions = {},
): Promise<LocalCalendar> {
  const dataDir = opts.dataDir ?? defaultDataDir(ctx.env, ctx.home);
  const stores = openDataDir(dataDir, { optimize: false });
  try {
    await stores.auth.ensureAdmin(dataDir, ctx.env.CALCTL_ADMIN_PASSWORD || undefined);
  } catch (err) {
    stores.db.close();
    throw err;
  }
  const core = await createInProcessCore({
    site: { vendor: vendor ?? 'tribe', perPage: 10, timezone: zoneSetting(opts.timezone), now: () => ctx.now() },
    stores,
    // This process holds the data dir itself: its requests are the admin's, no hash is checked.
    trustCredentials: true,
  });
  // The password is only sent as the admin's credentials; the in-process core trusts them anyway.
  const password = ctx.env.CALCTL_ADMIN_PASSWORD || readAdminPassword(dataDir) || 'local';
  return {
    // (the in-process server serves the pretty form: REST root <origin>/wp-json/)
    baseUrl: restUrl(`${LOCAL_ORIGIN}/wp-json/`, `/${vendor ?? 'tribe'}/events/v1`).href,
    dataDir,
    user: ADMIN_LOGIN,
    password,
    transport: async ({ method, url, headers, body }) => {
      // (the uploaded files, as the web server in front of a site serves them: a migration reads images)
      if ((method === 'GET' || method === 'HEAD') && url.pathname.startsWith(`${UPLOADS_URL_PATH}/`)) {
        return uploadedFile(stores.media, url.pathname.slice(UPLOADS_URL_PATH.length + 1), method);
      }
      let res: Awaited<ReturnType<typeof core.handle>>;
      try {
        res = await core.handle({
          method,
          url: `${url.pathname}${url.search}`,
          headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
          body: body ?? null,
          ip: '127.0.0.1',
          origin: LOCAL_ORIGIN,
        });
      } catch (err) {
        // A failure of the server's own code is the site's 500, as `calctl serve` answers it over
        // HTTP, never a network failure (whose hint would send the user to check the site's URL).
        const detail = err instanceof Error ? err.message : String(err);
        return {
          status: 500,
          headers: { 'content-type': 'application/json; charset=UTF-8' },
          body: JSON.stringify(internalError(`${method} ${url.pathname}: ${detail}`).toBody()),
        };
      }
      return {
        status: res.status,
        headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k.toLowerCase(), v])),
        body: res.body,
      };
    },
    close: async () => {
      stores.db.close();
    },
  };
}
