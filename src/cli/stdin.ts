import { InterruptedError } from '../errors/index.js';
import type { InStream } from '../io/context.js';

/** Reads a stream to its end as UTF-8 text (stdin for --data -, `delete -`, --password-stdin). */
export async function readStdinText(stream: InStream, signal?: AbortSignal): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    if (signal?.aborted) throw new InterruptedError();
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks).toString('utf8');
}
