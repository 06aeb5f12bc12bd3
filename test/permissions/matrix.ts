/**
 * The permission matrix of issue 41: every kind of caller × every route of `tribe/events/v1`, `tec/v1`
 * and `wp/v2` that `calctl serve` implements × the caller's own, another user's and the administrator's
 * records × every status. One cell is one request; its answer is kept as the status, the error `code`
 * and what a caller should not always see (sensitive fields present, which of the matrix's records a
 * list shows, the status a write leaves). No body and no site code is kept.
 *
 * The same definition runs against a real site (`record.ts`, the optional real-site test) and against
 * the embedded server in-process (`test/server/permission-matrix-recorded.test.ts`): a target is only a
 * function that sends one request. Everything the matrix needs (users, application passwords, records
 * in every status, terms) it makes through the REST API as the administrator, under one prefix, and
 * removes again with `cleanup`.
 */

/** Basic-auth credentials (a login and an application password). */
export interface Creds {
  user: string;
  password: string;
}

export interface MatrixRequest {
  method: string;
  /** the REST route, `/wp/v2/users/1` */
  route: string;
  query?: Record<string, string | number>;
  body?: unknown;
  auth: Creds | null;
  headers?: Record<string, string>;
}

export interface MatrixResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read by path
  body: any;
}

/** One target: a real site or the embedded server. */
export type Send = (req: MatrixRequest) => Promise<MatrixResponse>;

/** One cell's answer. */
export interface Cell {
  /** HTTP status */
  s: number;
  /** the error code, when the answer is an error */
  c?: string;
  /** sensitive fields present (see SENSITIVE) */
  f?: string[];
  /** the matrix's records a list shows, as `owner:status` seen from the caller (`own:draft`) */
  l?: string[];
  /** the status a successful write leaves the record in */
  st?: string;
}

export type Cells = Record<string, Cell>;

export const CALLERS = [
  'visitor',
  'subscriber',
  'contributor',
  'author',
  'editor',
  'administrator',
  'wrong-password',
  'revoked-password',
] as const;
export type Caller = (typeof CALLERS)[number];

export const STATUSES = ['publish', 'draft', 'pending', 'private', 'future', 'trash'] as const;
export type Status = (typeof STATUSES)[number];

/** Who owns a record: the administrator, another author, or one of the callers with a role that writes. */
export type Owner = 'admin' | 'other' | 'contributor' | 'author' | 'editor';
const OWNERS: readonly Owner[] = ['admin', 'other', 'contributor', 'author', 'editor'];
const ROLE_USERS = ['subscriber', 'contributor', 'author', 'editor', 'other'] as const;
type RoleUser = (typeof ROLE_USERS)[number];

interface TypeSpec {
  tribe: string;
  wp: string;
  /** the plugin's name field */
  name: string;
}
export const TYPES: Record<string, TypeSpec> = {
  events: { tribe: 'events', wp: 'tribe_events', name: 'title' },
  venues: { tribe: 'venues', wp: 'tribe_venue', name: 'venue' },
  organizers: { tribe: 'organizers', wp: 'tribe_organizer', name: 'organizer' },
};
type TypeName = keyof typeof TYPES;

const TAXONOMIES = [
  { tribe: 'categories', wp: 'tribe_events_cat' },
  { tribe: 'tags', wp: 'tags' },
] as const;

/** Fields a caller may not always see: users' private parts, a post's raw texts and password. */
const SENSITIVE = [
  'email',
  'capabilities',
  'extra_capabilities',
  'roles',
  'username',
  'registered_date',
  'locale',
  'password',
] as const;

const TEC_ACK =
  'I understand that this endpoint is experimental and may change in a future release without maintaining backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not provided for it.';

/** What each kind of caller is asked about: whose records, in which statuses. */
function recordsFor(caller: Caller): { owners: Owner[]; statuses: readonly Status[] } {
  switch (caller) {
    // (credentials that fail are refused before any route runs: two statuses of one owner show it)
    case 'wrong-password':
    case 'revoked-password':
      return { owners: ['admin'], statuses: ['publish', 'draft'] };
    case 'visitor':
    case 'subscriber':
      return { owners: ['admin', 'other'], statuses: STATUSES };
    case 'administrator':
      return { owners: ['admin', 'other'], statuses: STATUSES };
    default:
      return { owners: [caller, 'other', 'admin'], statuses: STATUSES };
  }
}

