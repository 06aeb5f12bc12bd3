/**
 * One record as the site shows it now, for writers that must look before they write (sync's push
 * and pull, feeds): a record deleted for good is not an error but an answer. The plugin's routes say
 * "gone" three ways: 404 (no such post), 410 (in the trash, on some routes), and a real site's
 * 400 `rest_invalid_param` for an id that names no post of the type (observed: a GET after a
 * permanent delete). A trashed event is still returned to an editor, with `status: "trash"`.
 */
import type { ResourceSpec } from '../catalog/index.js';
import type { ApiClient } from './client.js';

/** The record, or undefined when the site no longer has it. */
export async function findRecord<T extends { id: number } = Record<string, unknown> & { id: number }>(
  client: ApiClient,
  resource: ResourceSpec,
  id: number,
  signal?: AbortSignal,
): Promise<T | undefined> {
  try {
    return (await client.get<T>(`/${resource.name}/${id}`, { signal })).body;
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status === 404 || status === 400 || status === 410) return undefined;
    throw err;
  }
}
