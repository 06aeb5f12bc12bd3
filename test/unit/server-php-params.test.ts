/**
 * PHP's rules for request variables, as the embedded server reads query strings, form bodies,
 * multipart bodies and JSON. The expected values of the first table are what PHP 8.2's `parse_str()`
 * gives for each input (checked against PHP when the table was written), written as the server holds
 * them: a PHP list as an array, any other PHP array as an object.
 */
import { describe, expect, it } from 'vitest';
import { readRequestBody, UPLOAD_MAX_FILESIZE } from '../../src/server/http/body.js';
import {
  MAX_INPUT_VARS,
  MAX_NESTING,
  parsePhpPostForm,
  parsePhpQuery,
  phpUrlDecode,
} from '../../src/server/http/params.js';
import { phpArrayValues, phpJsonValue, readVarName } from '../../src/server/http/php-vars.js';

const QUERY_CASES: [string, Record<string, unknown>][] = [
  // indexes, appends, keys
  ['a[0]=x&a[1]=y', { a: ['x', 'y'] }],
  ['a[]=x&a[]=y', { a: ['x', 'y'] }],
  ['a[ ]=x&a[ ]=y', { a: ['x', 'y'] }],
  ['a[1]=y&a[0]=x', { a: { 0: 'x', 1: 'y' } }],
  ['a[0]=x&a[2]=y', { a: { 0: 'x', 2: 'y' } }],
  ['a[k]=x&a[]=y', { a: { k: 'x', 0: 'y' } }],
  ['a[5]=x&a[]=y', { a: { 5: 'x', 6: 'y' } }],
  ['a[-3]=x&a[]=y', { a: { '-3': 'x', '-2': 'y' } }],
  ['a[01]=x&a[1]=y', { a: { '01': 'x', 1: 'y' } }],
  ['a[%2B1]=x', { a: { '+1': 'x' } }],
  ['a[ x]=1', { a: { ' x': '1' } }],
  ['a[9223372036854775807]=x&a[]=y', { a: { '9223372036854775807': 'x' } }],
  ['a[9223372036854775808]=x', { a: { '9223372036854775808': 'x' } }],
  // nesting
  ['a[x][y]=1&a[x][z]=2', { a: { x: { y: '1', z: '2' } } }],
  ['a[][x]=1&a[][x]=2', { a: [{ x: '1' }, { x: '2' }] }],
  ['a[0][0]=x&a[0][1]=y&a[1][0]=z', { a: [['x', 'y'], ['z']] }],
  // scalars and arrays replacing each other, last wins
  ['a=1&a=2', { a: '2' }],
  ['a=1&a[x]=2', { a: { x: '2' } }],
  ['a[x]=2&a=1', { a: '1' }],
  ['a[x]=1&a[x][y]=2', { a: { x: { y: '2' } } }],
  ['a[]=1&a=2&a[]=3', { a: ['3'] }],
  // brackets that do not close, text after an index
  ['a[x]junk=1', { a: { x: '1' } }],
  ['a[x]junk[y]=1', { a: { x: '1' } }],
  ['a[b=1', { a_b: '1' }],
  ['a[b][c=1', { a: { b: '1' } }],
  ['a[b.c d[e=1', { a_b_c_d_e: '1' }],
  // names: dots and spaces, leading spaces, empty names
  ['a.b c=1', { a_b_c: '1' }],
  ['a.b[c.d]=1', { a_b: { 'c.d': '1' } }],
  ['%20a=1', { a: '1' }],
  ['[x]=1', {}],
  ['=1', {}],
  ['a%00b=1', { a: '1' }],
  // decoding
  ['a%5B0%5D=x', { a: ['x'] }],
  ['a=%41%ZZ%', { a: 'A%ZZ%' }],
  ['a+b=c+d', { a_b: 'c d' }],
  ['a=%C3%A9t%C3%A9', { a: 'été' }],
  ['a=1&&b=2', { a: '1', b: '2' }],
  ['a[x]', { a: { x: '' } }],
  ['b', { b: '' }],
];

