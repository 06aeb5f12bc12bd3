/** The sha256 of a run's source, as the history keeps it (hex). */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

export const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

/** The sha256 of a file's content, read as a stream; undefined when it cannot be read. */
export async function fileSha256(path: string): Promise<string | undefined> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  } catch {
    return undefined;
  }
  return hash.digest('hex');
}
