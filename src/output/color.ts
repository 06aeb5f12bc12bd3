/**
 * Colour decisions. chalk ignores NO_COLOR and reads the process itself, so we decide here from
 * injected values and build our own chalk instance instead of touching the global one. chalk is
 * loaded only when colour is on ({@link loadColor}): a piped or NO_COLOR run never pays for it.
 */
import type { ChalkInstance } from 'chalk';
import { MACHINE_FORMATS, type OutputFormat } from './format.js';

/** Inputs of {@link colorEnabled}. */
export interface ColorOptions {
  /** whether the stream the colour goes to is a terminal */
  isTTY: boolean;
  env: Readonly<Record<string, string | undefined>>;
  /** the output format; machine formats are never coloured */
  format: OutputFormat;
}

const isSet = (v: string | undefined): v is string => v !== undefined && v !== '';
const forcedOff = (v: string) => v === '0' || v.toLowerCase() === 'false';

/**
 * Whether to colour: never for machine formats or with NO_COLOR (any non-empty value, see
 * no-color.org); FORCE_COLOR turns it on for tables even in a pipe; otherwise only on a terminal
 * whose TERM is not `dumb`.
 */
export function colorEnabled(opts: ColorOptions): boolean {
  if (MACHINE_FORMATS.has(opts.format)) return false;
  if (isSet(opts.env.NO_COLOR)) return false;
  const force = opts.env.FORCE_COLOR;
  if (isSet(force)) return !forcedOff(force);
  if (opts.env.TERM === 'dumb') return false;
  return opts.isTTY;
}

/** chalk's colour level: 0 none, 1 basic 16 colours, 2 256 colours, 3 truecolor. */
export type ColorLevel = 0 | 1 | 2 | 3;

/** The colour level for the terminal described by `env`, or 0 when colour is off. */
export function colorLevel(opts: ColorOptions): ColorLevel {
  if (!colorEnabled(opts)) return 0;
  const force = opts.env.FORCE_COLOR;
  if (force === '1' || force === '2' || force === '3') return Number(force) as ColorLevel;
  const colorterm = opts.env.COLORTERM ?? '';
  if (colorterm === 'truecolor' || colorterm === '24bit') return 3;
  if ((opts.env.TERM ?? '').includes('256')) return 2;
  return 1;
}

let chalk: typeof import('chalk') | undefined;

const levelOf = (level: ColorLevel | boolean | undefined): ColorLevel =>
  level === true ? 1 : level === false || level === undefined ? 0 : level;

/** Loads chalk when `level` asks for colour; {@link createColor} needs it done first. */
export async function loadColor(level: ColorLevel | boolean | undefined): Promise<void> {
  if (levelOf(level) > 0) chalk ??= await import('chalk');
}

/**
 * A chalk instance at the given level, or undefined for plain text. Booleans mean basic colour or
 * none. Colour needs {@link loadColor} to have run.
 */
export function createColor(level: ColorLevel | boolean | undefined): ChalkInstance | undefined {
  const n = levelOf(level);
  if (n === 0) return undefined;
  if (!chalk) throw new Error('colour output needs loadColor() first');
  return new chalk.Chalk({ level: n });
}
