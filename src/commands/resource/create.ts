/** `calctl <resource> create`: flags and/or --data; prompts for missing required fields on a TTY. */
import type { FieldSpec, ResourceSpec } from '../../catalog/index.js';
import { UsageError } from '../../errors/index.js';
import type { JsonRecord } from '../../output/index.js';
import { printText } from '../../output/stdout.js';
import { canPrompt, dateZone, fullUrl, printDryRun, writerOptions } from '../shared.js';
import type { CliRuntime } from '../types.js';
import { buildChanges, type WriteOptions } from './body.js';
import { checkOrder } from './event-dates.js';
import { kebab } from './flags.js';

const missing = (resource: ResourceSpec, body: Record<string, unknown>): FieldSpec[] =>
  resource.fields.filter((f) => f.required && (body[f.name] === undefined || body[f.name] === ''));

/** Asks for the missing required fields (title, start, end = start + 1 hour by default). */
async function promptMissing(rt: CliRuntime, resource: ResourceSpec, body: Record<string, unknown>): Promise<void> {
  const { askInput } = await import('../prompts.js');
  const [{ addHours }, { parseDateInput }] = await Promise.all([
    import('../../clock/index.js'),
    import('../../dates/index.js'),
  ]);
  const zone = await dateZone(rt, typeof body.timezone === 'string' ? body.timezone : undefined);
  const readDate = (text: string) =>
    parseDateInput(text, { now: rt.ctx.now(), timezone: zone, dateFormat: rt.globals().dateFormat });
  const validDate = async (text: string) => {
    try {
      await readDate(text);
      return true;
    } catch (err) {
      return (err as Error).message;
    }
  };
  for (const field of missing(resource, body)) {
    const label = field.name.replace(/_/g, ' ');
    if (field.semantic === 'date') {
      const start = typeof body.start_date === 'string' ? body.start_date : undefined;
      const fallback = field.name === 'end_date' && start ? addHours(start, 1) : 'tomorrow 10:00';
      const answer = await askInput(rt.ctx, `${label} (${zone})`, { default: fallback, validate: validDate });
      body[field.name] = await readDate(answer);
    } else {
      body[field.name] = await askInput(rt.ctx, label, {
        validate: (v) => (v.trim() !== '' ? true : `the ${label} is required`),
      });
    }
  }
}

/** Creates a record and prints it (`--porcelain`: only the new id). */
export async function createRecord(rt: CliRuntime, resource: ResourceSpec, opts: WriteOptions): Promise<void> {
  const body = await buildChanges(rt, resource, opts);
  const absent = missing(resource, body);
  if (absent.length > 0) {
    if (!canPrompt(rt)) {
      throw new UsageError(
        `missing required ${absent.length === 1 ? 'field' : 'fields'}: ${absent.map((f) => `--${kebab(f.name)}`).join(', ')}`,
        'give them as flags or in --data (calctl prompts for them only on a terminal)',
        'missing-fields',
      );
    }
    await promptMissing(rt, resource, body);
  }
  await postRecord(rt, resource, body, opts.porcelain === true);
}

/**
 * Sends a new record (create, copy): an event's dates checked in order first; `--dry-run` prints
 * the request instead; the answer printed as the record, or only its id (`--porcelain`).
 */
export async function postRecord(
  rt: CliRuntime,
  resource: ResourceSpec,
  body: Record<string, unknown>,
  porcelain: boolean,
): Promise<void> {
  if (resource.name === 'events') {
    checkOrder(body, await dateZone(rt, typeof body.timezone === 'string' ? body.timezone : undefined));
  }
  const api = await rt.api();
  const path = `/${resource.name}`;
  if (rt.globals().dryRun) {
    printDryRun(rt, 'POST', fullUrl(api.baseUrl, path), body);
    return;
  }
  const res = await api.post<JsonRecord>(path, body, { signal: rt.ctx.signal });
  if (porcelain) {
    printText(rt.ctx, `${String(res.body.id)}\n`);
    return;
  }
  const { writeOne } = await import('../../output/index.js');
  writeOne(res.body, await writerOptions(rt, resource));
}