interface Rec {
  type: TypeName;
  owner: Owner;
  status: Status;
  id: number;
  /** the post's slug (empty for drafts and pending posts, as WordPress keeps them) */
  slug: string;
  /** the slug the by-slug routes are asked for: the slug, else the one its title gives (WordPress's generated slug) */
  bySlug: string;
  title: string;
}

interface UserMade {
  id: number;
  login: string;
  creds: Creds;
}

/** Everything the matrix made on a target. */
export interface World {
  prefix: string;
  admin: Creds;
  users: Record<RoleUser, UserMade>;
  revoked: Creds;
  records: Rec[];
  /** per taxonomy: a term every caller reads and updates, and one per caller to delete */
  terms: Record<string, { shared: number; sharedName: string; mine: Partial<Record<Caller, number>> }>;
  made: { posts: [string, number][]; terms: [string, number][]; users: number[] };
}

const FUTURE_DATE = '2031-06-01T10:00:00';

function day(offset: number, time: string): string {
  return `${new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)} ${time}`;
}
const START = day(30, '10:00:00');
const END = day(30, '12:00:00');

function fail(what: string, r: MatrixResponse): never {
  throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
}

async function must(send: Send, what: string, req: MatrixRequest, ok = [200, 201]): Promise<MatrixResponse> {
  const r = await send(req);
  if (!ok.includes(r.status)) fail(what, r);
  return r;
}

/** Runs `tasks` with at most `n` at a time. */
export async function pool(tasks: (() => Promise<void>)[], n: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++] as () => Promise<void>;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, tasks.length) }, worker));
}

const writeBody = (type: TypeName, title: string, extra: Record<string, unknown> = {}) =>
  type === 'events'
    ? { title, start_date: START, end_date: END, ...extra }
    : { [(TYPES[type] as TypeSpec).name]: title, ...extra };

