/**
 * The built-in local default: the embedded server started in-process on 127.0.0.1, port 0, over the
 * default data dir. Loaded lazily (fastify and SQLite are the heaviest parts of calctl).
 */
import { defaultDataDir } from '../config/paths.js';
import { startServer } from '../server/start.js';
import { ADMIN_LOGIN, readAdminPassword } from '../server/store/auth.js';
import type { Context } from './context.js';
import { CalctlError, EXIT } from './errors.js';

/** What a command needs to talk to the in-process server. */
export interface LocalServer {
  baseUrl: string;
  dataDir: string;
  user: string;
  password: string;
  close(): Promise<void>;
}

/** Starts the embedded server for this run and reads the admin's application password. */
export async function startLocalServer(ctx: Context, vendor?: string): Promise<LocalServer> {
  const dataDir = defaultDataDir(ctx.env, ctx.home);
  const server = await startServer({
    dataDir,
    host: '127.0.0.1',
    port: 0,
    ...(vendor ? { vendor } : {}),
    adminPassword: ctx.env.CALCTL_ADMIN_PASSWORD || undefined,
  });
  const password = server.adminPassword ?? readAdminPassword(dataDir);
  if (!password) {
    await server.close();
    throw new CalctlError(`the admin password of the local calendar in ${dataDir} is missing`, {
      code: 'local_password_missing',
      exitCode: EXIT.auth,
      hint: 'set CALCTL_ADMIN_PASSWORD to the password it was created with, or restore <data dir>/admin-password',
    });
  }
  return { baseUrl: server.baseUrl, dataDir, user: ADMIN_LOGIN, password, close: server.close };
}
