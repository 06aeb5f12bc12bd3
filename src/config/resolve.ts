import { UsageError } from '../errors/index.js';
import { LOCAL_PROFILE, type ProfileSecrets, type ProfileSettings } from './profile.js';

/*
 * Which site calctl talks to, and as whom. Pure: everything comes in through the input.
 *
 * Precedence, highest first (printed by `calctl help profiles` as PROFILE_RULES):
 *   1. flags: --url, --user, --token, --password-stdin
 *   2. an explicitly chosen profile: --profile NAME or @NAME
 *   3. environment: CALCTL_URL, CALCTL_USER, CALCTL_PASSWORD, CALCTL_TOKEN, then the WordPress names
 *      WP_URL, WP_USERNAME, WP_APP_PASSWORD (CALCTL_* win)
 *   4. CALCTL_PROFILE, else the default profile of the config
 *   5. the built-in local calendar (embedded server)
 *
 * The URL and the identity (a user, or a token) are each taken from the highest level that has
 * one. Two rules keep credentials where they belong:
 *   - a level that names a URL lends its credentials only to that URL, so
 *     `--url https://other.example` never carries the default profile's password elsewhere;
 *   - a password belongs to the user it came with; only --password-stdin and the environment
 *     (when it names no other user) fill in a password or token for a user stored without one.
 */

type Env = Readonly<Record<string, string | undefined>>;

/** Authentication sent with every request. */
export type TargetAuth = { type: 'basic'; user: string; password: string } | { type: 'bearer'; token: string };

/** The built-in embedded calendar. */
export interface LocalTarget {
  kind: 'local';
  profileName: 'local';
  sources: Record<string, string>;
}

/** A WordPress site. */
export interface RemoteTarget {
  kind: 'remote';
  /** the profile in use (the one that supplied the URL) */
  profileName?: string;
  url: string;
  vendor: string;
  auth?: TargetAuth;
  /** a user known without a password: an interactive command may prompt for it */
  user?: string;
  perPage?: number;
  /** the profile's date format (`d/m/Y`), for imports whose dates read either way */
  dateFormat?: string;
  output?: string;
  /** a PEM file of a private CA to trust for this site (`--ca-file`, or the profile's) */
  caFile?: string;
  /** where each value came from, e.g. {url: 'profile prod', password: 'env CALCTL_PASSWORD'} */
  sources: Record<string, string>;
}

export type Target = LocalTarget | RemoteTarget;

/** What resolveTarget reads. */
export interface ResolveInput {
  flags: {
    /** `--profile NAME`, or `@NAME` (with or without the @) */
    profile?: string | undefined;
    url?: string | undefined;
    user?: string | undefined;
    token?: string | undefined;
    vendor?: string | undefined;
    /** the password read from stdin for --password-stdin */
    passwordFromStdin?: string | undefined;
    /** `--ca-file` */
    caFile?: string | undefined;
  };
  env: Env;
  config: { profiles: Record<string, ProfileSettings>; defaultProfile?: string | undefined };
  secrets: Record<string, ProfileSecrets>;
}

/** The rules above in plain words, for `calctl help profiles`. */
export const PROFILE_RULES = `Where calctl sends requests, and as whom, highest priority first:

  1. Flags: --url, --user, --token, --password-stdin.
  2. A profile you name: --profile NAME or @NAME.
  3. Environment: CALCTL_URL, CALCTL_USER, CALCTL_PASSWORD, CALCTL_TOKEN, or the WordPress
     names WP_URL, WP_USERNAME, WP_APP_PASSWORD (the CALCTL_ names win).
  4. CALCTL_PROFILE, else the default profile (calctl profile use NAME).
  5. The built-in local calendar ("local"), which needs no setup.

The site address and the identity (a user, or a token) each come from the highest level that
has one. Credentials are only sent to the address they came with: a profile's password goes to
that profile's site only, and environment credentials are ignored when CALCTL_URL names another
site than the one in use. A password from --password-stdin or the environment fills in for a
user whose profile stores none (not when the environment names a different user). Naming a profile that does not exist is an error (see calctl profile list).
Profile names use letters, digits, "_", "." and "-"; "local" is reserved.`;

interface Layer {
  /** label for `sources` */
  label: string;
  url?: string | undefined;
  user?: string | undefined;
  password?: string | undefined;
  token?: string | undefined;
  vendor?: string | undefined;
  /** settings of the profile this layer stands for */
  profile?: { name: string; settings: ProfileSettings } | undefined;
  /** labels per field when they differ from `label` (environment names) */
  fieldLabels?: Record<string, string>;
}

function set(value: string | undefined): string | undefined {
  return value !== undefined && value !== '' ? value : undefined;
}

