/**
 * The Events Calendar's own MCP server (github.com/the-events-calendar/mcp-server, built outside this
 * project) against a real embedded server, over stdio (newline-delimited JSON-RPC). Optional: set
 * TEC_MCP_ENTRY to its built dist/index.js; without it the group is skipped (CI has none).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Api, startApi } from '../helpers/api-server.js';

const ENTRY = process.env.TEC_MCP_ENTRY;
const usable = ENTRY !== undefined && existsSync(ENTRY);
if (!usable) {
  console.info('tec-v1-mcp: skipped (set TEC_MCP_ENTRY to the MCP server’s built dist/index.js to run it)');
}

interface ToolResult {
  isError?: boolean;
  content: { type: string; text: string }[];
}

let api: Api;
let child: ChildProcess;
let stderr = '';
const waiting = new Map<number, (msg: { result?: unknown; error?: unknown }) => void>();
let nextId = 0;

function rpc(method: string, params: unknown): Promise<{ result?: unknown; error?: unknown }> {
  const id = ++nextId;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    child.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
  });
}

async function tool(name: string, args: Record<string, unknown>): Promise<ToolResult> {
  const r = await rpc('tools/call', { name, arguments: args });
  return r.result as ToolResult;
}

/** The JSON record or list a successful tool call returns (its second text). */
// biome-ignore lint/suspicious/noExplicitAny: records are arbitrary JSON
const data = (r: ToolResult): any => JSON.parse(r.content[1]?.text ?? 'null');
const write = (postType: string, payload: Record<string, unknown>, id?: number) =>
  tool('tec-calendar-create-update-entities', { postType, data: payload, ...(id ? { id } : {}) });
const read = (args: Record<string, unknown>) => tool('tec-calendar-read-entities', args);
const remove = (postType: string, id: number, force = false) =>
  tool('tec-calendar-delete-entities', { postType, id, force });

describe.skipIf(!usable)("TEC's MCP server against calctl serve", () => {
  beforeAll(async () => {
    api = await startApi({ now: () => new Date('2026-11-25T04:30:00Z') });
    child = spawn(process.execPath, [ENTRY as string], {
      env: { ...process.env, WP_URL: api.origin, WP_USERNAME: 'admin', WP_APP_PASSWORD: ADMIN_PASSWORD },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let buf = '';
    child.stdout?.on('data', (d: Buffer) => {
      buf += d.toString('utf8');
      for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        try {
          const msg = JSON.parse(line) as { id?: number; result?: unknown; error?: unknown };
          if (msg.id !== undefined) waiting.get(msg.id)?.(msg);
        } catch {
          /* not a JSON-RPC line */
        }
      }
    });
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString('utf8');
    });
    const init = await rpc('initialize', {
      protocolVersion: '2025-03-26',
      capabilities: {},
      clientInfo: { name: 'calctl-test', version: '1' },
    });
    if (!init.result) throw new Error(`the MCP server did not start: ${stderr}`);
    child.stdin?.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  }, 30_000);

  afterAll(async () => {
    child?.kill();
    await api?.stop();
  });

  it('starts (its health check reads /wp-json/, users/me and settings) and lists its tools', async () => {
    const tools = (await rpc('tools/list', {})).result as { tools: { name: string }[] };
    expect(tools.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'tec-calendar-create-update-entities',
        'tec-calendar-read-entities',
        'tec-calendar-delete-entities',
      ]),
    );
  });

  it('a session: create (venue, organizer, event with both, all-day, a time zone, a draft), read, search, filter, page, update, trash, delete, bad input', async () => {
    const venue = data(await write('venue', { title: 'MCP Hall', address: '1 Rue', city: 'Lyon', country: 'France' }));
    expect([venue.type, venue.city, venue.title.rendered]).toEqual(['tribe_venue', 'Lyon', 'MCP Hall']);
    const org = data(await write('organizer', { title: 'MCP Org', email: 'mcp@example.com' }));
    expect([org.type, org.email]).toEqual(['tribe_organizer', 'mcp@example.com']);
    const event = data(
      await write('event', {
        title: 'MCP Launch',
        start_date: '2027-05-01 10:00:00',
        end_date: '2027-05-01 12:00:00',
        timezone: 'Asia/Tokyo',
        venues: [venue.id],
        organizers: [org.id],
      }),
    );
    expect([event.start_date_utc, event.timezone, event.status]).toEqual([
      '2027-05-01 01:00:00',
      'Asia/Tokyo',
      'publish',
    ]);
    expect([event.venues[0].id, event.organizers[0].id]).toEqual([venue.id, org.id]);
    const allDay = data(
      await write('event', {
        title: 'MCP Fair',
        start_date: '2027-05-02 09:00:00',
        end_date: '2027-05-02 17:00:00',
        all_day: true,
      }),
    );
    expect([allDay.start_date, allDay.end_date, allDay.all_day]).toEqual([
      '2027-05-02 00:00:00',
      '2027-05-02 23:59:59',
      true,
    ]);
    const draft = data(
      await write('event', {
        title: 'MCP Draft',
        start_date: '2027-05-03 09:00:00',
        end_date: '2027-05-03 10:00:00',
        status: 'draft',
      }),
    );
    expect([draft.status, draft.slug]).toEqual(['draft', '']);

    expect(data(await read({ postType: 'event', id: event.id })).title.rendered).toBe('MCP Launch');
    const found = data(await read({ postType: 'event', query: 'MCP' }));
    expect(found.map((e: { id: number }) => e.id)).toEqual([event.id, allDay.id]);
    const atVenue = data(await read({ postType: 'event', eventFilters: { venue: venue.id } }));
    expect(atVenue.map((e: { id: number }) => e.id)).toEqual([event.id]);
    const page2 = data(await read({ postType: 'event', query: 'MCP', per_page: 1, page: 2 }));
    expect(page2.map((e: { id: number }) => e.id)).toEqual([allDay.id]);
    const drafts = data(await read({ postType: 'event', status: 'draft' }));
    expect(drafts.map((e: { id: number }) => e.id)).toEqual([draft.id]);

    const updated = data(
      // (the client's own schema asks for both dates on an update too)
      await write(
        'event',
        { title: 'MCP Launch (moved)', start_date: '2027-05-01 11:00:00', end_date: '2027-05-01 13:00:00' },
        event.id,
      ),
    );
    expect([updated.title.rendered, updated.start_date, updated.organizer_names]).toEqual([
      'MCP Launch (moved)',
      '2027-05-01 11:00:00',
      ['MCP Org'],
    ]);

    const trashed = await remove('event', event.id);
    expect(trashed.isError).toBeFalsy();
    const twice = await remove('event', event.id);
    expect(twice.isError).toBe(true);
    expect(twice.content[0]?.text).toMatch(/^Error 410/);
    expect((await remove('event', event.id, true)).isError).toBeFalsy();
    const gone = await read({ postType: 'event', id: event.id });
    expect(gone.isError).toBe(true);
    expect(gone.content[0]?.text).toMatch(/^Error 403: .* \(rest_forbidden\)$/);

    const lower = await read({ postType: 'event', order: 'asc' });
    expect([lower.isError, lower.content[0]?.text]).toEqual([
      true,
      'Error 400: Invalid parameter(s): order (rest_invalid_param) - []',
    ]);
    const badPage = await read({ postType: 'event', page: 99 });
    expect(badPage.content[0]?.text).toMatch(/^Error 404: .* \(tec_rest_organizers_page_not_found\)$/);
  }, 60_000);
});
