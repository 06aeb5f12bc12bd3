/**
 * `calctl api GET … --paginate` in every output format: the records of each page's list key, as
 * `events list --all` prints them (ndjson one per line, json one array …), and -o formats that make
 * no sense for raw answers refused before any request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { apiRequest, startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, siteEnv, tempHome } from '../helpers/cli.js';

let server: TestServer;
let env: Record<string, string>;
let home: string;
let ids: number[];
const cli = (args: string[]) => runCli(args, { env, home });
// Five events, two a page: three pages.
const paged = (...more: string[]) => ['api', 'GET', '/events', '-f', 'per_page=2', '-f', 'search=Paged', ...more];

beforeAll(async () => {
  server = await startApi();
  env = siteEnv(server);
  home = tempHome();
  ids = [];
  for (let i = 1; i <= 5; i++) {
    const res = await apiRequest<{ id: number }>(server, 'POST', '/events', {
      title: `Paged ${i}`,
      start_date: `2027-05-0${i} 10:00:00`,
      end_date: `2027-05-0${i} 11:00:00`,
    });
    ids.push(res.body.id);
  }
});
afterAll(async () => {
  await server?.close();
});

describe('api --paginate', () => {
  it('-o ndjson streams one record per line, like events list --all -o ndjson', async () => {
    const res = await cli(paged('--paginate', '-o', 'ndjson'));
    expect(res.code, res.stderr).toBe(0);
    const lines = res.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    const records = lines.map((line) => JSON.parse(line) as { id: number; title: string });
    expect(records.map((r) => r.id)).toEqual(ids);
    expect(records[0]?.title).toBe('Paged 1');
    const list = await cli(['events', 'list', '--search', 'Paged', '--per-page', '2', '--all', '-o', 'ndjson']);
    expect(res.stdout).toBe(list.stdout);
  });

  it('-o json (and the piped default) prints one array of every record', async () => {
    for (const args of [paged('--paginate', '-o', 'json'), paged('--paginate', '--json'), paged('--paginate')]) {
      const res = await cli(args);
      expect(res.code, res.stderr).toBe(0);
      expect(res.json<{ id: number }[]>().map((r) => r.id)).toEqual(ids);
    }
  });

  it('-o yaml prints one sequence; -o ids the ids; -o count the number', async () => {
    const yaml = await cli(paged('--paginate', '-o', 'yaml'));
    expect(yaml.code, yaml.stderr).toBe(0);
    expect((parseYaml(yaml.stdout) as { id: number }[]).map((r) => r.id)).toEqual(ids);
    const idList = await cli(paged('--paginate', '-o', 'ids'));
    expect(idList.stdout).toBe(`${ids.join('\n')}\n`);
    const count = await cli(paged('--paginate', '-o', 'count'));
    expect(count.stdout).toBe('5\n');
  });

  it('an empty list: [] for json, nothing for ndjson, 0 for count', async () => {
    const none = ['api', 'GET', '/events', '-f', 'search=nothing-matches-this', '--paginate'];
    expect((await cli([...none, '-o', 'json'])).json()).toEqual([]);
    const ndjson = await cli([...none, '-o', 'ndjson']);
    expect(ndjson.code, ndjson.stderr).toBe(0);
    expect(ndjson.stdout).toBe('');
    expect((await cli([...none, '-o', 'count'])).stdout).toBe('0\n');
  });

  it('an answer without a list is printed as it is', async () => {
    const one = await cli(['api', 'GET', `/events/${ids[0]}`, '--paginate', '-o', 'ndjson']);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(one.stdout).id).toBe(ids[0]);
  });
});

describe('api output formats', () => {
  it('without --paginate: json, ndjson (one line) and yaml of the answer', async () => {
    const json = await cli(paged('-o', 'json'));
    expect(json.json<{ events: unknown[]; total: number }>().total).toBe(5);
    const ndjson = await cli(paged('-o', 'ndjson'));
    expect(ndjson.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(ndjson.stdout).events).toHaveLength(2);
    const yaml = await cli(paged('-o', 'yaml'));
    expect((parseYaml(yaml.stdout) as { total: number }).total).toBe(5);
  });

  it.each([
    [['-o', 'csv'], /-o csv does not apply to calctl api/],
    [['-o', 'table'], /-o table does not apply to calctl api/],
    [['-o', 'ids'], /with --paginate also ids, count/],
    [['--paginate', '-o', 'csv'], /calctl events list --all -o csv/],
  ])('%j is a usage error (exit 2) before any request', async (flags, message) => {
    const res = await cli(paged(...flags));
    expect(res.code).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(message);
  });

  it('--paginate with another method than GET is a usage error', async () => {
    const res = await cli(['api', 'POST', '/tags', '-f', 'name=x', '--paginate']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/--paginate works with GET only/);
  });
});

describe('api: arrays as PHP reads them (issue 28)', () => {
  it('indexed keys (x[0]=…, as http_build_query writes them) become lists in a JSON body and in a query', async () => {
    const cats: number[] = [];
    for (const name of ['Idx A', 'Idx B'])
      cats.push((await apiRequest<{ id: number }>(server, 'POST', '/categories', { name })).body.id);
    const posted = await cli([
      'api',
      'POST',
      '/events',
      ...['-f', 'title=Indexed', '-f', 'start_date=2027-06-01 10:00:00', '-f', 'end_date=2027-06-01 11:00:00'],
      ...['-f', `categories[0]=${cats[0]}`, '-f', `categories[1]=${cats[1]}`],
    ]);
    expect(posted.code, posted.stderr).toBe(0);
    const event = posted.json<{ id: number; categories: { id: number }[] }>();
    expect(event.categories.map((c) => c.id).sort()).toEqual([...cats].sort());

    const dry = await cli(['api', 'PUT', `/events/${event.id}`, '-f', 'tags[0]=a', '-f', 'tags[1]=b', '--dry-run']);
    expect(JSON.parse(dry.stdout)).toMatchObject({ body: { tags: ['a', 'b'] } });
    const listed = await cli([
      'api',
      'GET',
      '/events',
      '-f',
      `categories[0]=${cats[0]}`,
      '-f',
      'start_date=2027-06-01',
    ]);
    expect(listed.json<{ events: { id: number }[] }>().events.map((e) => e.id)).toEqual([event.id]);
  });
});
