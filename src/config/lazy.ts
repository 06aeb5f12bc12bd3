/**
 * Loads src/config without its signal side effect. `conf` pulls in `atomically` → `when-exit`, which
 * on import hooks SIGINT/SIGTERM and re-raises them to kill the process, defeating our graceful
 * handling (exit 130 after cleanup, `serve` stopping with exit 0). Its exit-time cleanup still runs:
 * we finish normally and the process 'exit' event fires.
 */
const HANDLED: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

/** Imports a module and removes any SIGINT/SIGTERM listener the import added. */
export async function importWithoutSignalHooks<T>(load: () => Promise<T>): Promise<T> {
  const before = new Map(HANDLED.map((s) => [s, new Set(process.listeners(s))]));
  try {
    return await load();
  } finally {
    for (const signal of HANDLED) {
      const known = before.get(signal);
      for (const listener of process.listeners(signal)) {
        if (!known?.has(listener)) process.off(signal, listener as (...args: unknown[]) => void);
      }
    }
  }
}

/** src/config/index.js, loaded once, without the signal hooks of its dependencies. */
export function loadConfigModule(): Promise<typeof import('./index.js')> {
  return importWithoutSignalHooks(() => import('./index.js'));
}
