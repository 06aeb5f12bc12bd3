/** Output of commands whose answers are not records of one resource (api, info, doc, profile). */
import { outputFormat } from './shared.js';
import type { Runtime } from './types.js';

/** Prints any JSON value: YAML with -o yaml, one line per item with -o ndjson, else indented JSON. */
export async function writeJson(rt: Runtime, value: unknown): Promise<void> {
  const format = await outputFormat(rt);
  const out = rt.ctx.io.stdout;
  if (format === 'yaml') {
    const { yaml } = await import('../output/lazy.js');
    out.write(yaml().stringify(value));
  } else if (format === 'ndjson' && Array.isArray(value)) {
    for (const item of value) out.write(`${JSON.stringify(item)}\n`);
  } else if (format === 'ndjson') {
    out.write(`${JSON.stringify(value)}\n`);
  } else {
    out.write(`${JSON.stringify(value, null, 2)}\n`);
  }
}
