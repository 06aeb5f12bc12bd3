/**
 * The trash lifecycle through the built CLI against a real server: delete trashes, `list --status
 * trash` shows the trash, `restore` takes a record out with the slug it had, `delete --force` deletes
 * for good through WordPress core's route (after a confirmation), and a site without core's routes
 * gets a clear error.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestServer } from '../helpers/api-server.js';
import { runCli, siteEnv, tempHome } from '../helpers/cli.js';

let server: TestServer;
let env: Record<string, string>;
let home: string;
const cli = (args: string[], extra: Record<string, string> = {}) => runCli(args, { env: { ...env, ...extra }, home });
type Rec = Record<string, unknown> & { id: number };

async function made(args: string[]): Promise<Rec> {
  const r = await cli([...args, '-o', 'json']);
  expect(r.code, r.stderr).toBe(0);
  // a single-record action prints the object, as get and create do (issue 26)
  const out = r.json<Rec | Rec[]>();
  expect(Array.isArray(out), `${args.join(' ')} printed an array`).toBe(false);
  return out as Rec;
}

beforeAll(async () => {
  server = await startApi();
  env = siteEnv(server);
  home = tempHome();
});
afterAll(async () => {
  await server?.close();
});

describe.each([
  ['events', ['--title', 'Trash party', '--start-date', '2027-08-01 20:00', '--duration', '2h']],
  ['venues', ['--venue', 'Trash Hall']],
  ['organizers', ['--organizer', 'Trash Org']],
])('%s: trash, restore, delete for good', (resource, create) => {
  it('trash → restore → trash → restore keeps the original slug', async () => {
    const rec = await made([resource, 'create', ...create]);
    for (let round = 0; round < 2; round++) {
      const trashed = await made([resource, 'delete', String(rec.id), '--yes']);
      expect(trashed.status).toBe('trash');
      const trash = (await cli([resource, 'list', '--status', 'trash', '--all', '-o', 'json'])).json<Rec[]>();
      expect(trash.map((r) => r.id)).toContain(rec.id);
      const restored = await made([resource, 'restore', String(rec.id)]);
      expect(restored).toMatchObject({ id: rec.id, status: 'publish', slug: rec.slug });
    }
  });

  it('restore --status draft; a record not in the trash is exit 2 with a hint', async () => {
    const rec = await made([resource, 'create', ...create]);
    const notTrashed = await cli([resource, 'restore', String(rec.id)]);
    expect(notTrashed.code).toBe(2);
    expect(notTrashed.stderr).toContain('is not in the trash');
    expect(notTrashed.stderr).toContain('--status trash');
    await made([resource, 'delete', String(rec.id), '--yes']);
    expect(await made([resource, 'restore', String(rec.id), '--status', 'draft'])).toMatchObject({ status: 'draft' });
  });

  it('delete --force asks first (refused without a terminal), then deletes for good', async () => {
    const rec = await made([resource, 'create', ...create]);
    const asked = await cli([resource, 'delete', String(rec.id), '--force']);
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain('cannot be undone');
    expect((await cli([resource, 'get', String(rec.id)])).code).toBe(0);
    const gone = await made([resource, 'delete', String(rec.id), '--force', '--yes']);
    expect(gone).toMatchObject({ id: rec.id, deleted: true });
    expect((await cli([resource, 'get', String(rec.id)])).code).toBe(5);
  });
});

describe('a site without core routes', () => {
  let front: Server;
  let frontUrl: string;
  beforeAll(async () => {
    // Forwards the plugin's routes; answers core's as a site that removed them does.
    front = createServer(async (req, res) => {
      if (req.url?.startsWith('/wp-json/wp/v2/')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'rest_no_route', message: 'No route.', data: { status: 404 } }));
        return;
      }
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const answer = await fetch(`${server.url}${req.url}`, {
        method: req.method ?? 'GET',
        headers: { authorization: String(req.headers.authorization ?? ''), 'content-type': 'application/json' },
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(await answer.text());
    });
    await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
    frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => front.close(() => r()));
  });

  it('delete --force says that the route is missing and what to do instead (exit 1)', async () => {
    const rec = await made([
      'events',
      'create',
      '--title',
      'Stays',
      '--start-date',
      '2027-08-02 20:00',
      '--duration',
      '1h',
    ]);
    const r = await cli(['events', 'delete', String(rec.id), '--force', '--yes'], { CALCTL_URL: frontUrl });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('/wp/v2/tribe_events');
    expect(r.stderr).toContain('wp-admin');
  });
});