describe('PHP variable rules (parse_str)', () => {
  it.each(QUERY_CASES)('%s', (query, expected) => {
    expect(parsePhpQuery(query)).toEqual(expected);
  });

  it('keeps lists as arrays and every other PHP array as an object', () => {
    expect(Array.isArray(parsePhpQuery('s[0]=publish&s[1]=draft').s)).toBe(true);
    expect(Array.isArray(parsePhpQuery('s[1]=draft&s[0]=publish').s)).toBe(false);
    expect(phpArrayValues(parsePhpQuery('s[a]=publish&s[b]=draft').s)).toEqual(['publish', 'draft']);
    expect(phpArrayValues('publish')).toBeUndefined();
  });

  it('drops a `__proto__` key instead of reaching the prototype', () => {
    const out = parsePhpQuery('a[__proto__][x]=1&__proto__=2&b=3');
    expect(out).toEqual({ a: {}, b: '3' });
    expect(Object.getPrototypeOf(out.a)).toBe(Object.prototype);
  });

  it(`drops a variable nested deeper than ${MAX_NESTING} levels, with its earlier values`, () => {
    const ok = `a${'[x]'.repeat(MAX_NESTING)}=1`;
    const deep = `a${'[x]'.repeat(MAX_NESTING + 1)}=1`;
    let node: unknown = parsePhpQuery(ok).a;
    for (let i = 0; i < MAX_NESTING; i++) node = (node as Record<string, unknown>).x;
    expect(node).toBe('1');
    expect(parsePhpQuery(`a[y]=0&${deep}&b=2`)).toEqual({ b: '2' });
  });

  it(`reads ${MAX_INPUT_VARS} pairs of a query string, not counting empty ones`, () => {
    const junk = Array.from({ length: MAX_INPUT_VARS - 1 }, (_, i) => `j${i}=1`).join('&');
    expect(parsePhpQuery(`${junk}&&&last=1`).last).toBe('1');
    expect(parsePhpQuery(`${junk}&one=1&last=1`).last).toBeUndefined();
  });

  it('keeps one pair more in a POST form body, counting empty pieces, as PHP does', () => {
    const junk = Array.from({ length: MAX_INPUT_VARS }, (_, i) => `j${i}=1`).join('&');
    expect(parsePhpPostForm(`${junk}&title=x`).title).toBe('x');
    expect(parsePhpPostForm(`${junk}&title=x&next=y`).next).toBeUndefined();
    expect(parsePhpPostForm(`&&${junk}&title=x`).title).toBeUndefined();
    expect(parsePhpPostForm('a[0]=1&a[1]=2&')).toEqual({ a: ['1', '2'] });
  });

  it('splits a variable name into base and indexes', () => {
    expect(readVarName('a[0][]')).toEqual({ base: 'a', indexes: ['0', null] });
    expect(readVarName('[0]')).toBeUndefined();
  });

  it('decodes percent escapes byte by byte', () => {
    expect(phpUrlDecode('%e2%82%ac+%')).toBe('€ %');
    expect(phpUrlDecode('%2B')).toBe('+');
    expect(phpUrlDecode('%FF')).toBe('\uFFFD');
  });
});

describe('JSON as json_decode($body, true) gives it', () => {
  it('reads objects with the keys 0..n-1 as lists, others as objects, {} as an empty list', () => {
    expect(phpJsonValue({ 0: 'a', 1: 'b' })).toEqual(['a', 'b']);
    expect(phpJsonValue({ 0: 'a', 2: 'b' })).toEqual({ 0: 'a', 2: 'b' });
    expect(phpJsonValue({ venue: { 0: 5 } })).toEqual({ venue: [5] });
    expect(phpJsonValue({})).toEqual([]);
    expect(phpJsonValue([{ 0: 1 }])).toEqual([[1]]);
  });
});

const form = { 'content-type': 'application/x-www-form-urlencoded' };

function multipart(parts: { name: string; value: string; filename?: string; type?: string }[]) {
  const boundary = 'xBOUNDARYx';
  const chunks = parts.map((p) => {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.type ? `\r\nContent-Type: ${p.type}` : '';
    return `--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n${p.value}\r\n`;
  });
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.from(`${chunks.join('')}--${boundary}--\r\n`),
  };
}

