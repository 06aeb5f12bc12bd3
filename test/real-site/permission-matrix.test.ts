/**
 * The permission matrix (test/permissions/matrix.ts) run live against the site of CALCTL_REAL_URL and
 * against the embedded server in-process, compared cell by cell: the intended differences
 * (test/permissions/differences.ts) are printed with their reason, any other fails. It makes its own
 * users and records under a fresh prefix and removes them for good at the end. Several thousand
 * requests to the site (about five minutes on the reference site, with the in-process run);
 * test/permissions/record.ts records the same run into the fixture the offline test reads. It writes a
 * few hundred records, a user of each role and their application passwords to the site (all removed
 * at the end), so it runs only when asked for besides the site: CALCTL_REAL_MATRIX=1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classify, report } from '../permissions/differences.js';
import { buildWorld, type Cells, cleanup, differences, runMatrix, type World } from '../permissions/matrix.js';
import { httpTarget, IN_PROCESS_ADMIN, inProcessTarget } from '../permissions/targets.js';
import { configured, password, skipNote, url, user } from './site.js';

skipNote('permission-matrix.test.ts');
const wanted = configured && process.env.CALCTL_REAL_MATRIX === '1';
if (configured && !wanted)
  console.warn(
    'test/real-site/permission-matrix.test.ts: skipped (about five minutes of writes to the site: set CALCTL_REAL_MATRIX=1 to run it)',
  );

const live = wanted ? httpTarget(url as string) : undefined;
let world: World | undefined;
let siteCells: Cells;
let ourCells: Cells;

beforeAll(async () => {
  if (!live) return;
  world = await buildWorld(
    live,
    { user: user as string, password: password as string },
    `pm${Date.now().toString(36)}`,
  );
  siteCells = await runMatrix(live, world, { parallel: 4 });
  const local = await inProcessTarget();
  try {
    ourCells = await runMatrix(local.send, await buildWorld(local.send, IN_PROCESS_ADMIN, 'pmlocal'), { parallel: 1 });
  } finally {
    local.close();
  }
}, 3_600_000);

afterAll(async () => {
  if (live && world) await cleanup(live, world);
}, 600_000);

describe.skipIf(!wanted)('the permission matrix, live', () => {
  it('calctl serve answers every cell as the site does, but for the intended differences', () => {
    const diffs = differences(siteCells, ourCells);
    console.log(report(diffs, Object.keys(siteCells).length));
    expect(classify(diffs).other.map((d) => d.key)).toEqual([]);
  });
});
