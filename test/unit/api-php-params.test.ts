import { describe, expect, it } from 'vitest';
import { assignPhpKey, encodeParams, phpKeySegments, phpLists } from '../../src/api/params.js';

const fill = (pairs: [string, string][]) => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of pairs) assignPhpKey(out, k, v);
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, phpLists(v)]));
};

describe('PHP-style keys, as PHP fills $_GET and $_POST', () => {
  it.each([
    ['a', ['a']],
    ['a[]', ['a', '']],
    ['a[0]', ['a', '0']],
    ['a[k][]', ['a', 'k', '']],
    ['a[', ['a[']],
    ['a[b]c', ['a[b]c']],
  ])('%s → %j', (key, segments) => {
    expect(phpKeySegments(key)).toEqual(segments);
  });

  it('reads x[0]=…&x[1]=… (http_build_query) and x[]=… into the same list', () => {
    const indexed = fill([
      ['categories[0]', '4'],
      ['categories[1]', '7'],
    ]);
    const appended = fill([
      ['categories[]', '4'],
      ['categories[]', '7'],
    ]);
    expect(indexed).toEqual({ categories: ['4', '7'] });
    expect(appended).toEqual(indexed);
  });

  it('keeps keys that are no list, nests, and appends after the largest index', () => {
    expect(fill([['cost[5]', 'x']])).toEqual({ cost: { 5: 'x' } });
    expect(
      fill([
        ['meta[a][]', '1'],
        ['meta[a][]', '2'],
        ['meta[b]', '3'],
      ]),
    ).toEqual({ meta: { a: ['1', '2'], b: '3' } });
    expect(
      fill([
        ['x[3]', 'a'],
        ['x[]', 'b'],
      ]),
    ).toEqual({ x: { 3: 'a', 4: 'b' } });
    expect(fill([['0', 'a']])).toEqual({ 0: 'a' });
  });

  it('encodes what it read back into a query PHP reads the same', () => {
    const query = encodeParams(
      fill([
        ['status[0]', 'publish'],
        ['status[1]', 'draft'],
        ['cost[5]', 'x'],
      ]) as never,
    );
    expect([...query]).toEqual([
      ['status[]', 'publish'],
      ['status[]', 'draft'],
      ['cost[5]', 'x'],
    ]);
  });
});
