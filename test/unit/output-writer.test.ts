import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { getResource } from '../../src/catalog/index.js';
import { CalctlError, UsageError } from '../../src/errors/index.js';
import {
  createRecordWriter,
  type JsonRecord,
  type OutputFormat,
  type RecordWriterOptions,
  writeError,
  writeOne,
} from '../../src/output/index.js';

/** A small event shaped like the real site's answer (02-events-list.txt). */
function makeEvent(id: number, over: JsonRecord = {}): JsonRecord {
  return {
    id,
    global_id: `127.0.0.1?id=${id}`,
    author: '1',
    status: 'publish',
    title: `Event ${id}`,
    description: '<p>A test event</p>',
    all_day: false,
    start_date: '2026-12-05 19:00:00',
    start_date_details: { year: '2026', month: '12', day: '05', hour: '19', minutes: '00', seconds: '00' },
    end_date: '2026-12-05 21:30:00',
    cost: '$25',
    featured: false,
    categories: [{ name: 'Concerts', slug: 'concerts', id: 4, taxonomy: 'tribe_events_cat' }],
    tags: [{ name: 'evening', slug: 'evening', id: 5 }],
    venue: { id: 7, venue: 'City Arena', slug: 'city-arena', city: 'Springfield' },
    organizer: [
      { id: 8, organizer: 'Acme Events', email: 'info@acme.example' },
      { id: 5, organizer: 'Jane Doe' },
    ],
    custom_fields: [],
    ...over,
  };
}

const EVENTS = [makeEvent(6), makeEvent(9, { venue: [], organizer: [], featured: true })];
const ALL_FORMATS: OutputFormat[] = ['table', 'json', 'ndjson', 'csv', 'yaml', 'ids', 'count'];

function capture() {
  const sink = {
    text: '',
    write(s: string) {
      sink.text += s;
    },
  };
  return sink;
}

function run(records: readonly JsonRecord[], opts: Partial<RecordWriterOptions> & { format: OutputFormat }) {
  const stdout = capture();
  const stderr = capture();
  const writer = createRecordWriter({ stream: stdout, stderr, resource: getResource('events'), ...opts });
  for (const r of records) writer.write(r);
  writer.end();
  return { stdout: stdout.text, stderr: stderr.text };
}

describe('list formats', () => {
  it('json prints the records unchanged as one array', () => {
    expect(JSON.parse(run(EVENTS, { format: 'json' }).stdout)).toEqual(EVENTS);
  });

  it('json streams: "[" and the first record go out before end()', () => {
    const stdout = capture();
    const w = createRecordWriter({
      format: 'json',
      stream: stdout,
      stderr: capture(),
      resource: getResource('events'),
    });
    w.write(makeEvent(1));
    expect(stdout.text.startsWith('[')).toBe(true);
    expect(stdout.text).toContain('"Event 1"');
    w.end();
    expect(JSON.parse(stdout.text)).toEqual([makeEvent(1)]);
  });

  it('ndjson prints one record per line', () => {
    const lines = run(EVENTS, { format: 'ndjson' }).stdout.trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual(EVENTS);
  });

  it('yaml prints a sequence of the records', () => {
    expect(parseYaml(run(EVENTS, { format: 'yaml' }).stdout)).toEqual(EVENTS);
  });

  it('ids prints one id per line', () => {
    expect(run(EVENTS, { format: 'ids' }).stdout).toBe('6\n9\n');
  });

  it('count prints the number at the end', () => {
    expect(run(EVENTS, { format: 'count' }).stdout).toBe('2\n');
  });

  it('csv prints every record key as a column, objects by name', () => {
    const out = run(EVENTS, { format: 'csv' }).stdout;
    expect(out.split('\n')[0]).toBe(getResource('events').recordKeys.join(','));
    const [first, second] = parseCsv(out, { columns: true }) as Record<string, string>[];
    expect(first).toMatchObject({
      id: '6',
      venue: 'City Arena',
      organizer: 'Acme Events, Jane Doe',
      categories: 'Concerts',
      tags: 'evening',
      all_day: 'false',
      author: '1',
      start_date_details: JSON.stringify(makeEvent(6).start_date_details),
    });
    expect(second).toMatchObject({ id: '9', venue: '', organizer: '', featured: 'true' });
  });

  it('table buffers and prints at end()', () => {
    const stdout = capture();
    const w = createRecordWriter({
      format: 'table',
      stream: stdout,
      stderr: capture(),
      resource: getResource('events'),
    });
    w.write(EVENTS[0] ?? {});
    expect(stdout.text).toBe('');
    w.end();
    expect(stdout.text.split('\n')[0]).toMatch(/^ID\s+START\s+END\s+TITLE\s+VENUE\s+STATUS$/);
  });
});

