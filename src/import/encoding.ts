/**
 * The text encoding of a CSV file: UTF-8 unless its first chunk says otherwise (a UTF-16 byte order
 * mark, bytes that are not UTF-8), or `--encoding` names one; the chunks then decoded into text.
 */
import { TextDecoder } from 'node:util';
import { UsageError } from '../errors/index.js';

/**
 * The encoding of a CSV file that is not UTF-8, from its first chunk: UTF-16 by its byte order mark
 * (Excel's "Unicode Text"), else Windows-1252 when the bytes are not valid UTF-8 (Excel's "CSV
 * (Comma delimited)" on Windows, in Western European locales); undefined for UTF-8.
 */
export function sniffEncoding(first: Buffer | string | undefined): string | undefined {
  if (first === undefined || typeof first === 'string') return undefined;
  if (first[0] === 0xff && first[1] === 0xfe) return 'utf-16le';
  if (first[0] === 0xfe && first[1] === 0xff) return 'utf-16be';
  try {
    // (a character cut at the end of the chunk is no error: `stream` keeps it for the next one)
    new TextDecoder('utf-8', { fatal: true }).decode(first, { stream: true });
    return undefined;
  } catch {
    return 'windows-1252';
  }
}

/** A decoder of `encoding`, or a usage error naming what calctl reads. */
export function decoderOf(encoding: string): TextDecoder {
  try {
    return new TextDecoder(encoding);
  } catch {
    throw new UsageError(
      `unknown text encoding "${encoding}"`,
      'use utf-8, windows-1252, latin1, utf-16le or another WHATWG encoding name',
      'bad-encoding',
    );
  }
}

/** The chunks of `input` decoded from `encoding` into text (a byte order mark left out). */
export async function* transcode(input: AsyncIterable<Buffer | string>, decoder: TextDecoder): AsyncGenerator<string> {
  for await (const chunk of input) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (text !== '') yield text;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}
