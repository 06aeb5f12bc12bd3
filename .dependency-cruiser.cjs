// The floors of calctl (see ARCHITECTURE.md), enforced by test/unit/architecture.test.ts through
// dependency-cruiser: a room may import rooms on its own floor or below, never above; the server
// stands beside the client side, reaches only the ground floor and shows the rooms that start it one
// face (src/server/index.ts); no import circles anywhere.

/** Floors from the ground up; rooms on one floor may import each other (circles aside). */
const FLOORS = [
  ['catalog', 'clock', 'errors', 'io', 'primitives', 'records', 'wptext'],
  ['api', 'config', 'dates'],
  ['export', 'import', 'links', 'output', 'completion', 'ics'],
  ['commands'],
  ['cli'],
  ['main'],
];
/** The embedded server: what it may import, who may start it, and the one module they may import. */
const SERVER = {
  imports: ['catalog', 'clock', 'errors', 'primitives', 'records', 'wptext'],
  importedBy: ['commands', 'cli'],
  face: '^src/server/index\\.ts$',
};

/**
 * The record model (src/records/) is pure and shared by the client and the server: it may build only on
 * these rooms, so that the server reaches nothing through it that it may not import itself.
 */
const RECORDS = { imports: ['catalog', 'wptext'] };

/**
 * The import engine (src/import/): the rooms outside it import only its face and the record-source
 * contract (what every source yields, which the iCalendar reader implements); it reads no iCalendar
 * itself (the command picks the reader).
 */
const IMPORT = { faces: '^src/import/(index|source|engine)\\.ts$', readers: ['ics'] };

/** The shared primitives (src/primitives/: bounded concurrency, a keyed lock, a statement cache, hashing) import no room. */
const PRIMITIVES = 'primitives';

/**
 * Inside the server: the one route pipeline and the rooms every namespace shares know no namespace (the
 * route table, table.ts above them, is the one place that lists them); each namespace may build on the ones
 * named here and on no other (the plugin's two namespaces on WordPress core's shapes, wp/).
 */
const SERVER_INSIDE = {
  shared: ['rest', 'http', 'posts', 'store', 'format', 'time', 'users'],
  table: '^src/server/table\\.ts$',
  namespaces: { wp: [], tribe: ['wp'], tec: ['wp'] },
};

/**
 * The floors inside the server, from the ground up (ARCHITECTURE.md, "Inside the server"): each entry is
 * a direct child of src/server/ (a folder, or a file when it ends in .ts), and may import only its own
 * floor or below, so that no two of them import each other.
 */
const SERVER_FLOORS = [
  ['format', 'time'],
  ['store'],
  ['site.ts'],
  ['http', 'users'],
  ['rest'],
  ['posts'],
  ['wp'],
  ['tribe', 'tec'],
  ['front.ts', 'stores.ts', 'replica.ts'],
  ['table.ts'],
  ['core.ts'],
  ['app.ts'],
  ['start.ts'],
  ['index.ts'],
];

const room = (name) => (name === 'main' ? '^src/main\\.ts$' : `^src/${name}/`);
const any = (names) => names.map(room).join('|');

const floorRules = FLOORS.flatMap((rooms, level) => {
  const above = FLOORS.slice(level + 1).flat();
  if (above.length === 0) return [];
  return [
    {
      name: `floor-${level}-points-down`,
      comment: `${rooms.join(', ')} may not import a floor above (${above.join(', ')})`,
      severity: 'error',
      from: { path: any(rooms) },
      to: { path: any(above) },
    },
  ];
});

const serverNode = (name) =>
  name.endsWith('.ts') ? `^src/server/${name.replace(/\./g, '\\.')}$` : `^src/server/${name}/`;