describe('empty lists', () => {
  it.each([
    ['json', '[]\n', ''],
    ['ndjson', '', ''],
    ['yaml', '[]\n', ''],
    ['ids', '', ''],
    ['count', '0\n', ''],
    ['table', '', 'no events found\n'],
  ] as const)('%s → stdout %j, stderr %j', (format, stdout, stderr) => {
    expect(run([], { format })).toEqual({ stdout, stderr });
  });

  it('json [] parses', () => {
    expect(JSON.parse(run([], { format: 'json' }).stdout)).toEqual([]);
  });

  it('csv prints the header only', () => {
    expect(run([], { format: 'csv', fields: ['id', 'title', 'venue.venue'] }).stdout).toBe('id,title,venue.venue\n');
  });
});

describe('--fields and --field', () => {
  const fields = ['id', 'venue.venue', 'organizer.organizer'];

  it.each(['json', 'yaml'] as const)('%s keeps the nesting', (format) => {
    const out = run(EVENTS, { format, fields }).stdout;
    const parsed: unknown = format === 'json' ? JSON.parse(out) : parseYaml(out);
    expect(parsed).toEqual([
      { id: 6, venue: { venue: 'City Arena' }, organizer: [{ organizer: 'Acme Events' }, { organizer: 'Jane Doe' }] },
      { id: 9, venue: [], organizer: [] },
    ]);
  });

  it('ndjson keeps the nesting', () => {
    const lines = run(EVENTS, { format: 'ndjson', fields: ['id', 'venue.city'] })
      .stdout.trimEnd()
      .split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { id: 6, venue: { city: 'Springfield' } },
      { id: 9, venue: [] },
    ]);
  });

  it('csv uses the paths as headers and joins arrays', () => {
    expect(run(EVENTS, { format: 'csv', fields: [...fields, 'categories.name'] }).stdout).toBe(
      'id,venue.venue,organizer.organizer,categories.name\n6,City Arena,"Acme Events, Jane Doe",Concerts\n9,,,Concerts\n',
    );
  });

  it('table uses the paths as columns', () => {
    const lines = run(EVENTS, { format: 'table', fields: ['id', 'organizer.organizer'] }).stdout.split('\n');
    expect(lines[0]).toMatch(/^ID\s+ORGANIZER$/);
    expect(lines[1]).toMatch(/^6\s+Acme Events, Jane Doe$/);
  });

  it.each(ALL_FORMATS)('--field prints bare values whatever the format (%s)', (format) => {
    expect(run(EVENTS, { format, field: 'venue.venue' }).stdout).toBe('City Arena\n\n');
    expect(run(EVENTS, { format, field: 'title' }).stdout).toBe('Event 6\nEvent 9\n');
  });

  it('indexed paths pick one element in every format (calctl help formats: organizer.0.organizer)', () => {
    const indexed = ['id', 'organizer.0.organizer'];
    expect(JSON.parse(run(EVENTS, { format: 'json', fields: indexed }).stdout)).toEqual([
      { id: 6, organizer: [{ organizer: 'Acme Events' }] },
      { id: 9, organizer: [null] },
    ]);
    expect(parseYaml(run(EVENTS, { format: 'yaml', fields: indexed }).stdout)).toEqual([
      { id: 6, organizer: [{ organizer: 'Acme Events' }] },
      { id: 9, organizer: [null] },
    ]);
    expect(run(EVENTS, { format: 'csv', fields: indexed }).stdout).toBe(
      'id,organizer.0.organizer\n6,Acme Events\n9,\n',
    );
    const lines = run(EVENTS, { format: 'table', fields: indexed }).stdout.split('\n');
    expect(lines[1]).toMatch(/^6\s+Acme Events$/);
    expect(run(EVENTS, { format: 'ndjson', field: 'categories.0.slug' }).stdout).toBe('concerts\nconcerts\n');
    expect(run(EVENTS, { format: 'json', field: 'organizer.1.organizer' }).stdout).toBe('Jane Doe\n\n');
  });

  it('rejects unknown fields before writing anything', () => {
    const stdout = capture();
    expect(() =>
      createRecordWriter({
        format: 'json',
        stream: stdout,
        stderr: capture(),
        resource: getResource('events'),
        fields: ['id', 'titel'],
      }),
    ).toThrow(/unknown field "titel"/);
    expect(stdout.text).toBe('');
  });

  it('refuses --fields with --field', () => {
    expect(() => run(EVENTS, { format: 'json', fields: ['id'], field: 'id' })).toThrow(UsageError);
  });
});

