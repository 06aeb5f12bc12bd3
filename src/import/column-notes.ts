/**
 * What an import says about its columns: once, how they were read when some were read from everyday
 * words (`Date` → the day, `Ort` → the venue), and, when a required field has no column, which
 * columns were found and the `--map` line that would read them.
 */
import type { ResourceSpec } from '../catalog/index.js';
import { UsageError } from '../errors/index.js';
import { TARGET_WORDS } from './column-words.js';
import { type ColumnMapping, isOwnLabel, normalizeLabel } from './columns.js';

/** Letter pairs of a folded header, for a rough likeness of two headers. */
function pairs(text: string): Set<string> {
  const t = normalizeLabel(text);
  const out = new Set<string>();
  for (let i = 0; i < t.length - 1; i++) out.add(t.slice(i, i + 2));
  return out;
}

function likeness(a: string, b: string): number {
  const pa = pairs(a);
  const pb = pairs(b);
  if (pa.size === 0 || pb.size === 0) return 0;
  let shared = 0;
  for (const p of pa) if (pb.has(p)) shared++;
  return (2 * shared) / (pa.size + pb.size);
}

/** Words that suggest a column holds when something happens, in a few languages. */
const WHEN_WORDS = /dat|day|tag|jour|fech|giorn|start|begin|when|wann|quand|cuando|time|zeit|heure|hora|ora/i;

/** The unknown column most like `field` (by its name, or by a word for a date), if any. */
function proposal(field: string, unknown: readonly string[], taken: Set<string>): string | undefined {
  const free = unknown.filter((c) => !taken.has(c));
  let best: string | undefined;
  let score = 0.3;
  for (const column of free) {
    const s = likeness(column, field) + (field.includes('date') && WHEN_WORDS.test(column) ? 0.5 : 0);
    if (s > score) {
      score = s;
      best = column;
    }
  }
  return best ?? free[0];
}

/**
 * The error for required fields that no column feeds (an event's start is fed by a day column too),
 * naming the columns found and proposing the `--map` line; undefined when nothing is missing.
 */
export function missingColumns(resource: ResourceSpec, mapping: ColumnMapping): UsageError | undefined {
  const mapped = new Set(mapping.targets.values());
  const fed = (name: string) => mapped.has(name) || (name === 'start_date' && mapped.has('day'));
  const missing = resource.fields.filter((f) => f.required && f.name !== 'end_date' && !fed(f.name));
  if (missing.length === 0) return undefined;
  const taken = new Set<string>();
  const maps: string[] = [];
  for (const f of missing) {
    const column = proposal(f.name, mapping.unknown, taken);
    if (column === undefined) continue;
    taken.add(column);
    maps.push(`--map '${column}=${f.name}'`);
    // (a time beside the day: `Title,Datum,Zeit` → the day, then its time)
    if (f.name === 'start_date' && !mapped.has('start_time')) {
      const time = mapping.unknown.find((c) => !taken.has(c) && /time|zeit|heure|hora|ora|uhr/i.test(c));
      if (time) {
        taken.add(time);
        maps.push(`--map '${time}=start_time'`);
      }
    }
  }
  const names = missing.map((f) => (f.csvLabels?.[0] ? `${f.name} (or "${f.csvLabels[0]}")` : f.name));
  const columns = [...mapping.targets.keys(), ...mapping.unknown];
  return new UsageError(
    `the input has no column for ${names.join(', ')}`,
    `columns found: ${columns.map((c) => `"${c}"`).join(', ') || 'none'}; ` +
      (maps.length > 0 ? `read them with ${maps.join(' ')}` : "map one with --map 'Column=field'"),
    'missing-column',
  );
}

/**
 * One line saying how the columns were read, when some were read from everyday words and not said
 * before (JSON input adds columns as it goes); undefined when there is nothing new to say.
 */
export function columnsRead(resource: ResourceSpec, mapping: ColumnMapping, said: Set<string>): string | undefined {
  const everyday = [...mapping.targets].filter(([column, target]) => !isOwnLabel(resource, column, target));
  if (everyday.length === 0 || everyday.every(([column]) => said.has(column))) return undefined;
  for (const [column] of mapping.targets) said.add(column);
  const parts = [...mapping.targets].map(([column, target]) => `"${column}" → ${TARGET_WORDS[target] ?? target}`);
  return `note: columns read as ${parts.join(', ')} (--map 'Column=field' to read one otherwise)`;
}
