/**
 * Tables for people: only on request or on a terminal. They fit the terminal width (cli-table3 does
 * not), show dates readably and name linked records instead of dumping objects.
 */
import type { ChalkInstance } from 'chalk';
import { getPath, type JsonRecord, plainText } from './fields.js';
import { cliTable } from './lazy.js';

/** Width assumed when neither the terminal nor `COLUMNS` gives one (a pipe, a file, a 0×0 terminal). */
export const DEFAULT_WIDTH = 80;
/** Space between columns. */
const GAP = 2;
/** Columns are never shrunk below this (or their natural width when smaller). */
const MIN_COLUMN = 6;

const positive = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;

/**
 * The width to fit tables to: the terminal's columns when it reports more than 0, else `COLUMNS`
 * when it is a positive whole number, else {@link DEFAULT_WIDTH}. Some terminals (a `script`
 * session, a serial console, a container without a size) report 0 columns.
 */
export function terminalWidth(
  columns: number | undefined,
  env: Readonly<Record<string, string | undefined>> = {},
): number {
  if (positive(columns)) return columns;
  const fromEnv = (env.COLUMNS ?? '').trim();
  if (/^\d+$/.test(fromEnv) && positive(Number(fromEnv))) return Number(fromEnv);
  return DEFAULT_WIDTH;
}

/** Options of {@link renderTable} and {@link renderKeyValue}. */
export interface TableOptions {
  /** terminal width in characters; anything but a positive whole number means {@link DEFAULT_WIDTH} */
  width?: number | undefined;
  /** colour for headers and statuses; plain text when absent */
  color?: ChalkInstance | undefined;
  /** `Tue 5 Dec 2026 19:00` instead of `2026-12-05 19:00:00` (default false) */
  readableDates?: boolean | undefined;
}

const SERVER_DATE_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** `2026-12-05 19:00:00` → `Sat 5 Dec 2026 19:00`; the wall time is shown as is, in the event's zone. */
export function readableDate(text: string): string {
  const m = SERVER_DATE_RE.exec(text);
  if (!m) return text;
  const [, y, mo, d, h, mi] = m;
  if (y === '0000') return ''; // drafts carry 0000-00-00 00:00:00 as "not set"
  const weekday = DAYS[new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d))).getUTCDay()];
  return `${weekday} ${Number(d)} ${MONTHS[Number(mo) - 1]} ${y} ${h}:${mi}`;
}

/** WordPress sends HTML (descriptions, escaped term names); a cell shows one line of text. */
function toLine(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (all, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) ? String.fromCodePoint(code) : all;
      }
      return ENTITIES[name.toLowerCase()] ?? all;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text of one cell: yes/no for booleans, names for linked records, readable dates on request. */
export function cellText(value: unknown, readableDates = false): string {
  const text = toLine(plainText(value, { yesNo: true }));
  return readableDates ? readableDate(text) : text;
}

/** Column heading for a path: `start_date` → START, `venue.venue` → VENUE, `categories.name` → CATEGORIES. */
export function headerLabel(path: string): string {
  const segments = path.split('.');
  const first = segments[0] ?? path;
  const last = segments[segments.length - 1] ?? path;
  let label = path;
  if (segments.length === 1 && /^(start|end)_date$/.test(path)) label = first.replace('_date', '');
  else if (segments.length === 2 && (last === first || last === 'name')) label = first;
  return label.toUpperCase();
}

// Colour codes take no room on screen.
const width = (s: string): number => [...s.replace(/\x1b\[[\d;]*m/g, '')].length;

/**
 * Column widths that fit `available` characters: the widest columns give way first, evenly, down to
 * {@link MIN_COLUMN}; past that the table is allowed to overflow rather than become unreadable.
 * Columns marked in `keep` keep their natural width (an event's start, whole with its time) as long
 * as the others can give way for them without going below {@link MIN_COLUMN}.
 */
export function fitWidths(
  natural: readonly number[],
  available: number,
  gap = GAP,
  keep: readonly boolean[] = [],
): number[] {
  const budget = available - gap * Math.max(0, natural.length - 1);
  const sum = (ws: readonly number[]) => ws.reduce((a, b) => a + b, 0);
  if (sum(natural) <= budget) return [...natural];
  const floor = (i: number) => Math.min(natural[i] ?? 0, MIN_COLUMN);
  const room = sum(natural.map((w, i) => (keep[i] ? w : floor(i))));
  const kept = room <= budget ? keep : [];
  const capped = (cap: number) =>
    natural.map((w, i) => (kept[i] ? w : Math.max(Math.min(w, MIN_COLUMN), Math.min(w, cap))));
  // The largest cap on column width that fits: binary search, since the total grows with the cap.
  let lo = 0;
  let hi = Math.max(...natural);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (sum(capped(mid)) <= budget) lo = mid;
    else hi = mid - 1;
  }
  const widths = capped(lo);
  let spare = budget - sum(widths);
  for (let i = 0; i < widths.length && spare > 0; i++) {
    if ((widths[i] ?? 0) < (natural[i] ?? 0)) {
      widths[i] = (widths[i] ?? 0) + 1;
      spare--;
    }
  }
  return widths;
}

