/**
 * `calctl serve users add|list|remove`: the users of a data dir that `calctl serve` serves, each with
 * one of WordPress's roles. `add` makes an application password for the new user and writes it to a
 * file only its owner can read (never to the terminal), so that a cron job can sign in with the least
 * privilege it needs: `calctl profile add cron --url … --user NAME --password-stdin < FILE`.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../errors/index.js';
import { stderrNotes } from '../../output/notes.js';
import { printValue } from '../../output/stdout.js';
import { dataDirOption } from '../data-dir.js';
import type { CliRuntime } from '../types.js';
import type { DataDirOptions, ServeUserAddOptions, ServeUserRemoveOptions } from './options.js';

async function dataDirOf(rt: CliRuntime, opts: DataDirOptions): Promise<string> {
  const { defaultDataDir } = await import('../../config/paths.js');
  const given = dataDirOption(rt.ctx, opts);
  return given !== undefined ? resolve(rt.ctx.cwd, given) : defaultDataDir(rt.ctx.env, rt.ctx.home);
}

/** Runs `fn` on the data dir's stores, turning the server's refusals into usage errors. */
async function withStores<T>(
  rt: CliRuntime,
  opts: DataDirOptions,
  fn: (server: typeof import('../../server/index.js'), stores: import('../../server/index.js').Stores) => T,
): Promise<T> {
  const server = await import('../../server/index.js');
  const dir = await dataDirOf(rt, opts);
  const stores = server.openDataDir(dir);
  try {
    // (a data dir used for the first time gets its administrator, as `calctl serve` would make it)
    await stores.auth.ensureAdmin(dir, rt.ctx.env.CALCTL_ADMIN_PASSWORD || undefined);
    return fn(server, stores);
  } catch (err) {
    if (err instanceof server.UserManagementError) throw new UsageError(err.message, err.hint, 'bad-user');
    throw err;
  } finally {
    stores.db.close();
  }
}

export async function addServeUser(rt: CliRuntime, login: string, opts: ServeUserAddOptions): Promise<void> {
  const role = opts.role ?? 'subscriber';
  const file = resolve(rt.ctx.cwd, opts.passwordFile ?? `${login}.app-password`);
  const added = await withStores(rt, opts, (server, stores) =>
    server.addUser(stores, {
      login,
      role,
      email: typeof opts.email === 'string' ? opts.email : undefined,
      appName: opts.appName ?? 'calctl',
      now: new Date(rt.ctx.now()),
    }),
  );
  writeFileSync(file, `${added.password}\n`, { mode: 0o600 });
  const { user } = added;
  // (one JSON line, as `users list` prints each user; the password itself only in the file)
  const made = { id: user.id, username: user.login, email: user.email, roles: user.roles };
  printValue(rt.ctx, { ...made, application_password: { uuid: added.uuid, file } }, 'ndjson');
  stderrNotes(rt.ctx).text(
    `calctl: user "${user.login}" (${role}) added; its application password is in ${file}\n`,
    'info',
  );
}

export async function listServeUsers(rt: CliRuntime, opts: DataDirOptions): Promise<void> {
  const users = await withStores(rt, opts, (server, stores) => server.listUsers(stores));
  const rows = users.map((u) => ({ id: u.id, username: u.login, email: u.email, roles: u.roles }));
  printValue(rt.ctx, rows, 'ndjson');
}

export async function removeServeUser(rt: CliRuntime, login: string, opts: ServeUserRemoveOptions): Promise<void> {
  const reassign = opts.reassign ?? 1;
  await withStores(rt, opts, (server, stores) => server.removeUser(stores, login, reassign));
  stderrNotes(rt.ctx).text(`calctl: user "${login}" removed; its posts now belong to user ${reassign}\n`, 'info');
}
