/**
 * Security: every write route (walked from buildRoutes(), so a new route cannot slip through) refuses
 * anonymous callers and wrong passwords and changes nothing; drafts, private and trashed records never
 * reach anonymous readers (lists, single reads, search, slugs, linked objects); the store keeps only
 * salted hashes; a burst of failed logins is answered at once with 429 + Retry-After.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRoutes } from '../../src/server/tribe/routes.js';
import { ADMIN_PASSWORD, basic, startApi, type TestServer } from '../helpers/api-server.js';
import { NS } from './hostile.js';
import { jsonOf, sendRaw } from './raw-http.js';
import { type Seeded, seedCalendar } from './seed.js';
import { fingerprint } from './store-check.js';

let api: TestServer;
let seeded: Seeded;
let port: number;
beforeAll(async () => {
  api = await startApi();
  seeded = await seedCalendar(api, 'sec');
  port = Number(new URL(api.origin).port);
});
afterAll(async () => api?.stop());

const ROUTES = buildRoutes();
const WRITES = ROUTES.flatMap((route) =>
  route.endpoints.flatMap((e) =>
    e.methods.filter((m) => m !== 'GET').map((method) => ({ route, endpoint: e, method })),
  ),
);

/** A body that passes validation for the route's resource, so the permission check is reached. */
function validBody(resource: string): Record<string, unknown> {
  switch (resource) {
    case 'events':
      return { title: 'intruder', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00' };
    case 'venues':
      return { venue: 'intruder venue' };
    case 'organizers':
      return { organizer: 'intruder crew' };
    default:
      return { name: 'intruder term' };
  }
}

function concretePath(path: string, resource: string): string {
  const id = resource === 'events' ? seeded.publicEvent : resource === 'venues' ? seeded.ids[0] : seeded.ids[2];
  return path.replace(/:id\([^)]*\)\)?/, String(id)).replace(':slug', `sec-event-${seeded.publicEvent}`);
}

let client = 10;
/** Each call comes from its own loopback address, so the login throttle never interferes. */
async function call(method: string, path: string, body: unknown, authorization?: string) {
  client += 1;
  const headers: [string, string][] = [['Content-Type', 'application/json']];
  if (authorization) headers.push(['Authorization', authorization]);
  const res = await sendRaw(
    { method, target: `${NS}${path}`, headers, body: Buffer.from(JSON.stringify(body)) },
    { port, localAddress: `127.0.${Math.floor(client / 250)}.${(client % 250) + 2}` },
  );
  return { status: res.status, body: jsonOf(res.body) as { code?: string; data?: { status?: number } } };
}

describe('write routes refuse callers without valid credentials', () => {
  it('the walk covers every write endpoint, and every write endpoint needs a signed-in user', () => {
    expect(WRITES.length).toBeGreaterThanOrEqual(20);
    for (const w of WRITES) expect(`${w.method} ${w.route.path}: ${w.endpoint.permission}`).toMatch(/: edit$/);
  });

  it.each(WRITES.map((w) => [`${w.method} ${w.route.path}`, w] as const))('%s', async (_name, w) => {
    const resource = w.route.resource?.name ?? 'events';
    const path = concretePath(w.route.path, resource);
    const before = fingerprint(api.server.stores.db);
    for (const body of [validBody(resource), {}]) {
      const anon = await call(w.method, path, body);
      expect([400, 401], `anonymous ${w.method} ${path}: ${JSON.stringify(anon.body)}`).toContain(anon.status);
      if (anon.status === 401) expect(anon.body.code).toBe('rest_forbidden');
      expect(anon.body.data?.status).toBe(anon.status);
      const wrong = await call(w.method, path, body, basic('admin', `${ADMIN_PASSWORD} nope`));
      expect(wrong.status).toBe(401);
      expect(wrong.body.code).toBe('incorrect_password');
      const nobody = await call(w.method, path, body, basic('mallory', ADMIN_PASSWORD));
      expect(nobody.status).toBe(401);
    }
    expect(fingerprint(api.server.stores.db)).toBe(before);
  });
});

