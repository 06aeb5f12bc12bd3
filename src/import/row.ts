/**
 * Validation and conversion of one row, before anything is sent: required fields, dates, booleans,
 * integers, time zones, end before start. Linked records stay as text here; links.ts resolves them.
 */
import { costFromText, type FieldSpec, type ResourceSpec } from '../catalog/index.js';
import { isValidTimeZone } from '../clock/index.js';
import type { Body } from '../records/index.js';
import { VENUE_DETAILS } from './columns.js';
import type { DateReading } from './date-order.js';
import { eventTimes, TimesProblem } from './event-times.js';
import { costLoss, DEFAULT_LOSSY_ACTION, firstPrice, type LossyAction } from './lossy.js';

/** Why a row cannot be imported: the column at fault (when one is) and a message. */
export interface RowProblem {
  column: string | undefined;
  message: string;
}

/** A converted row: the body fields it sets, links still as cell text. */
export interface RowInput {
  body: Body;
  /** link field → cell text (venue, organizer, categories, tags, parent) */
  links: Map<string, string>;
  /** the `id` cell, when given */
  id: number | undefined;
  /** column name of each target, for messages */
  columnOf: Map<string, string>;
  /** the event was given no end and `--default-duration` made one */
  defaulted?: boolean;
  /** what the row's cells lose on the site (a cost the plugin's parser rewrites), one line each */
  warnings: string[];
  /** the venue's details the row gives (address, city …), to create the venue it names with */
  venueDetails?: Record<string, string>;
}

/** What converting needs besides the row. */
export interface RowOptions {
  resource: ResourceSpec;
  /** column → target field */
  targets: ReadonlyMap<string, string>;
  now: Date;
  /**
   * zone for relative/natural dates when the row names none (the site's, by default UTC); a function
   * is asked on the first cell that needs a zone (see dates.ts)
   */
  timezone: string | (() => Promise<string>);
  /** the zone an event is made in when its row names none (`--timezone`); absent: the site's */
  eventZone?: string | undefined;
  /** how numeric dates are read (the order decided for the file); default: as the site's importer */
  reading?: (() => DateReading) | undefined;
  /** `--default-duration`: the length of an event whose row gives no end */
  defaultDuration?: string | undefined;
  /** `--on-lossy`: what to do with a cell the site would keep otherwise than written (default keep) */
  onLossy?: LossyAction | undefined;
}

const TRUE = new Set(['true', 'yes', '1', 'y', 'on']);
const FALSE = new Set(['false', 'no', '0', 'n', 'off', '']);

/**
 * Fields that an empty cell leaves alone: the site keeps or defaults them, and refuses an empty
 * event or term description, excerpt or slug (400 rest_invalid_param), so they cannot be cleared.
 */
const KEEP_WHEN_EMPTY = new Set([
  'timezone',
  'status',
  'slug',
  'date',
  'date_utc',
  'author',
  'image',
  'end_date',
  'description',
  'excerpt',
]);

