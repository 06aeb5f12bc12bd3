/**
 * Defaults of the export, in one place: the code, `--help`, `calctl help csv` and the docs read them
 * from here, so they cannot disagree. (The import's are in src/import/defaults.ts.)
 */

/**
 * Pages asked for at once by default during an export: the site renders the next pages while this
 * one is written out. A few are enough to keep a site busy; more only load it. (Against `calctl
 * serve` on two cores, 4 beat 2 by about 5% in 16 of 22 alternating rounds; 8 was no faster than 4.)
 */
export const EXPORT_CONCURRENCY = 4;
