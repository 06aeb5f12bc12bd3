/**
 * The id map of a migration: for each resource, a source id → the target's id, with the content hash
 * of the write form last sent (or found equal) for it. One JSON file per source and target, in the
 * target's state: `<data dir>/migrate/<target>/<source>.json`, mode 0600, written whole (a temporary
 * file renamed over it) after each record lands, so a run killed at any point leaves a map the next
 * run continues from.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defaultDataDir } from '../../config/paths.js';
import { UsageError } from '../../errors/index.js';

/** The map's format version (the `version` key). */
export const ID_MAP_VERSION = 1;

/** One mapped record: the target's id and the hash of what the target holds of the source's record. */
export interface MapEntry {
  id: number;
  /** content hash of the translated write form last written or found equal (media: the source URL) */
  hash: string;
  /** when it was written (ISO) */
  at: string;
}

/** The file as stored. */
export interface IdMapFile {
  version: number;
  source: { site: string; url: string };
  target: { site: string; url: string };
  /** resource name (`categories`, `tags`, `media`, `venues`, `organizers`, `events`) → source id → entry */
  records: Record<string, Record<string, MapEntry>>;
}

/** A name safe as a file name (a profile name, a host and port, `local`). */
const fileSafe = (name: string) => name.replace(/[^A-Za-z0-9_.-]/g, '_');

/** Where the map of a migration from `source` to `target` lives. */
export function idMapPath(
  env: Readonly<Record<string, string | undefined>>,
  home: string,
  source: string,
  target: string,
): string {
  return join(defaultDataDir(env, home), 'migrate', fileSafe(target), `${fileSafe(source)}.json`);
}

/** The id map of one migration, read once, written after every change. */
export class IdMap {
  private readonly data: IdMapFile;

  constructor(
    readonly path: string,
    source: IdMapFile['source'],
    target: IdMapFile['target'],
    private readonly now: () => Date,
  ) {
    let text: string | undefined;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (text === undefined) {
      this.data = { version: ID_MAP_VERSION, source, target, records: {} };
      return;
    }
    let parsed: IdMapFile;
    try {
      parsed = JSON.parse(text) as IdMapFile;
    } catch {
      throw new UsageError(
        `the id map ${path} is not JSON`,
        'move it aside to start the mapping again (records on the target are then adopted by name)',
        'bad-id-map',
      );
    }
    if (parsed.version !== ID_MAP_VERSION || typeof parsed.records !== 'object' || parsed.records === null) {
      throw new UsageError(`the id map ${path} has an unknown format`, undefined, 'bad-id-map');
    }
    this.data = { ...parsed, source, target };
  }

  get(resource: string, sourceId: number | string): MapEntry | undefined {
    return this.data.records[resource]?.[String(sourceId)];
  }

  /** The target's id of a source record, when it is mapped. */
  targetId(resource: string, sourceId: number | string): number | undefined {
    return this.get(resource, sourceId)?.id;
  }

  /** Every target id a resource's entries name. */
  targetIds(resource: string): Set<number> {
    return new Set(Object.values(this.data.records[resource] ?? {}).map((e) => e.id));
  }

  /** Notes a record as landed (or found equal) and writes the file. */
  set(resource: string, sourceId: number | string, id: number, hash: string): void {
    this.data.records[resource] ??= {};
    (this.data.records[resource] as Record<string, MapEntry>)[String(sourceId)] = {
      id,
      hash,
      at: this.now().toISOString(),
    };
    this.save();
  }

  /** Forgets a source record (its target is gone): it is created again. */
  drop(resource: string, sourceId: number | string): void {
    const entries = this.data.records[resource];
    if (entries && delete entries[String(sourceId)]) this.save();
  }

  private save(): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(this.data, null, 1)}\n`, { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, this.path);
  }
}