/** Makes the matrix's users, application passwords, records and terms on a target, as the administrator. */
export async function buildWorld(send: Send, admin: Creds, prefix: string, parallel = 4): Promise<World> {
  const made: World['made'] = { posts: [], terms: [], users: [] };
  const asAdmin = (req: Omit<MatrixRequest, 'auth'>) => ({ ...req, auth: admin });
  const users = {} as Record<RoleUser, UserMade>;
  for (const role of ROLE_USERS) {
    const login = `${prefix}_${role}`;
    const u = await must(
      send,
      `user ${role}`,
      asAdmin({
        method: 'POST',
        route: '/wp/v2/users',
        body: {
          username: login,
          email: `${login}@example.com`,
          password: `${prefix}-Secret-123!`,
          roles: [role === 'other' ? 'author' : role],
        },
      }),
    );
    made.users.push(u.body.id);
    const ap = await must(
      send,
      `application password ${role}`,
      asAdmin({ method: 'POST', route: `/wp/v2/users/${u.body.id}/application-passwords`, body: { name: prefix } }),
    );
    users[role] = { id: u.body.id, login, creds: { user: login, password: ap.body.password } };
  }
  // A revoked application password: made for the author, then deleted.
  const author = users.author;
  const rv = await must(
    send,
    'application password to revoke',
    asAdmin({
      method: 'POST',
      route: `/wp/v2/users/${author.id}/application-passwords`,
      body: { name: `${prefix}-r` },
    }),
  );
  await must(
    send,
    'revoke',
    asAdmin({ method: 'DELETE', route: `/wp/v2/users/${author.id}/application-passwords/${rv.body.uuid}` }),
  );
  const revoked = { user: author.login, password: rv.body.password as string };

  const credsOf = (owner: Owner): Creds => (owner === 'admin' ? admin : users[owner].creds);
  // A trashed draft of each type first. A draft has no slug, so WordPress trashes it as `__trashed`,
  // made unique (`__trashed-2`, …). A site that already holds one (the reference site's sample data
  // does) gives every trashed record of the matrix a numbered slug, which a later trashing lengthens
  // (`__trashed-2__trashed`), while an empty calendar would give one record the bare `__trashed`, which
  // stays: its by-slug cells would then differ for a reason that lies in the data, not in the server.
  for (const type of Object.keys(TYPES) as TypeName[]) {
    const spec = TYPES[type] as TypeSpec;
    const title = `${prefix} slug holder ${type}`;
    const h = await must(send, `create ${title}`, {
      method: 'POST',
      route: `/tribe/events/v1/${spec.tribe}`,
      body: writeBody(type, title, { status: 'draft' }),
      auth: admin,
    });
    made.posts.push([spec.wp, h.body.id as number]);
    await must(send, `trash ${title}`, asAdmin({ method: 'DELETE', route: `/wp/v2/${spec.wp}/${h.body.id}` }));
  }
  const records: Rec[] = [];
  const tasks: (() => Promise<void>)[] = [];
  for (const type of Object.keys(TYPES) as TypeName[]) {
    const spec = TYPES[type] as TypeSpec;
    for (const owner of OWNERS) {
      for (const status of STATUSES) {
        tasks.push(async () => {
          const title = `${prefix} ${owner} ${status} ${type}`;
          // (the owner makes a draft, so the record is theirs; the administrator gives it its status)
          const c = await must(send, `create ${title}`, {
            method: 'POST',
            route: `/tribe/events/v1/${spec.tribe}`,
            body: writeBody(type, title, { status: 'draft' }),
            auth: credsOf(owner),
          });
          const id = c.body.id as number;
          made.posts.push([spec.wp, id]);
          const item = `/wp/v2/${spec.wp}/${id}`;
          if (status === 'trash') await must(send, `trash ${title}`, asAdmin({ method: 'DELETE', route: item }));
          else if (status !== 'draft')
            await must(
              send,
              `status ${title}`,
              asAdmin({
                method: 'POST',
                route: item,
                body: status === 'future' ? { status, date: FUTURE_DATE } : { status },
              }),
            );
          const now = await must(
            send,
            `read ${title}`,
            asAdmin({ method: 'GET', route: item, query: { context: 'edit' } }),
          );
          if (now.body.status !== status) fail(`${title} is ${now.body.status}`, now);
          records.push({
            type,
            owner,
            status,
            id,
            slug: now.body.slug,
            // (the title is plain words: its slug is them joined by hyphens)
            bySlug: now.body.slug || title.toLowerCase().replace(/ /g, '-'),
            title,
          });
        });
      }
    }
  }
  await pool(tasks, parallel);
  records.sort((a, b) => a.id - b.id);

  const terms: World['terms'] = {};
  for (const tax of TAXONOMIES) {
    const make = async (name: string) => {
      const t = await must(
        send,
        `term ${name}`,
        asAdmin({ method: 'POST', route: `/tribe/events/v1/${tax.tribe}`, body: { name } }),
      );
      made.terms.push([tax.wp, t.body.id]);
      return t.body.id as number;
    };
    const sharedName = `${prefix} ${tax.tribe} shared`;
    const entry = { shared: await make(sharedName), sharedName, mine: {} as Partial<Record<Caller, number>> };
    for (const caller of CALLERS) entry.mine[caller] = await make(`${prefix} ${tax.tribe} ${caller}`);
    terms[tax.tribe] = entry;
  }
  return { prefix, admin, users, revoked, records, terms, made };
}

/** Removes for good what `buildWorld` and the matrix's successful creations made. */
export async function cleanup(send: Send, world: World): Promise<void> {
  const tasks: (() => Promise<void>)[] = [];
  for (const [type, id] of world.made.posts)
    tasks.push(async () => {
      await send({ method: 'DELETE', route: `/wp/v2/${type}/${id}`, query: { force: 'true' }, auth: world.admin });
    });
  for (const [tax, id] of world.made.terms)
    tasks.push(async () => {
      await send({ method: 'DELETE', route: `/wp/v2/${tax}/${id}`, query: { force: 'true' }, auth: world.admin });
    });
  await pool(tasks, 4);
  for (const id of world.made.users)
    await send({
      method: 'DELETE',
      route: `/wp/v2/users/${id}`,
      query: { force: 'true', reassign: 1 },
      auth: world.admin,
    });
}

