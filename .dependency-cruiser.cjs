// The floors of calctl (see ARCHITECTURE.md), enforced by test/unit/architecture.test.ts through
// dependency-cruiser: a room may import rooms on its own floor or below, never above; the server
// stands beside the client side and reaches only the ground floor; no import circles anywhere.

/** Floors from the ground up; rooms on one floor may import each other (circles aside). */
const FLOORS = [
  ['catalog', 'clock', 'errors', 'io', 'wptext'],
  ['api', 'config', 'dates'],
  ['csv', 'output', 'completion', 'ics'],
  ['commands'],
  ['cli'],
  ['main'],
];
/** The embedded server: what it may import, and who may start it. */
const SERVER = { imports: ['catalog', 'clock', 'errors', 'wptext'], importedBy: ['commands', 'cli'] };

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
    {
      name: 'server-points-down',
      comment: `the server imports only ${SERVER.imports.join(', ')} (and node_modules)`,
      severity: 'error',
      from: { path: room('server') },
      to: { path: '^src/', pathNot: `${room('server')}|${any(SERVER.imports)}` },
    },
    {
      name: 'server-started-from-above',
      comment: `only ${SERVER.importedBy.join(', ')} start the embedded server`,
      severity: 'error',
      from: { path: '^src/', pathNot: `${room('server')}|${any(SERVER.importedBy)}` },
      to: { path: room('server') },
    },
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