describe('hidden records never reach anonymous readers', () => {
  const SECRET = /secret/i;
  // Events lists default to a window ending two years from now: ask for all time.
  const ALL_TIME = { start_date: '2000-01-01', end_date: '2100-01-01' };
  const get = (path: string, query: Record<string, string | number> = {}, auth = false) =>
    api.get(path, { query: path === '/events' ? { ...ALL_TIME, ...query } : query, auth });
  /** The records of a list answer as text (rest_url echoes the query, so it is left out). */
  const records = (body: Record<string, unknown>) =>
    JSON.stringify(Object.fromEntries(Object.entries(body).filter(([k]) => !k.endsWith('rest_url'))));

  it('the hidden records exist (an admin sees them), so the checks below can fail', async () => {
    for (const id of [seeded.draftEvent, seeded.privateEvent]) {
      const r = await get(`/events/${id}`, {}, true);
      expect(r.status).toBe(200);
      expect(r.text).toMatch(SECRET);
    }
    const linked = await get(`/events/${seeded.eventWithDraftLinks}`, {}, true);
    expect(linked.text).toMatch(/secret venue/);
  });

  it('lists and search, whatever status filter is asked for', async () => {
    for (const [path, key] of [
      ['/events', 'events'],
      ['/venues', 'venues'],
      ['/organizers', 'organizers'],
    ] as const) {
      for (const query of [
        {},
        { search: 'secret' },
        { status: 'draft' },
        { status: 'private' },
        { status: 'trash' },
        { status: 'any' },
        { status: 'draft,private,trash' },
        { per_page: 50 },
      ]) {
        const r = await get(path, query);
        expect(r.status, `${path} ${JSON.stringify(query)}`).toBeLessThan(500);
        if (r.status === 200) {
          expect(records(r.body), `${path} ${JSON.stringify(query)}`).not.toMatch(SECRET);
          const ids = (r.body[key] as { id: number }[]).map((x) => x.id);
          for (const hidden of [
            seeded.draftEvent,
            seeded.privateEvent,
            seeded.trashedEvent,
            seeded.draftVenue,
            seeded.draftOrganizer,
          ])
            expect(ids).not.toContain(hidden);
        }
      }
    }
  });

  it('single reads by id and by slug', async () => {
    for (const [path, id] of [
      ['/events', seeded.draftEvent],
      ['/events', seeded.privateEvent],
      ['/events', seeded.trashedEvent],
      ['/venues', seeded.draftVenue],
      ['/organizers', seeded.draftOrganizer],
    ] as const) {
      const r = await get(`${path}/${id}`);
      expect([401, 403, 404, 410], `${path}/${id}`).toContain(r.status);
      expect(r.text).not.toMatch(SECRET);
      const admin = await get(`${path}/${id}`, {}, true);
      const slug = admin.body.slug as string | undefined;
      if (slug) {
        const bySlug = await get(`${path}/by-slug/${encodeURIComponent(slug)}`);
        expect([401, 403, 404, 410], `${path}/by-slug/${slug}`).toContain(bySlug.status);
        expect(bySlug.text).not.toMatch(SECRET);
      }
    }
  });

  it('linked objects: a public event does not embed its draft venue or draft organizer', async () => {
    const one = await get(`/events/${seeded.eventWithDraftLinks}`);
    expect(one.status).toBe(200);
    expect(one.text).not.toMatch(SECRET);
    const list = await get('/events', { search: 'linked' });
    expect(list.status).toBe(200);
    expect(list.body.events.map((e: { id: number }) => e.id)).toContain(seeded.eventWithDraftLinks);
    expect(records(list.body)).not.toMatch(SECRET);
    for (const path of ['/venues', '/organizers']) {
      const r = await get(path, { event: seeded.eventWithDraftLinks });
      expect(r.status).toBeLessThan(500);
      expect(records(r.body)).not.toMatch(SECRET);
    }
  });

  it('terms count only published events for anonymous readers (no hint of hidden ones)', async () => {
    const r = await get('/categories', { search: 'sec music' });
    expect(r.status).toBe(200);
    const cat = (r.body.categories as { name: string; count: number }[]).find((c) => c.name === 'sec music');
    // public event + the event linked to drafts are published; draft, private and trashed are not
    expect(cat?.count).toBe(2);
  });
});

