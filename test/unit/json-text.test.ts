/** Answers whose parts are already JSON text come out byte for byte as JSON.stringify writes them. */
import { describe, expect, it } from 'vitest';
import { filterFields } from '../../src/server/http/fields.js';
import { JsonItems, JsonText, jsonString, stringifyBody } from '../../src/server/http/json-text.js';

const records = [
  { id: 1, title: 'A “quoted” \u2028 line', nested: { list: [1, 'two', null], empty: {} } },
  { id: 2, title: 'é\ud83d\ude00', nested: { list: [], empty: [] } },
];

describe('stringifyBody', () => {
  it('writes text parts as they are, in the key order, skipping what JSON.stringify skips', () => {
    const plain = { events: records, rest_url: 'http://x/?a=b', skipped: undefined, total: 2, f: () => 1 };
    const texts = { ...plain, events: new JsonItems(records.map((r) => JSON.stringify(r))) };
    expect(jsonString(stringifyBody(texts))).toBe(JSON.stringify(plain));
    expect(texts.events.length).toBe(2);
    expect(jsonString(stringifyBody(new JsonItems([])))).toBe('[]');
    // (anything else is JSON.stringify's, and a text part serialized the ordinary way is the same value)
    expect(jsonString(stringifyBody([1, { a: new JsonText('{"b":[2]}') }]))).toBe('[1,{"a":{"b":[2]}}]');
    expect(jsonString(stringifyBody('x'))).toBe('"x"');
    expect(jsonString(stringifyBody(null))).toBe('null');
  });

  it('lets _fields trim text parts as the values they hold', () => {
    const plain = { events: records, total: 2 };
    const body = { events: new JsonItems(records.map((r) => JSON.stringify(r))), total: 2 };
    for (const fields of ['events.id,total', 'events.0.id', 'events', 'total', 'events.1']) {
      expect(jsonString(stringifyBody(filterFields(body, fields)))).toBe(JSON.stringify(filterFields(plain, fields)));
    }
    expect(jsonString(stringifyBody(filterFields(body, 'events.1')))).toBe(JSON.stringify({ events: [records[1]] }));
  });
});
