/**
 * Nested values of a JSON import as cells: flattened by the one record encoder (output/encode.ts),
 * as export and `list -o csv` write them, so that what an export wrote reads back the same.
 */
export { csvCell as flattenValue } from '../output/index.js';
