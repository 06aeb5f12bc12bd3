import { createRequire } from 'node:module';

/**
 * The format libraries (yaml, csv-stringify, cli-table3) are loaded on first use, so a command that
 * prints JSON never pays for them. A plain `load` (not `require`) keeps the bundler from inlining them:
 * they are read from node_modules when a table, CSV or YAML is actually printed.
 */
const load = createRequire(import.meta.url);

let yamlLib: typeof import('yaml') | undefined;
let csvLib: typeof import('csv-stringify/sync') | undefined;
let tableLib: typeof import('cli-table3') | undefined;

export const yaml = (): typeof import('yaml') => {
  yamlLib ??= load('yaml') as typeof import('yaml');
  return yamlLib;
};
export const csvStringify = (): typeof import('csv-stringify/sync') => {
  csvLib ??= load('csv-stringify/sync') as typeof import('csv-stringify/sync');
  return csvLib;
};
export const cliTable = (): typeof import('cli-table3') => {
  tableLib ??= load('cli-table3') as typeof import('cli-table3');
  return tableLib;
};