const serverFloorRules = SERVER_FLOORS.flatMap((nodes, level) => {
  const above = SERVER_FLOORS.slice(level + 1).flat();
  if (above.length === 0) return [];
  return [
    {
      name: `server-floor-${level}-points-down`,
      comment: `inside the server, ${nodes.join(', ')} may not import a floor above (${above.join(', ')})`,
      severity: 'error',
      from: { path: nodes.map(serverNode).join('|') },
      to: { path: above.map(serverNode).join('|') },
    },
  ];
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'an import circle: split the shared piece into a room both can reach down to',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    ...floorRules,
    ...serverFloorRules,
    {
      name: 'server-points-down',
      comment: `the server imports only ${SERVER.imports.join(', ')} (and node_modules)`,
      severity: 'error',
      from: { path: room('server') },
      to: { path: '^src/', pathNot: `${room('server')}|${any(SERVER.imports)}` },
    },
    {
      name: 'records-pure',
      comment: `the record model imports only ${RECORDS.imports.join(', ')}: the server uses it too`,
      severity: 'error',
      from: { path: room('records') },
      to: { path: '^src/', pathNot: `${room('records')}|${any(RECORDS.imports)}` },
    },
    {
      name: 'primitives-stand-alone',
      comment: 'the shared primitives import nothing from src/ (every floor and the server use them)',
      severity: 'error',
      from: { path: room(PRIMITIVES) },
      to: { path: '^src/', pathNot: room(PRIMITIVES) },
    },
    {
      name: 'import-one-face',
      comment:
        'outside the import engine, import only its faces (src/import/index.ts, engine.ts for feeds) and the record-source contract (src/import/source.ts)',
      severity: 'error',
      from: { path: '^src/', pathNot: room('import') },
      to: { path: room('import'), pathNot: IMPORT.faces },
    },
    {
      name: 'import-picks-no-reader',
      comment: `the import engine imports no reader of its own sources (${IMPORT.readers.join(', ')}): the command picks the reader`,
      severity: 'error',
      from: { path: room('import') },
      to: { path: any(IMPORT.readers) },
    },
    {
      name: 'server-started-from-above',
      comment: `only ${SERVER.importedBy.join(', ')} start the embedded server`,
      severity: 'error',
      from: { path: '^src/', pathNot: `${room('server')}|${any(SERVER.importedBy)}` },
      to: { path: room('server') },
    },
    {
      name: 'server-one-face',
      comment: `${SERVER.importedBy.join(', ')} reach the server only through src/server/index.ts (its one face)`,
      severity: 'error',
      from: { path: any(SERVER.importedBy) },
      to: { path: room('server'), pathNot: SERVER.face },
    },
    {
      name: 'server-shared-knows-no-namespace',
      comment: `the pipeline and the server's shared rooms (${SERVER_INSIDE.shared.join(', ')}) import no namespace: a namespace plugs in through its hooks and the route table`,
      severity: 'error',
      from: { path: `^src/server/(${SERVER_INSIDE.shared.join('|')})/`, pathNot: SERVER_INSIDE.table },
      to: { path: `^src/server/(${Object.keys(SERVER_INSIDE.namespaces).join('|')})/` },
    },
    ...Object.entries(SERVER_INSIDE.namespaces).map(([ns, onto]) => {
      const others = Object.keys(SERVER_INSIDE.namespaces).filter((o) => o !== ns && !onto.includes(o));
      return {
        name: 'server-namespaces-apart',
        comment: `the ${ns}/ namespace may build on ${onto.length ? onto.join(', ') : 'no other namespace'}, not on ${others.join(', ')}`,
        severity: 'error',
        from: { path: `^src/server/${ns}/` },
        to: { path: `^src/server/(${others.join('|')})/` },
      };
    }),
    {
      name: 'no-unknown-room',
      comment: 'every source file lives in a room named in .dependency-cruiser.cjs (add new rooms there)',
      severity: 'error',
      from: { path: '^src/', pathNot: `${any(FLOORS.flat())}|${room('server')}` },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.test\\.ts$' },
  },
};
