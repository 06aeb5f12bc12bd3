/**
 * Files calctl writes (`--rejects`, `export --file`), opened before any work starts: a path that
 * cannot be written is a usage error (exit 2) that names it, not a stream error after the fact.
 */
import type { WriteStream } from 'node:fs';
import { access, constants, open, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { UsageError } from '../errors/index.js';

function reason(err: NodeJS.ErrnoException, path: string): { message: string; hint: string } {
  switch (err.code) {
    case 'ENOENT':
      return {
        message: `the folder ${dirname(path)} does not exist`,
        hint: 'create the folder first, or give a path in an existing folder',
      };
    case 'ENOTDIR':
      return { message: `a part of the path is not a folder`, hint: 'check the path' };
    case 'EISDIR':
      return { message: 'it is a folder', hint: 'give a file name, e.g. FOLDER/out.csv' };
    case 'EACCES':
    case 'EPERM':
      return { message: 'permission denied', hint: 'pick a path you can write to, or fix its permissions' };
    case 'EROFS':
      return { message: 'the file system is read-only', hint: 'pick a path on a writable disk' };
    default:
      return { message: err.message, hint: 'check the path' };
  }
}

function unwritable(err: unknown, path: string, flag: string): UsageError {
  const { message, hint } = reason(err as NodeJS.ErrnoException, path);
  return new UsageError(`${flag} ${path}: cannot write there: ${message}`, hint, 'unwritable-file');
}

/**
 * Checks, without creating or truncating anything, that `path` can be written: an existing file
 * that is writable, or a new name in a writable folder. For a check before the first request.
 * @throws UsageError (exit 2, code `unwritable-file`)
 */
export async function checkOutputPath(path: string, flag: string): Promise<void> {
  try {
    const info = await stat(path).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw err;
    });
    if (info?.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    await access(info ? path : dirname(path), constants.W_OK);
  } catch (err) {
    throw unwritable(err, path, flag);
  }
}

/**
 * Opens `path` for writing (`flags` 'w' truncates, 'a' appends).
 * @param flag the option naming the file, for messages (`--rejects`)
 * @throws UsageError (exit 2, code `unwritable-file`) when the file cannot be opened
 */
export async function openOutputFile(path: string, flags: 'w' | 'a', flag: string): Promise<WriteStream> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, flags);
  } catch (err) {
    throw unwritable(err, path, flag);
  }
  return handle.createWriteStream();
}