describe('csv quoting', () => {
  it.each([
    ['Rock, Paper', '"Rock, Paper"'],
    ['Say "hi"', '"Say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['plain', 'plain'],
  ])('%j → %j', (title, cell) => {
    expect(run([makeEvent(1, { title })], { format: 'csv', fields: ['id', 'title'] }).stdout).toBe(
      `id,title\n1,${cell}\n`,
    );
  });

  it('honours another delimiter', () => {
    expect(
      run([makeEvent(1, { title: 'a;b' })], { format: 'csv', fields: ['id', 'title'], delimiter: ';' }).stdout,
    ).toBe('id;title\n1;"a;b"\n');
  });
});

describe('writeOne', () => {
  function one(format: OutputFormat, extra: Partial<RecordWriterOptions> = {}) {
    const stdout = capture();
    writeOne(EVENTS[0] ?? {}, { format, stream: stdout, stderr: capture(), resource: getResource('events'), ...extra });
    return stdout.text;
  }

  it('json prints one object, unchanged', () => expect(JSON.parse(one('json'))).toEqual(EVENTS[0]));
  it('json with fields', () =>
    expect(JSON.parse(one('json', { fields: ['id', 'venue.venue'] }))).toEqual({
      id: 6,
      venue: { venue: 'City Arena' },
    }));
  it('yaml prints one mapping', () => expect(parseYaml(one('yaml'))).toEqual(EVENTS[0]));
  it('ndjson prints one line', () => expect(JSON.parse(one('ndjson'))).toEqual(EVENTS[0]));
  it('ids prints the id', () => expect(one('ids')).toBe('6\n'));
  it('--field prints the value', () =>
    expect(one('table', { field: 'organizer.organizer' })).toBe('Acme Events, Jane Doe\n'));

  it('table prints key and value for each top-level key', () => {
    const lines = one('table', { columns: 80 }).trimEnd().split('\n');
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual(Object.keys(EVENTS[0] ?? {}));
    expect(lines).toContainEqual(expect.stringMatching(/^venue\s+City Arena$/));
    expect(lines).toContainEqual(expect.stringMatching(/^all_day\s+no$/));
    expect(lines).toContainEqual(expect.stringMatching(/^description\s+A test event$/));
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
  });
});

describe('writeError', () => {
  const failure = new CalctlError('event 99 not found', {
    code: 'rest_post_invalid_id',
    exitCode: 5,
    hint: 'list events with: calctl events list',
    status: 404,
  });

  it('prints plain words and the hint', () => {
    const stderr = capture();
    writeError(failure, { stderr, format: 'table' });
    expect(stderr.text).toBe('calctl: event 99 not found\n  hint: list events with: calctl events list\n');
  });

  it('adds one JSON line with format json', () => {
    const stderr = capture();
    writeError(failure, { stderr, format: 'json' });
    const lines = stderr.text.trimEnd().split('\n');
    expect(lines.slice(0, 2)).toEqual(['calctl: event 99 not found', '  hint: list events with: calctl events list']);
    expect(JSON.parse(lines[2] ?? '')).toEqual({
      error: {
        code: 'rest_post_invalid_id',
        message: 'event 99 not found',
        status: 404,
        hint: 'list events with: calctl events list',
      },
    });
  });

  it('jsonOnly leaves out the plain words (the argument parser printed its own)', () => {
    const stderr = capture();
    writeError(failure, { stderr, format: 'json', jsonOnly: true });
    expect(stderr.text.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(stderr.text).error.code).toBe('rest_post_invalid_id');
    const plain = capture();
    writeError(failure, { stderr: plain, format: 'table', jsonOnly: true });
    expect(plain.text).toBe('');
  });

  it.each([
    [new Error('boom'), { code: 'unexpected', message: 'boom', status: null }],
    [
      Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
      { code: 'ECONNREFUSED', message: 'refused', status: null },
    ],
    ['just text', { code: 'unexpected', message: 'just text', status: null }],
  ])('describes %o', (err, error) => {
    const stderr = capture();
    writeError(err, { stderr, format: 'json' });
    const lines = stderr.text.trimEnd().split('\n');
    expect(lines[0]).toBe(`calctl: ${error.message}`);
    expect(JSON.parse(lines[lines.length - 1] ?? '')).toEqual({ error });
  });
});