describe('request bodies as WordPress reads them', () => {
  const cases: [string, string, Record<string, string>, string, { json?: unknown; form?: unknown }][] = [
    ['a JSON object', 'POST', { 'content-type': 'application/json' }, '{"a":{"0":1}}', { json: { a: [1] } }],
    ['a +json type', 'PATCH', { 'content-type': 'application/vnd.api+json' }, '{"a":1}', { json: { a: 1 } }],
    ['a JSON body PHP counts as empty', 'POST', { 'content-type': 'application/json' }, '0', {}],
    ['a POST form', 'POST', form, 'a[0]=1&a[1]=2', { form: { a: ['1', '2'] } }],
    [
      'a POST form with a charset',
      'POST',
      { 'content-type': 'Application/X-WWW-Form-Urlencoded; charset=UTF-8' },
      'a=1',
      { form: { a: '1' } },
    ],
    ['a POST form without a type', 'POST', {}, 'a=1', {}],
    ['a POST of text/plain', 'POST', { 'content-type': 'text/plain' }, 'a=1', {}],
    ['a PUT form', 'PUT', form, 'a[]=1', { form: { a: ['1'] } }],
    ['a PUT without a type', 'PUT', {}, 'a[x]=1', { form: { a: { x: '1' } } }],
    ['a DELETE without a type', 'DELETE', {}, 'force=true', { form: { force: 'true' } }],
    ['a PATCH body PHP counts as empty', 'PATCH', {}, '0', {}],
    ['a PUT of text/plain', 'PUT', { 'content-type': 'text/plain' }, 'a=1', {}],
  ];
  it.each(cases)('%s', async (_label, method, headers, body, expected) => {
    const got = await readRequestBody(method, headers, body);
    expect(got.error).toBeUndefined();
    expect(got.json).toEqual(expected.json ?? null);
    expect(got.form).toEqual(expected.form ?? null);
  });

  it.each([
    ['   ', 4],
    ['{"a":', 4],
    [`${'['.repeat(513)}${']'.repeat(513)}`, 1],
  ])('refuses the JSON body %#', async (text, code) => {
    const got = await readRequestBody('POST', { 'content-type': 'application/json' }, text);
    expect(got.error?.status).toBe(400);
    expect(got.error?.code).toBe('rest_invalid_json');
    expect(got.error?.data.json_error_code).toBe(code);
  });

  it('takes 512 levels of JSON nesting', async () => {
    const got = await readRequestBody(
      'POST',
      { 'content-type': 'application/json' },
      `{"a":${'['.repeat(511)}${']'.repeat(511)}}`,
    );
    expect(got.error).toBeUndefined();
  });

  it('refuses JSON that is not UTF-8', async () => {
    const got = await readRequestBody('POST', { 'content-type': 'application/json' }, Buffer.from([0x7b, 0x22, 0xff]));
    expect(got.error?.data.json_error_code).toBe(5);
  });

  it('reads multipart fields by the PHP rules and keeps file parts apart', async () => {
    const { headers, body } = multipart([
      { name: 'title', value: 'Hi' },
      { name: 'categories[0]', value: '3' },
      { name: 'categories[1]', value: 'music' },
      { name: 'venue[venue]', value: 'Hall' },
      // (an octet-stream part without a file name is a field for PHP)
      { name: 'note', value: 'plain', type: 'application/octet-stream' },
      { name: 'file', value: 'JPEGDATA', filename: 'C:\\pics\\a.jpg', type: 'image/jpeg' },
      { name: 'more[]', value: 'x', filename: 'b.txt' },
    ]);
    const got = await readRequestBody('POST', headers, body);
    expect(got.form).toEqual({ title: 'Hi', categories: ['3', 'music'], venue: { venue: 'Hall' }, note: 'plain' });
    const file = got.files?.file as { name: string; type: string; size: number; data: Buffer; error: number };
    expect(file).toMatchObject({ name: 'a.jpg', type: 'image/jpeg', size: 8, error: 0 });
    expect(file.data.toString()).toBe('JPEGDATA');
    expect(got.files?.more).toMatchObject([{ name: 'b.txt', type: 'text/plain', size: 1, error: 0 }]);
  });

  it('marks a file larger than upload_max_filesize, and reads no multipart body of a PUT', async () => {
    const big = 'x'.repeat(UPLOAD_MAX_FILESIZE + 1);
    const { headers, body } = multipart([{ name: 'file', value: big, filename: 'big.bin' }]);
    const got = await readRequestBody('POST', headers, body);
    expect(got.files?.file).toMatchObject({ name: 'big.bin', size: 0, data: null, error: 1 });
    const put = await readRequestBody('PUT', multipart([{ name: 'a', value: '1' }]).headers, body);
    expect(put.form).toBeNull();
  });

  it('reads nothing from a multipart body without a boundary', async () => {
    const got = await readRequestBody('POST', { 'content-type': 'multipart/form-data' }, 'a=1');
    expect(got.form).toEqual({});
  });
});
