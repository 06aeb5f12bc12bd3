/**
 * Event cost formatting as The Events Calendar's REST API shows it: `cost` is a display string
 * and `cost_details` lists the numbers found, sorted. The quirks reproduced here were seen on a
 * real site (a lone `"0"` shows as nothing, numbers sent as JSON numbers lose their symbol in
 * `cost_details` while the display still uses the default `$`).
 */

/** The `cost_details` object of an event. */
export interface CostDetails {
  currency_symbol: string;
  currency_code: string;
  currency_position: string;
  values: string[];
}

/** `cost` plus `cost_details`, ready to drop into an event record. */
export interface FormattedCost {
  cost: string;
  details: CostDetails;
}

/** The site's default currency display when the input named none. */
const DEFAULT_SYMBOL = '$';
const EN_DASH = '\u2013';
const NUMBER_RE = /\d+(?:[.,]\d+)?/g;
// A currency mark is short and contains no digits, blanks or range punctuation ("$", "€", "R$", "kr").
const SYMBOL_RE = /^[^\d\s.,\-\u2013\u2014]{1,4}$/;

type Position = 'prefix' | 'postfix';
interface Mark {
  symbol: string;
  position: Position;
}

const toNumber = (s: string): number => Number(s.replace(',', '.'));

/** The symbol a single string carries, if any: text right before its first or after its last number. */
function markOf(text: string): Mark | null {
  const matches = [...text.matchAll(NUMBER_RE)];
  const first = matches[0];
  const last = matches[matches.length - 1];
  if (!first || !last) return null;
  const before = text.slice(0, first.index).trim();
  const after = text.slice(last.index + last[0].length).trim();
  if (before && SYMBOL_RE.test(before)) return { symbol: before, position: 'prefix' };
  if (after && SYMBOL_RE.test(after)) return { symbol: after, position: 'postfix' };
  return null;
}

function inputs(input: unknown): Array<string | number> {
  // (any PHP array by its values, as the plugin's `(array) $cost`)
  const list = Array.isArray(input)
    ? input
    : typeof input === 'object' && input !== null
      ? Object.values(input)
      : [input];
  return list.filter(
    (v): v is string | number => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)),
  );
}

const empty = (cost = ''): FormattedCost => ({
  cost,
  details: { currency_symbol: '', currency_code: '', currency_position: '', values: [] },
});

/**
 * Formats an event cost given as a string, a number or an array of them.
 * `"10 - 20"` → `$10 – $20`; `["0$","20$","30$"]` → `Free – 30$`; `"0"` → `""`;
 * text without digits (`"Donation"`) is shown as is.
 */
export function formatCost(input: unknown): FormattedCost {
  // A list page formats the same few costs again and again: single values are remembered. (A number's
  // result depends only on its text, as it carries no currency mark.) The results are frozen: shared.
  const key = typeof input === 'string' ? `s${input}` : typeof input === 'number' ? `n${input}` : null;
  if (key === null) return computeCost(input);
  let hit = costMemo.get(key);
  if (!hit) {
    hit = computeCost(input);
    Object.freeze(hit.details.values);
    Object.freeze(hit.details);
    Object.freeze(hit);
    if (costMemo.size >= 2000) costMemo.clear();
    costMemo.set(key, hit);
  }
  return hit;
}

const costMemo = new Map<string, FormattedCost>();

function computeCost(input: unknown): FormattedCost {
  const items = inputs(input);
  const found = new Map<number, string>();
  const marks: Mark[] = [];
  const texts: string[] = [];
  for (const item of items) {
    const text = typeof item === 'number' ? String(item) : item.trim();
    if (text === '') continue;
    texts.push(text);
    if (typeof item === 'string') {
      const mark = markOf(text);
      if (mark) marks.push(mark);
    }
    for (const m of text.matchAll(NUMBER_RE)) {
      const value = toNumber(m[0]);
      if (!found.has(value)) found.set(value, m[0]);
    }
  }
  if (found.size === 0) return empty(texts.join(', '));

  const sorted = [...found.entries()].sort((a, b) => a[0] - b[0]);
  const lowest = sorted[0];
  const highest = sorted[sorted.length - 1];
  if (!lowest || !highest) return empty();
  // A single zero is what the real site shows as no cost at all.
  if (sorted.length === 1 && lowest[0] === 0) return empty();

  const first = marks[0];
  const agreed = first && marks.every((m) => m.symbol === first.symbol && m.position === first.position) ? first : null;
  const display = agreed ?? { symbol: DEFAULT_SYMBOL, position: 'prefix' as const };
  const show = (value: string): string =>
    display.position === 'prefix' ? `${display.symbol}${value}` : `${value}${display.symbol}`;

  const cost =
    sorted.length === 1
      ? show(lowest[1])
      : `${lowest[0] === 0 ? 'Free' : show(lowest[1])} ${EN_DASH} ${show(highest[1])}`;
  return {
    cost,
    details: {
      currency_symbol: agreed?.symbol ?? '',
      currency_code: '',
      currency_position: agreed?.position ?? '',
      values: sorted.map(([, text]) => text),
    },
  };
}
