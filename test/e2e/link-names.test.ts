/**
 * Linked records by id, slug or name on the command line (create, update, list filters), through the
 * built CLI against a real server: exact name first, then any letter case; an ambiguous name lists its
 * records; an unknown one says how to create it, or is created with --create-missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, siteEnv, tempHome } from '../helpers/cli.js';

let server: TestServer;
let env: Record<string, string>;
let home: string;
const cli = (args: string[]) => runCli(args, { env, home });

type Rec = Record<string, unknown> & { id: number };
const when = ['--start-date', '2027-04-10 20:00', '--end-date', '2027-04-10 22:00'];
let blueRoom: number;
let jazzClub: number;

async function made(args: string[]): Promise<Rec> {
  const r = await cli([...args, '-o', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return r.json<Rec>();
}

beforeAll(async () => {
  server = await startApi();
  env = siteEnv(server);
  home = tempHome();
  blueRoom = (await made(['venues', 'create', '--venue', 'Blue Room', '--city', 'Lyon'])).id;
  jazzClub = (await made(['organizers', 'create', '--organizer', 'Lyon Jazz Club'])).id;
  await made(['categories', 'create', '--name', 'Music']);
});
afterAll(async () => {
  await server?.close();
});

describe('linked records by name', () => {
  it('create takes a venue and organizers by name (any letter case) and categories by name', async () => {
    const e = await made([
      'events',
      'create',
      '--title',
      'Jazz night',
      ...when,
      '--venue',
      'Blue Room',
      '--organizer',
      'lyon jazz club',
      '--categories',
      'music',
    ]);
    expect((e.venue as Rec).id).toBe(blueRoom);
    expect((e.organizer as Rec[]).map((o) => o.id)).toEqual([jazzClub]);
    expect((e.categories as Rec[]).map((c) => c.name)).toEqual(['Music']);
  });

  it('list filters take names and slugs', async () => {
    for (const filter of [
      ['--venue', 'Blue Room'],
      ['--venue', 'blue-room'],
      ['--organizer', 'Lyon Jazz Club'],
      ['--categories', 'Music'],
    ]) {
      const r = await cli(['events', 'list', '--start-date', '2027-04-01', ...filter, '-o', 'json']);
      expect({ filter, code: r.code, stderr: r.stderr }).toMatchObject({ code: 0 });
      expect(r.json<Rec[]>().map((e) => e.title)).toContain('Jazz night');
    }
  });

  it('update takes names too', async () => {
    const other = await made(['venues', 'create', '--venue', 'Cellar']);
    const e = await made(['events', 'create', '--title', 'Moved gig', ...when, '--venue', 'Blue Room']);
    const updated = await made(['events', 'update', String(e.id), '--venue', 'cellar']);
    expect((updated.venue as Rec).id).toBe(other.id);
  });

  it('an unknown name is a usage error that says how to create it, and nothing is created', async () => {
    const before = (await cli(['venues', 'list', '--all', '-o', 'json'])).json<Rec[]>().length;
    const r = await cli(['events', 'create', '--title', 'Nowhere gig', ...when, '--venue', 'Nowhere Hall']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Nowhere Hall');
    expect(r.stderr).toContain('calctl venues create --venue "Nowhere Hall"');
    expect(r.stderr).toContain('--create-missing');
    expect((await cli(['venues', 'list', '--all', '-o', 'json'])).json<Rec[]>()).toHaveLength(before);
    const list = await cli(['events', 'list', '--organizer', 'Nobody', '-o', 'json']);
    expect(list.code).toBe(2);
    expect(list.stdout).toBe('');
  });

  it('--create-missing creates the venue and a tag first, once, and reuses them after', async () => {
    const first = await made([
      'events',
      'create',
      '--title',
      'New place',
      ...when,
      '--venue',
      'Attic',
      '--tags',
      'late night',
      '--create-missing',
    ]);
    const again = await made([
      'events',
      'create',
      '--title',
      'New place again',
      ...when,
      '--venue',
      'attic',
      '--tags',
      'Late Night',
    ]);
    expect((again.venue as Rec).id).toBe((first.venue as Rec).id);
    expect((again.tags as Rec[]).map((t) => t.id)).toEqual((first.tags as Rec[]).map((t) => t.id));
    const tags = (await cli(['tags', 'list', '--hide-empty', 'false', '-o', 'json'])).json<Rec[]>();
    expect(tags.filter((t) => String(t.name).toLowerCase() === 'late night')).toHaveLength(1);
  });

  it('a name shared by several records in any letter case is an error listing them; the exact spelling wins', async () => {
    const a = await made(['venues', 'create', '--venue', 'Twin Hall']);
    const b = await made(['venues', 'create', '--venue', 'Other Hall']);
    await made(['venues', 'update', String(b.id), '--venue', 'twin hall']);
    const exact = await made(['events', 'create', '--title', 'Twin gig', ...when, '--venue', 'Twin Hall']);
    expect((exact.venue as Rec).id).toBe(a.id);
    const r = await cli(['events', 'create', '--title', 'Twin gig 2', ...when, '--venue', 'TWIN HALL']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${a.id} (Twin Hall)`);
    expect(r.stderr).toContain(`${b.id} (twin hall)`);
  });
});
