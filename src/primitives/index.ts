/**
 * Primitives every floor may use, the server included: bounded concurrency, a lock per key, the
 * statement cache of a SQLite connection and a 53-bit string hash. They import nothing from `src/`.
 */
export { hash53 } from './hash.js';
export { type KeyedLock, keyedLock } from './keyed-lock.js';
export { mapLimit } from './map-limit.js';
export { statementCache } from './statement-cache.js';