function sameUrl(a: string, b: string): boolean {
  return a.trim().replace(/\/+$/, '').toLowerCase() === b.trim().replace(/\/+$/, '').toLowerCase();
}

function firstEnv(env: Env, names: string[]): [string, string] | undefined {
  for (const name of names) {
    const value = set(env[name]);
    if (value !== undefined) return [name, value];
  }
  return undefined;
}

function envLayer(env: Env): Layer {
  const layer: Layer = { label: 'environment', fieldLabels: {} };
  const pick = (field: 'url' | 'user' | 'password' | 'token' | 'vendor', names: string[]) => {
    const found = firstEnv(env, names);
    if (!found) return;
    layer[field] = found[1];
    (layer.fieldLabels as Record<string, string>)[field] = `env ${found[0]}`;
  };
  pick('url', ['CALCTL_URL', 'WP_URL']);
  pick('user', ['CALCTL_USER', 'WP_USERNAME']);
  pick('password', ['CALCTL_PASSWORD', 'WP_APP_PASSWORD']);
  pick('token', ['CALCTL_TOKEN']);
  pick('vendor', ['CALCTL_VENDOR']);
  return layer;
}

function profileLayer(name: string, label: string, input: ResolveInput): Layer {
  const settings = input.config.profiles[name];
  if (!settings) {
    throw new UsageError(
      `no profile named "${name}" (${label})`,
      'see the profiles with: calctl profile list',
      'profile_not_found',
    );
  }
  const secrets = input.secrets[name] ?? {};
  return {
    label: `${label} ${name}`,
    url: set(settings.url),
    user: set(settings.user),
    password: set(secrets.password),
    token: set(secrets.token),
    vendor: set(settings.vendor),
    profile: { name, settings },
  };
}

function localTarget(source: string): LocalTarget {
  return { kind: 'local', profileName: LOCAL_PROFILE, sources: { target: source } };
}

/** The flags as the highest layer; refuses credentials given twice over. */
function flagLayerOf(flags: ResolveInput['flags']): Layer {
  const flagLayer: Layer = {
    label: 'flag',
    url: set(flags.url),
    user: set(flags.user),
    password: set(flags.passwordFromStdin),
    token: set(flags.token),
    vendor: set(flags.vendor),
    fieldLabels: {
      url: 'flag --url',
      user: 'flag --user',
      password: 'flag --password-stdin',
      token: 'flag --token',
      vendor: 'flag --vendor',
    },
  };
  if (flagLayer.user && flagLayer.token) {
    throw new UsageError(
      '--user and --token cannot be used together',
      'use an application password (--user) or a token, not both',
    );
  }
  if (flagLayer.password !== undefined && flagLayer.token) {
    throw new UsageError(
      '--password-stdin and --token cannot be used together',
      'use an application password (--user) or a token, not both',
    );
  }
  return flagLayer;
}

/**
 * Every layer below the flags, highest first, and why the local calendar was named when it was
 * (`localSource`).
 */
function lowerLayers(input: ResolveInput): { layers: Layer[]; localSource: string | undefined } {
  const { flags, env } = input;
  const explicit = set(flags.profile)?.replace(/^@/, '');
  const layers: Layer[] = [];
  let localSource: string | undefined;
  if (explicit !== undefined) {
    if (explicit === LOCAL_PROFILE) localSource = `profile ${LOCAL_PROFILE}`;
    else layers.push(profileLayer(explicit, 'profile', input));
  }
  // An explicit `local` shuts out the environment and the default: only flags could still name a site.
  if (localSource === undefined) {
    layers.push(envLayer(env));
    if (explicit === undefined) {
      const fromEnv = set(env.CALCTL_PROFILE)?.replace(/^@/, '');
      const name = fromEnv ?? set(input.config.defaultProfile);
      const label = fromEnv !== undefined ? 'CALCTL_PROFILE' : 'default profile';
      if (name === LOCAL_PROFILE)
        localSource = label === 'CALCTL_PROFILE' ? 'env CALCTL_PROFILE=local' : 'default profile local';
      else if (name !== undefined) layers.push(profileLayer(name, label, input));
    }
  }
  return { layers, localSource };
}

const labelOf = (layer: Layer, field: string) => layer.fieldLabels?.[field] ?? layer.label;

