/**
 * One action over several records (delete, restore): each answer printed as it comes, a failure
 * reported and the rest carried on; exit 3 when some failed, the first failure's code when all did.
 */
import type { ResourceSpec } from '../../catalog/index.js';
import { CalctlError, exitCodeOf, PartialError } from '../../errors/index.js';
import type { JsonRecord } from '../../output/index.js';
import { outputFormat, writerOptions } from '../shared.js';
import type { CliRuntime } from '../types.js';
import type { RecordRef } from './record.js';

/**
 * Runs `act` for every ref in turn and prints what it returns: one named record as an object (as
 * `get` prints it), several as a list.
 * @param verb the action in words for the summary errors ("deleted", "restored")
 * @param quiet print nothing of what `act` returns (a dry run)
 */
export async function forEachRecord(
  rt: CliRuntime,
  resource: ResourceSpec,
  named: { refs: readonly RecordRef[]; single: boolean },
  verb: string,
  act: (ref: RecordRef) => Promise<JsonRecord>,
  quiet = false,
): Promise<void> {
  const { refs } = named;
  const { createRecordWriter, writeError, writeOne } = await import('../../output/index.js');
  if (named.single && refs[0] !== undefined) {
    const record = await act(refs[0]);
    // (a dry run prints its requests instead of records)
    if (!quiet) writeOne(record, await writerOptions(rt, resource));
    return;
  }
  const writer = quiet ? { write: () => {}, end: () => {} } : createRecordWriter(await writerOptions(rt, resource));
  const format = await outputFormat(rt);
  const failures: unknown[] = [];
  for (const ref of refs) {
    try {
      writer.write(await act(ref));
    } catch (err) {
      if (rt.ctx.signal.aborted || refs.length === 1) throw err;
      failures.push(err);
      writeError(err, { stderr: rt.ctx.io.stderr, format });
    }
  }
  writer.end();
  if (failures.length === refs.length) {
    throw new CalctlError(`none of the ${refs.length} ${resource.name} could be ${verb}`, {
      code: `${verb.replace(/ /g, '_')}_failed`,
      exitCode: exitCodeOf(failures[0]),
      hint: 'see the errors above',
    });
  }
  if (failures.length > 0) {
    throw new PartialError(
      `${failures.length} of ${refs.length} ${resource.name} could not be ${verb}`,
      'see the errors above',
    );
  }
}
