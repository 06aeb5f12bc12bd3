/**
 * Event cost as The Events Calendar's REST API shows it, from the cost as it was sent (kept in the
 * event's meta): the plugin's parser in `wptext/cost.ts` gives what the site stores (`_EventCost`,
 * currency symbol and position), the display text (`cost`) and the numbers (`cost_details.values`).
 */
import { costValues, formattedCost, type StoredCost, storedCost } from '../../wptext/index.js';

/** The `cost_details` object of an event. */
export interface CostDetails {
  currency_symbol: string;
  currency_code: string;
  currency_position: string;
  values: (string | number)[];
}

/** `cost` plus `cost_details`, ready to drop into an event record, and what the site stores. */
export interface FormattedCost {
  cost: string;
  details: CostDetails;
  stored: StoredCost;
}

const costMemo = new Map<string, FormattedCost>();

function compute(input: unknown): FormattedCost {
  const stored = storedCost(input);
  return {
    cost: formattedCost(stored),
    details: {
      currency_symbol: stored.symbol,
      currency_code: '',
      currency_position: stored.position,
      values: costValues(stored),
    },
    stored,
  };
}

/**
 * Formats an event cost given as it was sent (a text, a number, a list of them, or null). A list page
 * formats the same few costs again and again: results are remembered, frozen (answers share them).
 */
export function formatCost(input: unknown): FormattedCost {
  const key = typeof input === 'string' ? `s${input}` : typeof input === 'number' ? `n${input}` : null;
  if (key === null) return compute(input);
  let hit = costMemo.get(key);
  if (!hit) {
    hit = compute(input);
    Object.freeze(hit.details.values);
    Object.freeze(hit.details);
    Object.freeze(hit.stored.values);
    Object.freeze(hit.stored);
    Object.freeze(hit);
    if (costMemo.size >= 2000) costMemo.clear();
    costMemo.set(key, hit);
  }
  return hit;
}