describe('credentials at rest and login throttling', () => {
  it('neither the SQLite file nor its WAL holds the plain password; only scrypt salt + hash', () => {
    const dir = api.dataDir;
    api.server.stores.db.pragma('wal_checkpoint(PASSIVE)');
    const plain = [ADMIN_PASSWORD, ADMIN_PASSWORD.replace(/\s+/g, '')];
    for (const file of ['calctl.sqlite', 'calctl.sqlite-wal']) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(join(dir, file));
      } catch {
        continue;
      }
      for (const p of plain) {
        expect(bytes.includes(Buffer.from(p, 'utf8')), `${file} contains the password`).toBe(false);
        expect(bytes.includes(Buffer.from(Buffer.from(p).toString('base64'))), `${file} contains it in base64`).toBe(
          false,
        );
      }
    }
    const rows = api.server.stores.db.prepare('SELECT salt, hash FROM app_passwords').all() as {
      salt: Buffer;
      hash: Buffer;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.salt.length).toBeGreaterThanOrEqual(16);
      expect(r.hash.length).toBe(32);
    }
  });

  it('the admin password file (written once, for the owner to read) is mode 0600', () => {
    const file = api.server.passwordFile;
    expect(file).not.toBeNull();
    expect(statSync(file as string).mode & 0o777).toBe(0o600);
  });

  it('more than 20 failed logins of one account a minute from one client: that account gets 429 + Retry-After there; other clients unaffected', async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 25; i++) {
      const res = await sendRaw(
        { method: 'GET', target: `${NS}/events`, headers: [['Authorization', basic('admin', `wrong ${i}`)]] },
        { port, localAddress: '127.0.9.9' },
      );
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers['retry-after'];
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // The right password from the throttled address is still refused until the window passes…
    const blocked = await sendRaw(
      { method: 'GET', target: `${NS}/events`, headers: [['Authorization', basic('admin', ADMIN_PASSWORD)]] },
      { port, localAddress: '127.0.9.9' },
    );
    expect(blocked.status).toBe(429);
    // …while another client signs in normally (the account is refused from that one address only).
    const other = await sendRaw(
      { method: 'GET', target: `${NS}/events`, headers: [['Authorization', basic('admin', ADMIN_PASSWORD)]] },
      { port, localAddress: '127.0.9.10' },
    );
    expect(other.status).toBe(200);
  });

  it('25 wrong passwords for one login (a cron user’s) stop that login, not the administrator on the same address', async () => {
    const made = await api.post('/wp-json/wp/v2/users', {
      username: 'cron_job',
      email: 'cron_job@example.com',
      password: 'secret-123',
      roles: ['editor'],
    });
    expect(made.status, made.text).toBe(201);
    const ap = await api.post(`/wp-json/wp/v2/users/${made.body.id}/application-passwords`, { name: 'cron' });
    expect(ap.status, ap.text).toBe(201);
    const from = { port, localAddress: '127.0.9.20' };
    const as = (login: string, password: string) =>
      sendRaw({ method: 'GET', target: `${NS}/events`, headers: [['Authorization', basic(login, password)]] }, from);
    // The cron user's application password was revoked: it keeps sending the stale one.
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await as('cron_job', 'stale pass word 0000 1111')).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    // The administrator's next request from the same address is answered normally…
    expect((await as('admin', ADMIN_PASSWORD)).status).toBe(200);
    const editor = await as('cron_job@example.com', ap.body.password);
    expect(editor.status).toBe(429); // (the same account by its e-mail: still under attack)
    expect(Number(editor.headers['retry-after'])).toBeGreaterThan(0);
    // The cron login itself is refused from there, even with its right password, with Retry-After.
    const cron = await as('CRON_JOB', ap.body.password);
    expect(cron.status).toBe(429);
    expect(Number(cron.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(cron.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((jsonOf(cron.body) as { code: string }).code).toBe('rest_too_many_login_attempts');
    // From another address the cron login signs in.
    const elsewhere = await sendRaw(
      { method: 'GET', target: `${NS}/events`, headers: [['Authorization', basic('cron_job', ap.body.password)]] },
      { port, localAddress: '127.0.9.21' },
    );
    expect(elsewhere.status).toBe(200);
  });
});
