/** Output format selection: explicit flag, then profile default, then TTY → table / pipe → JSON. */
import { UsageError } from '../errors/index.js';

/** Every output format, in the order help lists them. */
export const FORMATS = ['table', 'json', 'ndjson', 'csv', 'yaml', 'ids', 'count'] as const;

export type OutputFormat = (typeof FORMATS)[number];

/** Formats meant for programs: never coloured, never reformatted. */
export const MACHINE_FORMATS: ReadonlySet<OutputFormat> = new Set(['json', 'ndjson', 'csv', 'yaml', 'ids', 'count']);

export function isOutputFormat(value: string): value is OutputFormat {
  return (FORMATS as readonly string[]).includes(value);
}

function checkFormat(value: string, source: string): OutputFormat {
  const v = value.trim().toLowerCase();
  if (isOutputFormat(v)) return v;
  throw new UsageError(`unknown output format "${value}"${source}`, `use one of: ${FORMATS.join(', ')}`, 'bad-format');
}

/** Inputs of {@link resolveFormat}. */
export interface ResolveFormatOptions {
  /** `-o/--output` value */
  output?: string | undefined;
  /** `--json` shorthand */
  json?: boolean | undefined;
  /** whether stdout is a terminal */
  isTTY: boolean;
  /** `output` of the active profile */
  profileDefault?: string | undefined;
}

/**
 * Picks the output format. `--output` wins, then `--json`, then the profile default, then `table` on a
 * terminal and `json` in a pipe. A profile default of `table` only applies on a terminal, so scripts
 * piping calctl always get JSON unless they ask otherwise.
 * @throws UsageError for an unknown format, or when `--json` contradicts `--output`
 */
export function resolveFormat(opts: ResolveFormatOptions): OutputFormat {
  if (opts.output !== undefined) {
    const format = checkFormat(opts.output, '');
    if (opts.json && format !== 'json') {
      throw new UsageError(`--json conflicts with --output ${format}`, 'give only one of them', 'bad-format');
    }
    return format;
  }
  if (opts.json) return 'json';
  if (opts.profileDefault !== undefined && opts.profileDefault !== '') {
    const format = checkFormat(opts.profileDefault, ' in the profile setting "output"');
    if (format !== 'table' || opts.isTTY) return format;
  }
  return opts.isTTY ? 'table' : 'json';
}