function credsOfCaller(world: World, caller: Caller): Creds | null {
  switch (caller) {
    case 'visitor':
      return null;
    case 'administrator':
      return world.admin;
    case 'wrong-password':
      return { user: world.admin.user, password: `${world.admin.password}x` };
    case 'revoked-password':
      return world.revoked;
    default:
      return world.users[caller].creds;
  }
}

/** The caller's own user, if it is one of the matrix's users. */
function selfOf(world: World, caller: Caller): number | null {
  if (caller === 'administrator') return 1;
  if (caller === 'revoked-password') return world.users.author.id;
  if (caller === 'visitor' || caller === 'wrong-password') return null;
  return world.users[caller].id;
}

function sensitive(item: unknown): string[] {
  if (!item || typeof item !== 'object') return [];
  const o = item as Record<string, unknown>;
  const out: string[] = SENSITIVE.filter((k) => k in o);
  const raw = (v: unknown) => v !== null && typeof v === 'object' && 'raw' in v;
  if (raw(o.title) || raw(o.content) || raw(o.description)) out.push('raw');
  if (o.content && typeof o.content === 'object' && (o.content as { protected?: boolean }).protected)
    out.push('protected');
  return out;
}

function cellOf(r: MatrixResponse, extra: Partial<Cell> = {}): Cell {
  const cell: Cell = { s: r.status };
  const b = r.body;
  if (r.status >= 400 && b && typeof b === 'object' && typeof b.code === 'string') cell.c = b.code;
  return { ...cell, ...extra };
}

function listItems(body: unknown, type?: string): unknown[] {
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object' && type) {
    const v = (body as Record<string, unknown>)[type];
    if (Array.isArray(v)) return v;
  }
  return [];
}

const union = (lists: string[][]) => [...new Set(lists.flat())].sort();

export interface MatrixOptions {
  /** requests at once (the real site answers a few side by side) */
  parallel?: number;
  /** only these callers (default all) */
  callers?: readonly Caller[];
  /** told after each cell, for progress */
  onCell?: (done: number) => void;
}

/**
 * Runs every cell against `send`, on the records of `world`. Reads and lists first (nothing has
 * changed yet), then the writes: one record's writes run one after another, each successful one
 * followed by the administrator putting the record back as it was, so every cell starts from the same
 * record.
 */
