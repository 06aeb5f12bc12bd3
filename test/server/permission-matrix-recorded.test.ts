/**
 * The permission matrix (test/permissions/matrix.ts: eight kinds of caller × every route × own,
 * another user's and the administrator's records × every status) run against the embedded server
 * in-process and compared cell by cell with the reference site's recording
 * (test/fixtures/permissions/real-site-6.16.5.json, made by test/permissions/record.ts). The intended
 * differences (test/permissions/differences.ts) are printed with their reason; any other fails.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classify, report } from '../permissions/differences.js';
import { buildWorld, type Cells, differences, runMatrix } from '../permissions/matrix.js';
import { IN_PROCESS_ADMIN, inProcessTarget } from '../permissions/targets.js';

const recording = JSON.parse(readFileSync('test/fixtures/permissions/real-site-6.16.5.json', 'utf8')) as {
  cells: Cells;
};

let target: Awaited<ReturnType<typeof inProcessTarget>>;
let cells: Cells;

beforeAll(async () => {
  target = await inProcessTarget();
  const world = await buildWorld(target.send, IN_PROCESS_ADMIN, 'pmlocal');
  cells = await runMatrix(target.send, world, { parallel: 1 });
}, 600_000);
afterAll(() => target?.close());

describe('the permission matrix of the reference site', () => {
  it('every cell answers as the site did, but for the intended differences', () => {
    const diffs = differences(recording.cells, cells);
    console.log(report(diffs, Object.keys(recording.cells).length));
    expect(Object.keys(cells).length).toBe(Object.keys(recording.cells).length);
    expect(classify(diffs).other.map((d) => d.key)).toEqual([]);
  });
});
