import { isAbsolute, join } from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

/** Environment values that are set and not blank (an exported empty variable counts as unset). */
function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

/** The XDG spec says relative base directories are invalid and must be ignored. */
function xdgBase(value: string | undefined): string | undefined {
  const set = nonEmpty(value);
  return set && isAbsolute(set) ? set : undefined;
}

/**
 * Directory of the profile files: `$CALCTL_CONFIG_DIR`, else `$XDG_CONFIG_HOME/calctl`, else
 * `~/.config/calctl` (also on macOS, where CLI users expect dotfiles rather than ~/Library).
 */
export function defaultConfigDir(env: Env, home: string): string {
  const explicit = nonEmpty(env.CALCTL_CONFIG_DIR);
  if (explicit) return explicit;
  const xdg = xdgBase(env.XDG_CONFIG_HOME);
  return join(xdg ?? join(home, '.config'), 'calctl');
}

/** Directory of the embedded server's data: `$CALCTL_DATA_DIR`, else `$XDG_DATA_HOME/calctl`, else `~/.local/share/calctl`. */
export function defaultDataDir(env: Env, home: string): string {
  const explicit = nonEmpty(env.CALCTL_DATA_DIR);
  if (explicit) return explicit;
  const xdg = xdgBase(env.XDG_DATA_HOME);
  return join(xdg ?? join(home, '.local', 'share'), 'calctl');
}

/** Directory of calctl's caches: `$XDG_CACHE_HOME/calctl`, else `~/.cache/calctl`. Safe to delete. */
export function defaultCacheDir(env: Env, home: string): string {
  const xdg = xdgBase(env.XDG_CACHE_HOME);
  return join(xdg ?? join(home, '.cache'), 'calctl');
}

/**
 * Directory of what calctl keeps about its own runs (the history of runs that write):
 * `$XDG_STATE_HOME/calctl`, else `~/.local/state/calctl`.
 */
export function defaultStateDir(env: Env, home: string): string {
  const xdg = xdgBase(env.XDG_STATE_HOME);
  return join(xdg ?? join(home, '.local', 'state'), 'calctl');
}