const STATUS_COLORS: Record<string, 'green' | 'yellow' | 'cyan' | 'red'> = {
  publish: 'green',
  draft: 'yellow',
  pending: 'yellow',
  future: 'cyan',
  private: 'cyan',
  trash: 'red',
};

const BORDERLESS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: ' '.repeat(GAP),
};

function naturalWidths(head: string[] | undefined, rows: string[][]): number[] {
  const all = head ? [head, ...rows] : rows;
  return (all[0] ?? []).map((_, i) => Math.max(1, ...all.map((r) => width(r[i] ?? ''))));
}

function draw(
  head: string[] | undefined,
  rows: string[][],
  available: number,
  color?: ChalkInstance,
  keep: readonly boolean[] = [],
): string {
  const colWidths = fitWidths(naturalWidths(head, rows), available, GAP, keep);
  const table = new (cliTable())({
    chars: BORDERLESS,
    // cli-table3 colours headers red by default: styles stay ours, decided by colorEnabled()
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
    colWidths,
    wordWrap: false,
    truncate: '…',
    ...(head ? { head: head.map((h) => (color ? color.bold(h) : h)) } : {}),
  });
  table.push(...rows);
  const lines = table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd());
  return `${lines.join('\n')}\n`;
}

function colorCell(path: string, text: string, color?: ChalkInstance): string {
  const hue = path === 'status' ? STATUS_COLORS[text] : undefined;
  return color && hue ? color[hue](text) : text;
}

/** Dates of the server's form in a narrow table: seconds are dropped first (`2026-12-05 19:00`). */
const SECONDS_RE = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}):\d{2}$/;

/**
 * A table of records, one row each, with the given columns (dotted paths). When the terminal is too
 * narrow, dates lose their seconds, and the first date column (an event's start) keeps its width
 * whole while the other columns are shortened.
 */
export function renderTable(
  records: readonly JsonRecord[],
  columns: readonly string[],
  opts: TableOptions = {},
): string {
  const available = terminalWidth(opts.width);
  const head = columns.map(headerLabel);
  let texts = records.map((r) => columns.map((path) => cellText(getPath(r, path), opts.readableDates)));
  const isDate = columns.map((_, i) => texts.length > 0 && texts.every((row) => row[i] === '' || isDateText(row[i])));
  const fits = (rows: string[][]) =>
    naturalWidths(head, rows).reduce((a, b) => a + b, 0) + GAP * Math.max(0, columns.length - 1) <= available;
  if (!fits(texts)) {
    texts = texts.map((row) => row.map((t, i) => (isDate[i] ? t.replace(SECONDS_RE, '$1') : t)));
  }
  const first = isDate.indexOf(true);
  const keep = columns.map((_, i) => i === first);
  const rows = texts.map((row) => row.map((t, i) => colorCell(columns[i] ?? '', t, opts.color)));
  return draw(head, rows, available, opts.color, keep);
}

/** A date as a table shows it: the server's form, or the readable one (`Sat 5 Dec 2026 19:00`). */
function isDateText(text: string | undefined): boolean {
  return (
    text !== undefined &&
    (SERVER_DATE_RE.test(text) || /^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}$/.test(text))
  );
}

/** One record as two columns, key and value (get, create, update). */
export function renderKeyValue(record: JsonRecord, keys?: readonly string[], opts: TableOptions = {}): string {
  const rows = (keys ?? Object.keys(record)).map((key) => [
    opts.color ? opts.color.bold(key) : key,
    colorCell(key, cellText(getPath(record, key), opts.readableDates), opts.color),
  ]);
  return draw(undefined, rows, terminalWidth(opts.width), opts.color);
}
