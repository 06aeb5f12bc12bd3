/** Profile shapes and the reserved local name, kept apart from `conf` so resolving a target stays light. */

/** The name of the built-in embedded default; no stored profile may take it. */
export const LOCAL_PROFILE = 'local';

/** A profile as the user sees it: where the site is, who to be, and display preferences. */
export interface Profile {
  url: string;
  vendor?: 'tribe' | undefined;
  user?: string | undefined;
  /** WordPress application password (kept in secrets.json) */
  password?: string | undefined;
  /** bearer token, for sites with a JWT plugin (kept in secrets.json) */
  token?: string | undefined;
  perPage?: number | undefined;
  /**
   * how this site's people write numeric dates (`d/m/Y`, `m/d/Y`): what an import reads dates both
   * orders read in when the site does not say its own date format
   */
  dateFormat?: string | undefined;
  output?: string | undefined;
  /** a PEM file of the site's private certificate authority, trusted besides Node's own (absolute path) */
  caFile?: string | undefined;
}

/** The non-secret part, stored in config.json. */
export type ProfileSettings = Omit<Profile, 'password' | 'token'>;
/** The secret part, stored in secrets.json (mode 0600). */
export type ProfileSecrets = Pick<Profile, 'password' | 'token'>;
