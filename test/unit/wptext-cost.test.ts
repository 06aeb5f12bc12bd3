/**
 * The plugin's cost rules (src/wptext/cost.ts) on costs sent as text, numbers and lists. Each case is
 * what a real site (WordPress 7.0 + The Events Calendar 6.16.5) answered for the same cost sent
 * through `tribe/events/v1`: `cost`, `cost_details`, and the first stored `_EventCost`.
 */
import { describe, expect, it } from 'vitest';
import { formatCost } from '../../src/server/format/cost.js';

describe('costs as the plugin stores and shows them', () => {
  it.each([
    // sent, cost, symbol, position, values, stored
    [['0$', '20$', '30$'], 'Free \u2013 30$', '$', 'postfix', ['0', '20', '30'], '0$'],
    [[15, 5, 25], '$5 \u2013 $25', '', '', ['5', '15', '25'], '15'],
    [['20', '10', '20'], '$10 \u2013 $20', '', '', ['10', '20'], '20'],
    [['$5', '10€'], '$5 \u2013 $10', '', '', ['5', '10'], '$5'],
    [['0', '30'], 'Free \u2013 $30', '', '', ['0', '30'], '0'],
    [42, '$42', '', '', ['42'], '42'],
    ['Donation', 'Donation', '', '', ['donation'], 'Donation'],
    ['', '', '', '', [], ''],
    ['   ', '', '', '', [], ''],
    [[], '', '', '', [], ''],
    ['€10-20', '$10 \u2013 $20', '', '', ['10', '20'], '€10-20'],
    ['10.50', '$10.50', '', '', ['10.50'], '10.50'],
    ['$25', '$25', '$', 'prefix', ['25'], '$25'],
    ['20$', '20$', '$', 'postfix', ['20'], '20$'],
    ['Free, 10', '$10', '', '', ['10'], 'Free, 10'],
    ['0', '', '', '', [], ''],
    ['0.00', 'Free', '', '', ['0.00'], '0.00'],
    ['0, 5', '$5', '', '', ['0.', '5'], '0, 5'],
    ['1.000,50', '$1.000', '', '', ['.50', '1.000'], '1.000,50'],
    ['5 & up', '5&amp; up', '& up', 'postfix', ['5'], '5 & up'],
    ['<b>5</b>', '$5', '', '', ['5'], '5'],
  ])('%j → %j', (sent, cost, symbol, position, values, stored) => {
    const out = formatCost(sent);
    expect({ cost: out.cost, details: out.details, stored: out.stored.values[0] ?? '' }).toEqual({
      cost,
      details: { currency_symbol: symbol, currency_code: '', currency_position: position, values },
      stored,
    });
  });
});
