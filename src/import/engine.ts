/**
 * The import engine's face for a caller that applies rows itself (feeds) or lists the columns an
 * import reads (`calctl help csv`): a row made ready to write, matched and applied, and a record merged
 * three ways. Apart from the light face (index.ts), so that the commands that load the import's plan,
 * journal or constants do not load the engine with them.
 */
export { applyRow, lookupOne } from './apply.js';
export { columnTargets } from './columns.js';
export { MatchIndex } from './match.js';
export { buildMatchIndex } from './match-loader.js';
export { prepareRow, resolveSourceLinks } from './prepare.js';
export { isProblem } from './row.js';
export { mergeThreeWay } from './three-way.js';
