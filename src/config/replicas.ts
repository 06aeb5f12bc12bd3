/**
 * Where a profile's replica lives — the offline working copy of `calctl sync`; in code "replica", so
 * that "copy" only means duplicating a record (`events copy`) — and what it remembers about its site:
 * `<data dir>/copies/<profile>/` unless `sync pull --data-dir DIR` chose another directory, which is then
 * remembered in `<data dir>/copies/<profile>.json`. Each copy holds the embedded server's files and
 * `copy.json` (the site, its zone, when it was last pulled).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { defaultDataDir } from './paths.js';

type Env = Readonly<Record<string, string | undefined>>;

/** (its file name on disk is kept, so replicas made before the rename are read) */
export const REPLICA_META = 'copy.json';

/** The name a site's working copy goes by: its profile, else its host. */
export function replicaName(target: { profileName?: string | undefined; url: string }): string {
  if (target.profileName) return target.profileName;
  return new URL(target.url).host.replace(/[^A-Za-z0-9_.-]/g, '_');
}

/** What a working copy knows about the site it copies. */
export interface ReplicaMeta {
  /** the site's namespace base (…/wp-json/tribe/events/v1) */
  site: string;
  profile: string;
  /** the site's time zone, for dates without an offset */
  timezone: string;
  /** ISO time of the last completed pull; '' before the first */
  pulledAt: string;
}

const pointerOf = (env: Env, home: string, profile: string) =>
  join(defaultDataDir(env, home), 'copies', `${profile}.json`);

/** The working copy directory of a profile: the remembered `--data` one, else the default place. */
export function replicaDir(env: Env, home: string, profile: string): string {
  const pointer = pointerOf(env, home, profile);
  if (existsSync(pointer)) {
    const dir = (JSON.parse(readFileSync(pointer, 'utf8')) as { dir?: unknown }).dir;
    if (typeof dir === 'string' && dir !== '') return dir;
  }
  return join(defaultDataDir(env, home), 'copies', profile);
}

/** Remembers `--data-dir DIR` as the profile's working copy. */
export function rememberReplicaDir(env: Env, home: string, profile: string, dir: string): void {
  const pointer = pointerOf(env, home, profile);
  mkdirSync(dirname(pointer), { recursive: true });
  writeFileSync(pointer, `${JSON.stringify({ dir: resolve(dir) })}\n`);
}

export function readReplicaMeta(dir: string): ReplicaMeta | undefined {
  const file = join(dir, REPLICA_META);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as ReplicaMeta;
}

/** Writes the copy's metadata atomically (a crash leaves the old file or the new one). */
export function writeReplicaMeta(dir: string, meta: ReplicaMeta): void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, REPLICA_META);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(meta, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}