export async function runMatrix(send: Send, world: World, opts: MatrixOptions = {}): Promise<Cells> {
  const parallel = opts.parallel ?? 4;
  const callers = opts.callers ?? CALLERS;
  const cells: Cells = {};
  let done = 0;
  const put = (caller: Caller, what: string, target: string, cell: Cell) => {
    cells[`${caller} | ${what} | ${target}`] = cell;
    done += 1;
    opts.onCell?.(done);
  };
  const labelOf = (caller: Caller) => {
    const byId = new Map<number, string>();
    for (const rec of world.records) {
      const mine = rec.owner === caller || (caller === 'administrator' && rec.owner === 'admin');
      byId.set(rec.id, `${mine ? 'own' : rec.owner}:${rec.status}`);
    }
    return byId;
  };
  const tec = { 'X-TEC-EEA': TEC_ACK };
  const reads: (() => Promise<void>)[] = [];
  const writes: (() => Promise<void>)[] = [];

  // ---- single records: reads, then writes record by record
  const writeCalls = new Map<Rec, (() => Promise<void>)[]>();
  for (const caller of callers) {
    const auth = credsOfCaller(world, caller);
    const { owners, statuses } = recordsFor(caller);
    for (const rec of world.records) {
      if (!owners.includes(rec.owner) || !statuses.includes(rec.status)) continue;
      const spec = TYPES[rec.type] as TypeSpec;
      const target = `${rec.owner === caller || (caller === 'administrator' && rec.owner === 'admin') ? 'own' : rec.owner}:${rec.status}`;
      const t = spec.tribe;
      const reqs: [string, MatrixRequest][] = [
        [`tribe GET /${t}/{id}`, { method: 'GET', route: `/tribe/events/v1/${t}/${rec.id}`, auth }],
        [
          `tribe GET /${t}/by-slug/{slug}`,
          { method: 'GET', route: `/tribe/events/v1/${t}/by-slug/${rec.bySlug}`, auth },
        ],
        [`tec GET /${t}/{id}`, { method: 'GET', route: `/tec/v1/${t}/${rec.id}`, auth, headers: tec }],
        [`wp GET /${spec.wp}/{id}`, { method: 'GET', route: `/wp/v2/${spec.wp}/${rec.id}`, auth }],
        [
          `wp GET /${spec.wp}/{id}?context=edit`,
          { method: 'GET', route: `/wp/v2/${spec.wp}/${rec.id}`, query: { context: 'edit' }, auth },
        ],
      ];
      for (const [what, req] of reqs)
        reads.push(async () => {
          const r = await send(req);
          const f = r.status < 300 ? sensitive(r.body) : [];
          put(caller, what, target, cellOf(r, f.length ? { f } : {}));
        });
      const body = writeBody(rec.type, rec.title);
      const wreqs: [string, MatrixRequest][] = [
        [`tribe POST /${t}/{id}`, { method: 'POST', route: `/tribe/events/v1/${t}/${rec.id}`, body, auth }],
        [
          `tribe POST /${t}/by-slug/{slug}`,
          { method: 'POST', route: `/tribe/events/v1/${t}/by-slug/${rec.bySlug}`, body, auth },
        ],
        [
          `tec PUT /${t}/{id}`,
          { method: 'PUT', route: `/tec/v1/${t}/${rec.id}`, body: { title: rec.title }, auth, headers: tec },
        ],
        [
          `wp POST /${spec.wp}/{id}`,
          { method: 'POST', route: `/wp/v2/${spec.wp}/${rec.id}`, body: { title: rec.title }, auth },
        ],
        [`tribe DELETE /${t}/{id}`, { method: 'DELETE', route: `/tribe/events/v1/${t}/${rec.id}`, auth }],
        [
          `tribe DELETE /${t}/by-slug/{slug}`,
          { method: 'DELETE', route: `/tribe/events/v1/${t}/by-slug/${rec.bySlug}`, auth },
        ],
        [`tec DELETE /${t}/{id}`, { method: 'DELETE', route: `/tec/v1/${t}/${rec.id}`, auth, headers: tec }],
        [`wp DELETE /${spec.wp}/{id}`, { method: 'DELETE', route: `/wp/v2/${spec.wp}/${rec.id}`, auth }],
      ];
      const list = writeCalls.get(rec) ?? [];
      for (const [what, req] of wreqs)
        list.push(async () => {
          const r = await send(what.includes('by-slug') ? await withSlugNow(send, world, rec, req) : req);
          const ok = r.status < 300;
          const st = ok && r.body && typeof r.body === 'object' ? r.body.status : undefined;
          put(caller, what, target, cellOf(r, typeof st === 'string' ? { st } : {}));
          if (ok) await restore(send, world, rec);
        });
      writeCalls.set(rec, list);
    }
  }
  for (const list of writeCalls.values())
    writes.push(async () => {
      for (const call of list) await call();
    });

  // ---- lists
  const LIST_STATUSES = [undefined, ...STATUSES, 'any'];
  for (const caller of callers) {
    const auth = credsOfCaller(world, caller);
    const labels = labelOf(caller);
    for (const type of Object.keys(TYPES) as TypeName[]) {
      const spec = TYPES[type] as TypeSpec;
      const variants: [string, string, Record<string, string | number>, Record<string, string>][] = [];
      for (const status of LIST_STATUSES) {
        const q = status ? `?status=${status}` : '';
        const sq = status ? { status } : {};
        variants.push(
          [`tribe GET /${spec.tribe}${q}`, `/tribe/events/v1/${spec.tribe}`, { ...sq, per_page: 50 }, {}],
          [`tec GET /${spec.tribe}${q}`, `/tec/v1/${spec.tribe}`, { ...sq, per_page: 50 }, tec],
          [`wp GET /${spec.wp}${q}`, `/wp/v2/${spec.wp}`, { ...sq, per_page: 100 }, {}],
        );
      }
      variants.push(
        [`wp GET /${spec.wp}?context=edit`, `/wp/v2/${spec.wp}`, { context: 'edit', per_page: 100 }, {}],
        [
          `wp GET /${spec.wp}?status=any&context=edit`,
          `/wp/v2/${spec.wp}`,
          { status: 'any', context: 'edit', per_page: 100 },
          {},
        ],
      );
      for (const [what, route, query, headers] of variants)
        reads.push(async () => {
          const r = await send({ method: 'GET', route, query: { ...query, search: world.prefix }, auth, headers });
          if (r.status >= 300) return put(caller, what, '-', cellOf(r));
          const items = listItems(r.body, spec.tribe);
          const l = items
            .map((i) => labels.get(Number((i as { id?: number }).id)))
            .filter((x): x is string => x !== undefined)
            .sort();
          const f = union(items.map(sensitive));
          put(caller, what, '-', cellOf(r, { l, ...(f.length ? { f } : {}) }));
        });
    }

    // ---- creates (each made record is removed at cleanup)
    for (const type of Object.keys(TYPES) as TypeName[]) {
      const spec = TYPES[type] as TypeSpec;
      for (const status of [undefined, 'publish', 'draft', 'pending', 'private']) {
        const q = status ? ` status=${status}` : '';
        // (a title of its own for each route: the plugin's venue and organizer creates return a record
        // with the same name if one exists, so a shared title would make the answer depend on which of
        // the three writes, run side by side, came first)
        const name = `${world.prefix} new ${caller} ${type} ${status ?? 'default'}`;
        const extra = status ? { status } : {};
        const title = { tribe: `${name} tribe`, tec: `${name} tec`, wp: `${name} wp` };
        const reqs: [string, MatrixRequest][] = [
          [
            `tribe POST /${spec.tribe}${q}`,
            {
              method: 'POST',
              route: `/tribe/events/v1/${spec.tribe}`,
              body: writeBody(type, title.tribe, extra),
              auth,
            },
          ],
          [
            `tec POST /${spec.tribe}${q}`,
            {
              method: 'POST',
              route: `/tec/v1/${spec.tribe}`,
              body:
                type === 'events'
                  ? { title: title.tec, start_date: START, end_date: END, ...extra }
                  : { title: title.tec, ...extra },
              auth,
              headers: tec,
            },
          ],
          [
            `wp POST /${spec.wp}${q}`,
            { method: 'POST', route: `/wp/v2/${spec.wp}`, body: { title: title.wp, ...extra }, auth },
          ],
        ];
        for (const [what, req] of reqs)
          writes.push(async () => {
            const r = await send(req);
            const ok = r.status < 300;
            if (ok && typeof r.body?.id === 'number') world.made.posts.push([spec.wp, r.body.id]);
            const st = ok && typeof r.body?.status === 'string' ? { st: r.body.status as string } : {};
            put(caller, what, 'new', cellOf(r, st));
          });
      }
    }

    // ---- users, application passwords, settings, media
    const self = selfOf(world, caller);
    const userTargets: [string, number][] = [
      ...(self !== null && self !== 1 ? [['self', self] as [string, number]] : []),
      ['other', world.users.other.id],
      ['admin', 1],
    ];
    const userLabels = new Map<number, string>([[1, 'admin']]);
    for (const role of ROLE_USERS) userLabels.set(world.users[role].id, role);
    if (self !== null) userLabels.set(self, 'self');
    const userReads: [string, string, MatrixRequest][] = [];
    for (const context of ['view', 'edit']) {
      const cq = context === 'edit' ? '?context=edit' : '';
      userReads.push([
        `wp GET /users/me${cq}`,
        '-',
        { method: 'GET', route: '/wp/v2/users/me', query: { context }, auth },
      ]);
      for (const [name, id] of userTargets)
        userReads.push([
          `wp GET /users/{id}${cq}`,
          name,
          { method: 'GET', route: `/wp/v2/users/${id}`, query: { context }, auth },
        ]);
    }
    for (const [name, id] of userTargets)
      userReads.push([
        'wp GET /users/{id}/application-passwords',
        name,
        { method: 'GET', route: `/wp/v2/users/${id}/application-passwords`, auth },
      ]);
    userReads.push(
      [
        'wp GET /users/me/application-passwords',
        '-',
        { method: 'GET', route: '/wp/v2/users/me/application-passwords', auth },
      ],
      ['wp GET /settings', '-', { method: 'GET', route: '/wp/v2/settings', auth }],
      ['wp GET /media', '-', { method: 'GET', route: '/wp/v2/media', query: { per_page: 1 }, auth }],
      ['tribe GET /doc', '-', { method: 'GET', route: '/tribe/events/v1/doc', auth }],
      ['tec GET /docs', '-', { method: 'GET', route: '/tec/v1/docs', auth, headers: tec }],
    );
    for (const [what, target, req] of userReads)
      reads.push(async () => {
        const r = await send(req);
        const f = r.status < 300 ? sensitive(r.body) : [];
        put(caller, what, target, cellOf(r, f.length ? { f } : {}));
      });
    for (const context of ['view', 'edit'])
      reads.push(async () => {
        const r = await send({
          method: 'GET',
          route: '/wp/v2/users',
          query: { context, search: world.prefix, per_page: 100 },
          auth,
        });
        const what = `wp GET /users${context === 'edit' ? '?context=edit' : ''}`;
        if (r.status >= 300) return put(caller, what, '-', cellOf(r));
        const items = listItems(r.body);
        const l = items
          .map((i) => userLabels.get(Number((i as { id?: number }).id)))
          .filter((x): x is string => x !== undefined)
          .sort();
        const f = union(items.map(sensitive));
        put(caller, what, '-', cellOf(r, { l, ...(f.length ? { f } : {}) }));
      });
    // writes on users: an empty update, a delete without force (never carried out: core needs force),
    // a new user and a new application password of one's own (both removed at cleanup)
    const userWrites: [string, string, MatrixRequest][] = [];
    for (const [name, id] of userTargets)
      userWrites.push(
        ['wp POST /users/{id}', name, { method: 'POST', route: `/wp/v2/users/${id}`, body: {}, auth }],
        ['wp DELETE /users/{id}', name, { method: 'DELETE', route: `/wp/v2/users/${id}`, auth }],
      );
    userWrites.push(['wp POST /settings', '-', { method: 'POST', route: '/wp/v2/settings', body: {}, auth }]);
    for (const [what, target, req] of userWrites)
      writes.push(async () => put(caller, what, target, cellOf(await send(req))));
    writes.push(async () => {
      const login = `${world.prefix}_new_${CALLERS.indexOf(caller)}`;
      const r = await send({
        method: 'POST',
        route: '/wp/v2/users',
        body: { username: login, email: `${login}@example.com`, password: `${world.prefix}-Secret-123!` },
        auth,
      });
      if (r.status < 300 && typeof r.body?.id === 'number') world.made.users.push(r.body.id);
      put(caller, 'wp POST /users', 'new', cellOf(r));
    });
    writes.push(async () => {
      const r = await send({
        method: 'POST',
        route: '/wp/v2/users/me/application-passwords',
        body: { name: `${world.prefix}-${caller}` },
        auth,
      });
      put(caller, 'wp POST /users/me/application-passwords', 'new', cellOf(r));
      if (r.status < 300 && self !== null && r.body?.uuid)
        await send({
          method: 'DELETE',
          route: `/wp/v2/users/${self}/application-passwords/${r.body.uuid}`,
          auth: world.admin,
        });
    });

    // ---- terms
    for (const tax of TAXONOMIES) {
      const terms = world.terms[tax.tribe] as World['terms'][string];
      const shared = terms.shared;
      reads.push(
        async () =>
          put(
            caller,
            `tribe GET /${tax.tribe}/{id}`,
            'term',
            cellOf(await send({ method: 'GET', route: `/tribe/events/v1/${tax.tribe}/${shared}`, auth })),
          ),
        async () =>
          put(
            caller,
            `wp GET /${tax.wp}/{id}`,
            'term',
            cellOf(await send({ method: 'GET', route: `/wp/v2/${tax.wp}/${shared}`, auth })),
          ),
        async () => {
          const r = await send({
            method: 'GET',
            route: `/tribe/events/v1/${tax.tribe}`,
            query: { search: world.prefix },
            auth,
          });
          put(caller, `tribe GET /${tax.tribe}`, '-', cellOf(r));
        },
      );
      const mine = terms.mine[caller] as number;
      writes.push(async () => {
        put(
          caller,
          `tribe POST /${tax.tribe}/{id}`,
          'term',
          cellOf(
            await send({
              method: 'POST',
              route: `/tribe/events/v1/${tax.tribe}/${shared}`,
              body: { name: terms.sharedName },
              auth,
            }),
          ),
        );
        put(
          caller,
          `wp DELETE /${tax.wp}/{id}`,
          'term',
          cellOf(await send({ method: 'DELETE', route: `/wp/v2/${tax.wp}/${mine}`, auth })),
        );
        put(
          caller,
          `tribe DELETE /${tax.tribe}/{id}`,
          'term',
          cellOf(await send({ method: 'DELETE', route: `/tribe/events/v1/${tax.tribe}/${mine}`, auth })),
        );
        const r = await send({
          method: 'POST',
          route: `/tribe/events/v1/${tax.tribe}`,
          body: { name: `${world.prefix} ${tax.tribe} new ${caller}` },
          auth,
        });
        if (r.status < 300 && typeof r.body?.id === 'number') world.made.terms.push([tax.wp, r.body.id]);
        put(caller, `tribe POST /${tax.tribe}`, 'new', cellOf(r));
      });
    }
  }

  await pool(reads, parallel);
  await pool(writes, parallel);
  return Object.fromEntries(Object.entries(cells).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * A by-slug write aimed at the record's slug as it is now. Taking a trashed draft out of the trash keeps
 * its `__trashed-N` slug and trashing it again lengthens it (`__trashed-N__trashed`), which frees
 * `__trashed-N` for the next draft the matrix trashes elsewhere at the same time: the slug recorded when
 * the world was made would then name another record, or none, depending on the order of the writes.
 */
async function withSlugNow(send: Send, world: World, rec: Rec, req: MatrixRequest): Promise<MatrixRequest> {
  const spec = TYPES[rec.type] as TypeSpec;
  const now = await send({
    method: 'GET',
    route: `/wp/v2/${spec.wp}/${rec.id}`,
    query: { context: 'edit' },
    auth: world.admin,
  });
  if (now.status !== 200) fail(`slug of ${rec.title}`, now);
  const slug = (now.body.slug as string) || rec.bySlug;
  return { ...req, route: req.route.replace(/\/by-slug\/[^/]+$/, `/by-slug/${slug}`) };
}

/** Puts a record back as the matrix made it (status, slug, title), after a write that changed it. */
async function restore(send: Send, world: World, rec: Rec): Promise<void> {
  const spec = TYPES[rec.type] as TypeSpec;
  const item = `/wp/v2/${spec.wp}/${rec.id}`;
  const auth = world.admin;
  const now = await send({ method: 'GET', route: item, query: { context: 'edit' }, auth });
  if (now.status !== 200) fail(`restore ${rec.title}`, now);
  if (rec.status === 'trash') {
    if (now.body.status !== 'trash') await must(send, `re-trash ${rec.title}`, { method: 'DELETE', route: item, auth });
    return;
  }
  if (now.body.status === rec.status && now.body.slug === rec.slug && now.body.title?.raw === rec.title) return;
  const body: Record<string, unknown> = { status: rec.status, slug: rec.slug, title: rec.title };
  if (rec.status === 'future') body.date = FUTURE_DATE;
  const r = await must(send, `restore ${rec.title}`, { method: 'POST', route: item, body, auth });
  if (r.body.status !== rec.status || r.body.slug !== rec.slug)
    throw new Error(
      `restored ${rec.title}: ${r.body.status} ${JSON.stringify(r.body.slug)}, not ${rec.status} ${JSON.stringify(rec.slug)}`,
    );
}

/** Cells that differ between two runs (a cell missing on one side differs too). */
export function differences(expected: Cells, actual: Cells): { key: string; expected?: Cell; actual?: Cell }[] {
  const out: { key: string; expected?: Cell; actual?: Cell }[] = [];
  const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  for (const key of [...keys].sort()) {
    const e = expected[key];
    const a = actual[key];
    if (JSON.stringify(e) !== JSON.stringify(a))
      out.push({ key, ...(e ? { expected: e } : {}), ...(a ? { actual: a } : {}) });
  }
  return out;
}
