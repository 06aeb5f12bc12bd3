import { describe, expect, it } from 'vitest';
import { formatCost } from '../../src/server/format/cost.js';

describe('formatCost', () => {
  it.each([
    // input, cost, symbol, position, values
    ['25', '$25', '', '', ['25']],
    ['$25', '$25', '$', 'prefix', ['25']],
    ['20$', '20$', '$', 'postfix', ['20']],
    ['10.50', '$10.50', '', '', ['10.50']],
    ['10 - 20', '$10 \u2013 $20', '', '', ['10', '20']],
    ['$10 - $20', '$10 \u2013 $20', '$', 'prefix', ['10', '20']],
    ['€10-20', '€10 \u2013 €20', '€', 'prefix', ['10', '20']],
    [['0$', '20$', '30$'], 'Free \u2013 30$', '$', 'postfix', ['0', '20', '30']],
    [[15, 5, 25], '$5 \u2013 $25', '', '', ['5', '15', '25']],
    [['20', '10', '20'], '$10 \u2013 $20', '', '', ['10', '20']],
    [['$5', '10€'], '$5 \u2013 $10', '', '', ['5', '10']],
    [['0', '30'], 'Free \u2013 $30', '', '', ['0', '30']],
    [42, '$42', '', '', ['42']],
    ['0', '', '', '', []],
    [0, '', '', '', []],
    ['Donation', 'Donation', '', '', []],
    ['', '', '', '', []],
    ['   ', '', '', '', []],
    [undefined, '', '', '', []],
    [null, '', '', '', []],
    [[], '', '', '', []],
  ])('%j → %j', (input, cost, symbol, position, values) => {
    expect(formatCost(input)).toEqual({
      cost,
      details: { currency_symbol: symbol, currency_code: '', currency_position: position, values },
    });
  });
});