/** The site's own settings: those of the profile in use, the CA file, the vendor. */
function siteSettings(target: RemoteTarget, layers: Layer[], usable: Layer[], caFlag: string | undefined): void {
  const sources = target.sources;
  const profile = usable.find((l) => l.profile !== undefined)?.profile;
  if (profile) {
    target.profileName = profile.name;
    sources.profile = layers.find((l) => l.profile === profile)?.label ?? profile.name;
    if (profile.settings.perPage !== undefined) target.perPage = profile.settings.perPage;
    if (profile.settings.dateFormat !== undefined) target.dateFormat = profile.settings.dateFormat;
    if (profile.settings.output !== undefined) target.output = profile.settings.output;
  }
  // A CA file for one command beats the profile's; like other settings it goes to its own site only.
  const caFile = set(caFlag) ?? set(profile?.settings.caFile);
  if (caFile !== undefined) {
    target.caFile = caFile;
    sources.ca_file = set(caFlag) !== undefined ? 'flag --ca-file' : (sources.profile ?? 'profile');
  }
  const vendorLayer = usable.find((l) => l.vendor !== undefined);
  if (vendorLayer?.vendor) {
    target.vendor = vendorLayer.vendor;
    sources.vendor = labelOf(vendorLayer, 'vendor');
  }
}

/** Who the target is asked as: a user and password, a token, or a user still without a password. */
function identityOf(target: RemoteTarget, flagLayer: Layer, usable: Layer[]): void {
  const sources = target.sources;
  const identity = usable.find((l) => l.user !== undefined || l.token !== undefined);
  if (!identity) {
    if (flagLayer.password !== undefined) {
      throw new UsageError('--password-stdin needs a user', 'add --user NAME, or store the user in the profile');
    }
    return;
  }
  // Fill-ins for an identity whose own level has no secret: --password-stdin, then the environment
  // (unless the environment names a different user: its password is that user's).
  const envLayerUsed = usable.find((l) => l.label === 'environment');
  const fillers = [flagLayer];
  if (
    envLayerUsed &&
    envLayerUsed !== identity &&
    (envLayerUsed.user === undefined || envLayerUsed.user === identity.user)
  ) {
    fillers.push(envLayerUsed);
  }
  const user = identity.user;
  const passwordLayer =
    user !== undefined ? [flagLayer, identity, ...fillers].find((l) => l.password !== undefined) : undefined;
  const tokenLayer = [identity, ...fillers].find((l) => l.token !== undefined);
  if (user !== undefined && passwordLayer?.password !== undefined) {
    target.auth = { type: 'basic', user, password: passwordLayer.password };
    sources.user = labelOf(identity, 'user');
    sources.password = labelOf(passwordLayer, 'password');
  } else if (tokenLayer?.token !== undefined) {
    target.auth = { type: 'bearer', token: tokenLayer.token };
    sources.token = labelOf(tokenLayer, 'token');
  } else if (user !== undefined) {
    target.user = user;
    sources.user = labelOf(identity, 'user');
  }
}

/**
 * Resolves flags, environment and stored profiles into the target of this run (see the rules
 * at the top of this file). Throws UsageError for a named profile that does not exist and for
 * credentials given without any site.
 */
export function resolveTarget(input: ResolveInput): Target {
  const flagLayer = flagLayerOf(input.flags);
  const lower = lowerLayers(input);
  const layers: Layer[] = [flagLayer, ...lower.layers];

  const urlLayer = layers.find((l) => l.url !== undefined);
  if (!urlLayer || urlLayer.url === undefined) {
    if (flagLayer.user || flagLayer.token || flagLayer.password !== undefined) {
      throw new UsageError(
        'credentials were given but no site',
        'add --url <site> or choose a profile with --profile NAME',
      );
    }
    return localTarget(lower.localSource ?? 'built-in default');
  }
  const url = urlLayer.url;
  const sources: Record<string, string> = { url: labelOf(urlLayer, 'url') };
  refuseCredentialsInUrl(url, labelOf(urlLayer, 'url'));
  // Credentials go only to the URL they came with: a level that names another site lends none.
  // A profile is in use when it supplied the URL (or names the same one).
  const usable = layers.filter((l) => l.url === undefined || sameUrl(l.url, url));
  const target: RemoteTarget = { kind: 'remote', url, vendor: 'tribe', sources };
  siteSettings(target, layers, usable, input.flags.caFile);
  identityOf(target, flagLayer, usable);
  return target;
}

/**
 * A site URL must not carry credentials (`https://user:pass@host`): they would be shown wherever the
 * URL is (logs, reports, the profile file) and WordPress ignores them anyway.
 */
export function refuseCredentialsInUrl(url: string, source: string): void {
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url.trim()) || /^[^/?#:]*:[^/?#]*@/.test(url.trim())) {
    throw new UsageError(
      `the site URL (${source}) contains a user name or password`,
      'remove them from the URL; give the user with --user (or CALCTL_USER) and the application password with --password-stdin or CALCTL_PASSWORD',
      'credentials-in-url',
    );
  }
}
