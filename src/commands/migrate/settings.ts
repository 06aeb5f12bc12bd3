/** Defaults of `calctl migrate`, shared by its flags (register.ts) and its run (docs/hygiene.md states them). */

/** The default of `--status`: published events only. */
export const MIGRATE_DEFAULT_STATUS = 'publish';
