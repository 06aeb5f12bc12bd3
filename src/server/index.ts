/**
 * The embedded server's one face: everything the commands (`calctl serve`, the built-in local calendar,
 * sync's working copies) use of it. No other file of src/server/ is imported from outside the server
 * (.dependency-cruiser.cjs enforces it), so its store, routes and replica can change without touching
 * a command.
 *
 * The request core and the HTTP server are loaded on first use: a command that only writes a working
 * copy's records (the replica) or reads its tables never loads the routes, the handlers or fastify.
 */
import type { Core, CoreOptions } from './core.js';
import type { RunningServer, StartOptions } from './start.js';
import { openForServing } from './stores.js';

export type { Core, CoreOptions, CoreRequest, CoreResponse } from './core.js';
export { internalError } from './http/errors.js';
export {
  LOCAL_ID_FLOOR,
  modifiedTimes,
  offlineTermIds,
  putPost,
  putTerm,
  rekey,
  removeRecord,
  setLocalIdFloor,
} from './replica.js';
export { normalizeBasePath, type Permalinks } from './rest/root.js';
export { type SiteSettings, type Stores, siteSettingsOf } from './site.js';
export type { RunningServer, StartOptions } from './start.js';
export { ADMIN_LOGIN, readAdminPassword } from './store/auth.js';
export { openSqliteFile } from './store/db.js';
export { UPLOADS_URL_PATH } from './store/media.js';
export type { User } from './store/users.js';
export { openStores as openDataDir } from './stores.js';
export { type AddedUser, addUser, listUsers, removeUser, UserManagementError } from './users/manage.js';
export { ROLE_NAMES } from './users/roles.js';

/** The request core without a transport, for a caller that holds the data dir itself (in-process). */
export async function createInProcessCore(opts: CoreOptions): Promise<Core> {
  const { createCore } = await import('./core.js');
  return createCore(opts);
}

/**
 * Opens a data dir, creates its admin on first use and listens over HTTP(S) (`calctl serve`). The
 * data dir is opened and the admin's password hashing started before the HTTP server's modules are
 * loaded: the two run side by side.
 */
export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const opened = openForServing(opts);
  let start: typeof import('./start.js');
  try {
    start = await import('./start.js');
  } catch (err) {
    await opened.passwordFile.catch(() => {});
    opened.stores.db.close();
    throw err;
  }
  return start.startServer(opts, opened);
}
