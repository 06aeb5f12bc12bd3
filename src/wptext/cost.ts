/**
 * The plugin's cost rules (`Tribe__Cost_Utils` in common/src/Tribe/Cost_Utils.php and
 * `Tribe__Events__Cost_Utils::get_formatted_event_cost`, the REST answer's `get_cost_values`): what an
 * event stores for the cost it is sent, the currency symbol and position read from it, the display
 * text (`cost`) and the numbers (`cost_details.values`). The rules lean on PHP's arrays: numeric
 * string keys become integers, keys sort and compare the PHP 8 way, `+` keeps the first key.
 */
import { escHtml } from './entities.js';
import { isNumeric, phpTrim, stripslashes } from './php.js';
import { sanitizeTextField } from './sanitize.js';
import { titleWithDashes } from './slug.js';
import { storedEventMeta } from './store.js';

/** A PHP array key: an integer, or a string that is not one. */
type Key = number | string;

/** PHP's key normalization: a canonical decimal integer string becomes an integer. */
function key(text: string): Key {
  return /^(?:0|-?[1-9][0-9]*)$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text;
}

/** PHP 8's `<=>` for keys (numbers and numeric strings numerically, the rest as strings). */
function compareKeys(a: Key, b: Key): number {
  const na = typeof a === 'number' || isNumeric(a);
  const nb = typeof b === 'number' || isNumeric(b);
  if (na && nb) return Math.sign(Number(a) - Number(b));
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** An ordered PHP array of string values. */
type PhpArray = [Key, string][];

/** `number_format($n, $decimals)` with `.` and `,` (PHP rounds half away from zero). */
function numberFormat(n: number, decimals: number): string {
  const factor = 10 ** decimals;
  const rounded = (Math.sign(n) * Math.round(Math.abs(n) * factor + 1e-9)) / factor;
  const [int = '0', frac = ''] = Math.abs(rounded).toFixed(decimals).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${rounded < 0 ? '-' : ''}${grouped}${decimals > 0 ? `.${frac}` : ''}`;
}

const COST_RE = /([,.]?(\d+)[,.]?(\d*))/g;

/**
 * `parse_cost_range`: the numbers found in each cost (a cost without one kept whole), keyed by a
 * sortable form of their value, sorted by key unless `sort` is false.
 */
function parseCostRange(costs: readonly string[], sort = true): PhpArray {
  let max = 0;
  const pieces: string[] = [];
  for (const cost of costs) {
    const found = [...cost.matchAll(COST_RE)];
    if (found.length === 0) {
      pieces.push(cost);
      continue;
    }
    for (const m of found) pieces.push(m[0]);
    max = Math.max(max, ...found.map((m) => (m[3] ?? '').length));
  }
  const out = new Map<Key, string>();
  for (const cost of pieces) {
    const numeric = cost.replace(/[,.]/g, '.');
    const index = isNumeric(numeric)
      ? key(numberFormat(Number.parseFloat(numeric), max).replace(/[.,]/g, ''))
      : key(titleWithDashes(numeric));
    // (a later cost with the same key replaces the value but keeps the place)
    out.set(index, cost);
  }
  const list: PhpArray = [...out.entries()];
  if (sort) list.sort((a, b) => compareKeys(a[0], b[0]));
  return list;
}

/** `parse_currency_symbol`: the text around the numbers, when every cost has the same. */
export function parseCurrencySymbol(cost: string | readonly string[]): string | false {
  if (cost === '' || (Array.isArray(cost) && cost.length === 0)) return false;
  const originals: readonly string[] = typeof cost === 'string' ? cost.split(/\s*,\s*/) : cost;
  const costs = parseCostRange(originals, false);
  if (costs.length === 0) return false;
  const symbols: string[] = [];
  for (let i = 0; i < costs.length; i++) {
    const [k, value] = costs[i] as [Key, string];
    if (typeof k !== 'number' && !isNumeric(k)) continue;
    symbols.push(phpTrim((originals[i] ?? '').split(value).join('')));
    if (symbols[symbols.length - 1] !== symbols[0]) return false;
  }
  return symbols.length > 0 ? (symbols[0] as string) : false;
}

/** PHP's `empty()` on a string: `''` and `'0'`. */
const blank = (s: string | false) => s === false || s === '' || s === '0';

/** `parse_currency_position`: `prefix` or `postfix`, when every cost has its symbol on the same side. */
export function parseCurrencyPosition(cost: string | readonly string[]): string | false {
  if (cost === '' || (Array.isArray(cost) && cost.length === 0)) return false;
  const originals: readonly string[] = typeof cost === 'string' ? cost.split(/\s*,\s*/) : cost;
  const symbol = parseCurrencySymbol(originals);
  if (blank(symbol)) return false;
  const positions: string[] = [];
  for (const original of originals) {
    const at = phpTrim(original).indexOf(symbol);
    if (at === -1) continue;
    positions.push(at === 0 ? 'prefix' : 'postfix');
    if (positions[positions.length - 1] !== positions[0]) return false;
  }
  return positions.length > 0 ? (positions[0] as string) : false;
}

/** What an event stores for its cost: the cost text(s) and the currency symbol and position read from them. */
export interface StoredCost {
  /** `_EventCost`, one value per cost sent (none when the cost is empty) */
  values: string[];
  symbol: string;
  position: string;
}

const asText = (v: unknown) =>
  typeof v === 'string'
    ? v
    : typeof v === 'number' || typeof v === 'boolean'
      ? String(v === true ? 1 : v === false ? '' : v)
      : '';

/**
 * The plugin's save of `cost` (a text, a number or a list of them) through `tribe/events/v1`: one
 * value is cleaned as event meta text; several are each stored as meta (unslashed, then
 * `sanitize_text_field`).
 */
export function storedCost(input: unknown): StoredCost {
  // (a cost of exactly "0" — PHP's empty() — is stored as no cost at all; " 0 " or "0.00" are kept)
  if (input === '0' || input === 0) return { values: [], symbol: '', position: '' };
  // (a PHP array with keys, `cost[a]=…`, by its values, as the plugin's `(array) $cost`)
  const many = Array.isArray(input) ? input : typeof input === 'object' && input !== null ? Object.values(input) : null;
  const list = many ? many.map(asText) : input === undefined || input === null ? [] : [asText(input)];
  const from = typeof input === 'string' ? input : list;
  const symbol = parseCurrencySymbol(from);
  const position = parseCurrencyPosition(from);
  const values =
    list.length === 1 ? [storedEventMeta(list[0] as string)] : list.map((v) => sanitizeTextField(stripslashes(v)));
  return {
    values: values.filter((v) => v !== ''),
    symbol: symbol === false ? '' : storedEventMeta(symbol),
    position: position === false ? '' : storedEventMeta(position),
  };
}

/** `get_event_costs`: every stored value parsed, the first key winning. */
function eventCosts(values: readonly string[]): PhpArray {
  const out: PhpArray = [];
  const seen = new Set<Key>();
  for (const value of values) {
    if (value === '') continue;
    for (const [k, v] of parseCostRange([value])) {
      if (seen.has(k)) continue;
      seen.add(k);
      out.push([k, v]);
    }
  }
  return out;
}

/** `get_cost_by_func`: the lowest or highest numeric cost (or the one non-numeric cost). */
function costBy(costs: PhpArray, which: 'min' | 'max'): string | number {
  const parsed = parseCostRange(costs.map(([, v]) => v));
  if (parsed.length === 1 && !isNumeric((parsed[0] as [Key, string])[1])) return (parsed[0] as [Key, string])[1];
  const numeric = parsed.filter(([, v]) => isNumeric(v));
  if (numeric.length === 0) return 0;
  const pick = numeric.reduce((best, cur) => {
    const c = compareKeys(cur[0], best[0]);
    return (which === 'min' ? c < 0 : c > 0) ? cur : best;
  });
  const value = pick[1];
  return value === '' || value === '0' ? 0 : value;
}

/** `maybe_replace_cost_with_free`: a zero becomes `Free`. */
function freeIfZero(cost: string | number): string | number {
  const text = String(cost).replace(/[.,]/g, '.');
  return isNumeric(text) && numberFormat(Number.parseFloat(text), 2) === '0.00' ? 'Free' : cost;
}

/** `tribe_get_cost($event, true)`: the display text of a stored cost (`$10 – $20`, `Free`, `Donation`). */
export function formattedCost(stored: StoredCost): string {
  const costs = eventCosts(stored.values);
  if (costs.length === 0) return '';
  const position = stored.position === '' ? 'prefix' : stored.position;
  const shown = (['min', 'max'] as const).map((which) => {
    let cost: string | number = freeIfZero(costBy(costs, which));
    if (isNumeric(String(cost).replace(/[,.]/g, ''))) {
      const symbol = blank(stored.symbol) ? '$' : stored.symbol;
      cost = position === 'prefix' ? `${symbol}${cost}` : `${cost}${symbol}`;
    }
    return escHtml(String(cost));
  }) as [string, string];
  return shown[0] === shown[1] ? shown[0] : `${shown[0]} \u2013 ${shown[1]}`;
}

/** `parse_separators`: which of `.` and `,` is the decimal mark of a value (the site's locale breaks ties). */
function separators(value: string): [string, string] {
  let decimal = '.';
  let thousands = ',';
  const found = value.match(/[.,]+/g);
  if (found && found.length > 0) {
    const last = found[found.length - 1] as string;
    if (new Set(found).size > 1) {
      decimal = last;
      thousands = found[0] as string;
    } else {
      const frags = value.split(last);
      if ((frags[frags.length - 1] ?? '').length !== 3) {
        decimal = last;
        thousands = decimal === '.' ? ',' : '.';
      }
    }
  }
  return [decimal, thousands];
}

/** `cost_details.values` of the REST answer: each cost as a number text (or its key), sorted numerically. */
export function costValues(stored: StoredCost): (string | number)[] {
  const out: (string | number)[] = [];
  for (const [k, v] of eventCosts(stored.values)) {
    const [decimal, thousands] = separators(v);
    const plain = v.split(thousands).join('').split(decimal).join('.');
    out.push(isNumeric(plain) ? plain : k);
  }
  // (PHP's numeric sort reads a non-number as 0; equal ones keep no particular order)
  return out
    .map((v, i) => ({ v, i, n: typeof v === 'number' ? v : isNumeric(v) ? Number(v) : 0 }))
    .sort((a, b) => a.n - b.n || a.i - b.i)
    .map((x) => x.v);
}