class Reject extends Error {
  constructor(
    readonly column: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

function convertScalar(field: FieldSpec, text: string, column: string): unknown {
  if (field.type === 'boolean') {
    const t = text.trim().toLowerCase();
    if (TRUE.has(t)) return true;
    if (FALSE.has(t)) return false;
    throw new Reject(column, `"${text}" is not a yes/no value (use true/false, yes/no or 1/0)`);
  }
  if (field.type === 'integer') {
    if (!/^\d+$/.test(text.trim())) throw new Reject(column, `"${text}" is not a whole number`);
    return Number(text.trim());
  }
  if (field.semantic === 'timezone' && !isValidTimeZone(text.trim())) {
    throw new Reject(column, `unknown time zone "${text}" (use a name like Europe/Paris, or UTC+5:30)`);
  }
  return field.type === 'string' ? text : text.trim();
}

async function eventDates(row: Map<string, string>, input: RowInput, opts: RowOptions): Promise<void> {
  const cell = (t: string) => row.get(t) ?? '';
  const tzText = (input.body.timezone as string | undefined)?.trim();
  const dateOpts = { now: opts.now, timezone: tzText || opts.timezone, reading: opts.reading?.() };
  // (no start at all is reported as a missing required field)
  if (cell('start_date').trim() === '' && cell('day').trim() === '' && cell('start_time').trim() === '') return;
  try {
    const times = await eventTimes(cell, dateOpts, input.body.all_day === true, opts.defaultDuration);
    input.body.start_date = times.start;
    input.body.end_date = times.end;
    if (times.defaulted) input.defaulted = true;
  } catch (err) {
    if (!(err instanceof TimesProblem)) throw err;
    // (a bad time is reported against the column that holds it)
    const col = (t: string) => input.columnOf.get(t);
    const column =
      col(err.target) ??
      (err.target.startsWith('start') ? (col('start_date') ?? col('day')) : (col('end_date') ?? col('end_time')));
    throw new Reject(column, err.message);
  }
  // (times read in --timezone are that zone's: the event is made in it, as `events create` does)
  if (!tzText && opts.eventZone) input.body.timezone = opts.eventZone;
}

function foldVirtual(resource: ResourceSpec, row: Map<string, string>, input: RowInput, opts: RowOptions): void {
  if (resource.name === 'events' && typeof input.body.cost === 'string' && input.body.cost !== '') {
    let cost = input.body.cost;
    const symbol = (row.get('currency_symbol') ?? '').trim();
    if (symbol !== '' && !cost.includes(symbol)) {
      const after = /suffix|after|postfix/i.test(row.get('currency_position') ?? '');
      cost = after ? `${cost}${symbol}` : `${symbol}${cost}`;
    }
    input.body.cost = costFromText(cost);
    lossyCost(cost, input, opts);
  }
  if (resource.name === 'venues' && (row.get('address2') ?? '').trim() !== '') {
    input.body.address = [input.body.address ?? '', row.get('address2')?.trim()].join(' ').trim();
  }
  if (resource.name === 'events') {
    const details: Record<string, string> = {};
    for (const [column, field] of VENUE_DETAILS) {
      const text = (row.get(column) ?? '').trim();
      if (text !== '') details[field] = text;
    }
    if (Object.keys(details).length > 0) input.venueDetails = details;
  }
}

/** A cost the site would show otherwise than written: a warning, or what `--on-lossy` asks. */
function lossyCost(cost: string, input: RowInput, opts: RowOptions): void {
  const shown = costLoss(cost, input.body.cost);
  if (shown === undefined) return;
  const column = input.columnOf.get('cost') ?? 'cost';
  const action = opts.onLossy ?? DEFAULT_LOSSY_ACTION;
  const price = firstPrice(cost);
  const what = `the site would show the cost "${cost}" as "${shown}"`;
  if (action === 'reject' || ((action === 'number' || action === 'describe') && price === undefined)) {
    throw new Reject(
      column,
      `${what} (--on-lossy describe keeps the words in the description, number writes only the price)`,
    );
  }
  if (action === 'keep') {
    input.warnings.push(
      `column "${column}": ${what} (--on-lossy describe keeps the words in the description, number writes only ${price ? `"${price}"` : 'the price'}, reject refuses the row)`,
    );
    return;
  }
  input.body.cost = price;
  if (action === 'describe') {
    const words = `<p>${column}: ${escapeHtml(cost)}</p>`;
    const described = typeof input.body.description === 'string' ? input.body.description.trim() : '';
    input.body.description = described === '' ? words : `${described}\n\n${words}`;
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Converts one row. Empty cells clear text, flags and lists (as the site's importer does for mapped
 * columns) but keep time zone, status, slug, dates, description and excerpt; an empty venue cell keeps the current venue,
 * because the site cannot remove one (observed #30).
 * @returns the converted row, or the problem that rejects it
 */
export async function convertRow(cells: ReadonlyMap<string, string>, opts: RowOptions): Promise<RowInput | RowProblem> {
  const { resource } = opts;
  const byTarget = new Map<string, string>();
  const input: RowInput = { body: {}, links: new Map(), id: undefined, columnOf: new Map(), warnings: [] };
  for (const [column, target] of opts.targets) {
    byTarget.set(target, cells.get(column) ?? '');
    input.columnOf.set(target, column);
  }
  try {
    for (const [target, text] of byTarget) {
      const column = input.columnOf.get(target);
      if (target === 'id') {
        if (text.trim() === '') continue;
        if (!/^\d+$/.test(text.trim())) throw new Reject(column, `"${text}" is not a record ID`);
        input.id = Number(text.trim());
        continue;
      }
      const field = resource.fields.find((f) => f.name === target);
      if (!field && target === 'slug') {
        // Venues and organizers have no slug field, but an exported slug still identifies the record.
        if (text.trim() !== '') input.body.slug = text.trim();
        continue;
      }
      if (!field) continue; // virtual columns are folded in below
      if (field.semantic === 'date' && resource.name === 'events' && target !== 'date') continue;
      if (field.link) {
        if (text.trim() !== '' || field.multiple) input.links.set(target, text.trim());
        continue;
      }
      if (text.trim() === '' && (KEEP_WHEN_EMPTY.has(target) || field.semantic === 'date')) continue;
      input.body[target] = convertScalar(field, text, column ?? target);
    }
    foldVirtual(resource, byTarget, input, opts);
    if (resource.name === 'events') await eventDates(byTarget, input, opts);
    for (const field of resource.fields) {
      if (!field.required || field.name === 'end_date') continue;
      const has = field.semantic === 'date' ? input.body[field.name] : (byTarget.get(field.name) ?? '').trim();
      if (has === undefined || has === '') {
        throw new Reject(input.columnOf.get(field.name) ?? field.name, `${field.name} is required`);
      }
    }
    return input;
  } catch (err) {
    if (err instanceof Reject) return { column: err.column, message: err.message };
    throw err;
  }
}

/** Whether a conversion result is a problem. */
export const isProblem = (r: RowInput | RowProblem): r is RowProblem => 'message' in r && !('body' in r);
