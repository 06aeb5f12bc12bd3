/**
 * Defaults of the import, in one place: the code, `--help`, `calctl help csv` and the docs read them
 * from here, so they cannot disagree. (The export's are in src/export/defaults.ts.)
 */

/** Writes in flight during an import. */
export const IMPORT_CONCURRENCY = 8;
