/**
 * A small JSON file in the cache dir of entries each stamped with when it was learnt, trusted for a
 * while and then asked again (`sites.json`: where sites' REST APIs are; `site-facts.json`: what sites
 * said about themselves). Written whole through a temp file and a rename, so a reader never meets it
 * half-written; the oldest entries go beyond a bound. A file that cannot be read or written is simply
 * not used: the caller asks the site again.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How one such file is laid out and kept. */
export interface DatedFileSpec<T> {
  /** file name in the cache dir */
  file: string;
  /** the key of the entries' object in the file (`{ version: 1, [section]: { key: entry } }`) */
  section: string;
  /** the key of an entry's value beside its `at` */
  valueKey: string;
  /** how long an entry is trusted (ms) */
  ttlMs: number;
  /** entries kept (the most recently learnt) */
  maxEntries: number;
  /** whether a value read back is one this file holds */
  valid: (value: unknown) => value is T;
}

type Entries = Record<string, Record<string, unknown>>;

/** Reading and writing the entries of one dated file. */
export interface DatedFile<T> {
  /** the value learnt under `key` within the trusted time, or undefined */
  get(dir: string, key: string, now?: number): T | undefined;
  /** remembers a value (undefined: forgets it) */
  set(dir: string, key: string, value: T | undefined, now?: number): void;
}

export function datedFile<T>(spec: DatedFileSpec<T>): DatedFile<T> {
  const read = (dir: string): Entries => {
    try {
      const parsed = JSON.parse(readFileSync(join(dir, spec.file), 'utf8')) as Record<string, unknown>;
      const entries = parsed[spec.section];
      if (parsed.version === 1 && typeof entries === 'object' && entries !== null) return entries as Entries;
    } catch {
      // missing or unreadable: nothing remembered
    }
    return {};
  };
  const write = (dir: string, entries: Entries): void => {
    try {
      mkdirSync(dir, { recursive: true });
      const tmp = join(dir, `${spec.file}.${process.pid}.tmp`);
      writeFileSync(tmp, `${JSON.stringify({ version: 1, [spec.section]: entries }, null, 2)}\n`);
      renameSync(tmp, join(dir, spec.file));
    } catch {
      // a read-only or full disk: the next run asks again
    }
  };
  return {
    get(dir, key, now = Date.now()) {
      const entry = read(dir)[key];
      const value = entry?.[spec.valueKey];
      if (!entry || typeof entry.at !== 'number' || !spec.valid(value)) return undefined;
      const age = now - entry.at;
      return age >= 0 && age < spec.ttlMs ? value : undefined;
    },
    set(dir, key, value, now = Date.now()) {
      const entries = read(dir);
      if (value === undefined) {
        if (!(key in entries)) return;
        delete entries[key];
      } else {
        entries[key] = { [spec.valueKey]: value, at: now };
        const keys = Object.keys(entries);
        if (keys.length > spec.maxEntries) {
          const at = (k: string) => Number(entries[k]?.at ?? 0);
          keys.sort((a, b) => at(a) - at(b));
          for (const old of keys.slice(0, keys.length - spec.maxEntries)) delete entries[old];
        }
      }
      write(dir, entries);
    },
  };
}
