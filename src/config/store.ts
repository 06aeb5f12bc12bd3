import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import Conf from 'conf';
import { UsageError } from '../errors/index.js';

export { LOCAL_PROFILE, type Profile, type ProfileSecrets, type ProfileSettings } from './profile.js';

import { LOCAL_PROFILE, type Profile, type ProfileSecrets, type ProfileSettings } from './profile.js';

const NAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const SECRETS_FILE = 'secrets.json';
export const CONFIG_FILE = 'config.json';

/** Everything on disk, split as it is stored. */
export interface LoadedConfig {
  profiles: Record<string, ProfileSettings>;
  defaultProfile: string | undefined;
  secrets: Record<string, ProfileSecrets>;
  configPath: string;
  secretsPath: string;
}

/** One row of `profile list`: settings plus whether secrets exist (never their values). */
export interface ProfileSummary {
  name: string;
  profile: ProfileSettings;
  isDefault: boolean;
  hasPassword: boolean;
  hasToken: boolean;
}

interface ConfigShape {
  defaultProfile?: string;
  profiles?: Record<string, unknown>;
}

/** Throws a UsageError unless `name` may be used for a stored profile. */
export function validateProfileName(name: string): void {
  if (name === LOCAL_PROFILE) {
    throw new UsageError(
      `"${LOCAL_PROFILE}" is reserved for the built-in embedded calendar`,
      'choose another profile name',
      'profile_name_reserved',
    );
  }
  if (!NAME_PATTERN.test(name)) {
    throw new UsageError(
      `invalid profile name "${name}"`,
      'use letters, digits, "_", "." and "-" only',
      'profile_name_invalid',
    );
  }
}

function openStore(dir: string): Conf<ConfigShape> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    return new Conf<ConfigShape>({
      projectName: 'calctl',
      projectSuffix: '',
      cwd: dir,
      configName: 'config',
      configFileMode: 0o600,
      // Profile names may contain dots: they are keys, not paths.
      accessPropertiesByDotNotation: false,
      clearInvalidConfig: false,
    });
  } catch (err) {
    throw new UsageError(
      `cannot read ${join(dir, CONFIG_FILE)}: ${err instanceof Error ? err.message : String(err)}`,
      'fix the JSON by hand or delete the file and add the profiles again',
      'config_invalid',
    );
  }
}

/** Keeps the known settings with the right types; anything else in the file is ignored. */
function toSettings(name: string, raw: unknown, path: string): ProfileSettings {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  if (typeof r.url !== 'string' || r.url === '') {
    throw new UsageError(
      `profile "${name}" in ${path} has no url`,
      `add it again: calctl profile add ${name} --url <site>`,
      'config_invalid',
    );
  }
  const settings: ProfileSettings = { url: r.url };
  if (r.vendor === 'tribe') settings.vendor = 'tribe';
  if (typeof r.user === 'string' && r.user !== '') settings.user = r.user;
  if (typeof r.perPage === 'number' && Number.isInteger(r.perPage) && r.perPage > 0) settings.perPage = r.perPage;
  if (typeof r.dateFormat === 'string' && r.dateFormat !== '') settings.dateFormat = r.dateFormat;
  if (typeof r.output === 'string' && r.output !== '') settings.output = r.output;
  if (typeof r.caFile === 'string' && r.caFile !== '') settings.caFile = r.caFile;
  return settings;
}

/**
 * Refuses a secrets file that group or others may read: the passwords in it would already be
 * exposed, and silently using it would hide that. The check needs a POSIX file mode.
 */
export function assertPrivate(path: string, platform: NodeJS.Platform = process.platform): void {
  if (platform === 'win32') return;
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new UsageError(
      `${path} can be read or changed by other users (mode ${mode.toString(8).padStart(3, '0')}); refusing to use it`,
      `chmod 600 ${path}`,
      'secrets_insecure',
    );
  }
}

/** Reads secrets.json (empty when absent) after checking its mode. */
export function loadSecrets(dir: string, platform?: NodeJS.Platform): Record<string, ProfileSecrets> {
  const path = join(dir, SECRETS_FILE);
  if (!existsSync(path)) return {};
  assertPrivate(path, platform);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new UsageError(
      `cannot read ${path}: ${err instanceof Error ? err.message : String(err)}`,
      'fix the JSON by hand, or delete the file and store the passwords again',
      'config_invalid',
    );
  }
  const out: Record<string, ProfileSecrets> = {};
  if (typeof parsed !== 'object' || parsed === null) return out;
  for (const [name, raw] of Object.entries(parsed as Record<string, unknown>)) {
    const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const secrets: ProfileSecrets = {};
    if (typeof r.password === 'string' && r.password !== '') secrets.password = r.password;
    if (typeof r.token === 'string' && r.token !== '') secrets.token = r.token;
    out[name] = secrets;
  }
  return out;
}

/** Writes secrets.json atomically, created 0600 so the secret is never briefly world-readable. */
function writeSecrets(dir: string, secrets: Record<string, ProfileSecrets>): void {
  const path = join(dir, SECRETS_FILE);
  const entries = Object.entries(secrets).filter(([, s]) => s.password !== undefined || s.token !== undefined);
  if (entries.length === 0) {
    if (existsSync(path)) unlinkSync(path);
    return;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}

/** The profiles without their secrets (nothing is checked about secrets.json). */
export function loadSettings(dir: string): Pick<LoadedConfig, 'profiles' | 'defaultProfile' | 'configPath'> {
  const store = openStore(dir);
  const profiles: Record<string, ProfileSettings> = {};
  for (const [name, raw] of Object.entries(store.get('profiles') ?? {})) {
    profiles[name] = toSettings(name, raw, store.path);
  }
  const defaultProfile = store.get('defaultProfile');
  return {
    profiles,
    defaultProfile: typeof defaultProfile === 'string' ? defaultProfile : undefined,
    configPath: store.path,
  };
}

/** Loads profiles and secrets from a config directory (a missing directory is an empty config). */
export function loadConfig(dir: string, platform?: NodeJS.Platform): LoadedConfig {
  const settings = loadSettings(dir);
  return { ...settings, secrets: loadSecrets(dir, platform), secretsPath: join(dir, SECRETS_FILE) };
}

/**
 * Adds or replaces a profile. Secrets go to secrets.json; a profile saved without password and
 * token has its stored secrets removed (load, merge and save to keep them).
 */
export function saveProfile(dir: string, name: string, profile: Profile): void {
  validateProfileName(name);
  const { password, token, ...rest } = profile;
  const settings = toSettings(name, rest, join(dir, CONFIG_FILE));
  const store = openStore(dir);
  // Read the secrets first: an insecure file must stop the save before anything changes.
  const secrets = loadSecrets(dir);
  store.set('profiles', { ...(store.get('profiles') ?? {}), [name]: settings });
  const next: ProfileSecrets = {};
  if (password !== undefined && password !== '') next.password = password;
  if (token !== undefined && token !== '') next.token = token;
  secrets[name] = next;
  writeSecrets(dir, secrets);
}

/** Removes a profile and its secrets; clears the default when it pointed there. Returns whether it existed. */
export function removeProfile(dir: string, name: string): boolean {
  const store = openStore(dir);
  const profiles = { ...(store.get('profiles') ?? {}) };
  const existed = name in profiles;
  const secrets = loadSecrets(dir);
  delete profiles[name];
  store.set('profiles', profiles);
  if (store.get('defaultProfile') === name) store.delete('defaultProfile');
  if (name in secrets) {
    delete secrets[name];
    writeSecrets(dir, secrets);
  }
  return existed;
}

/** Sets the default profile (`local` for the embedded calendar); undefined clears it. */
export function setDefaultProfile(dir: string, name: string | undefined): void {
  const store = openStore(dir);
  if (name === undefined) {
    store.delete('defaultProfile');
    return;
  }
  if (name !== LOCAL_PROFILE && !(name in (store.get('profiles') ?? {}))) {
    throw new UsageError(
      `no profile named "${name}"`,
      'see the profiles with: calctl profile list',
      'profile_not_found',
    );
  }
  store.set('defaultProfile', name);
}

/** The stored profiles, sorted by name, with flags for secrets instead of their values. */
export function listProfiles(dir: string): ProfileSummary[] {
  const { profiles, defaultProfile, secrets } = loadConfig(dir);
  return Object.keys(profiles)
    .sort()
    .map((name) => ({
      name,
      profile: profiles[name] as ProfileSettings,
      isDefault: defaultProfile === name,
      hasPassword: secrets[name]?.password !== undefined,
      hasToken: secrets[name]?.token !== undefined,
    }));
}

/** One profile with its secrets merged in, or undefined. */
export function getProfile(dir: string, name: string): Profile | undefined {
  const { profiles, secrets } = loadConfig(dir);
  const settings = profiles[name];
  if (!settings) return undefined;
  return { ...settings, ...secrets[name] };
}
