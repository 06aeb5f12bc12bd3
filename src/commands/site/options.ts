/** The options of the site commands, as commander hands them to their actions. */

/** `calctl api METHOD PATH`. */
export interface ApiOptions {
  /** `-f key=value` (repeatable) */
  rawField?: string[];
  /** `-F key=value` (repeatable) */
  fieldTyped?: string[];
  /** `--data <json|@file|->` */
  data?: string;
  /** `-H name:value` (repeatable) */
  header?: string[];
  paginate?: boolean;
}

/** `--data-dir DIR` and its old spelling `--data DIR` (commands/data-dir.ts). */
export interface DataDirOptions {
  dataDir?: string;
  data?: string;
}

/** `calctl serve`. */
export interface ServeOptions extends DataDirOptions {
  host: string;
  port: number;
  perPage: number;
  permalinks: 'pretty' | 'plain';
  basePath?: string;
  locale: string;
  batchPluginRoutes?: boolean;
  tlsCert?: string;
  tlsKey?: string;
}

/** `calctl serve users add USERNAME`. */
export interface ServeUserAddOptions extends DataDirOptions {
  role: string;
  email?: string;
  passwordFile?: string;
  appName: string;
}

/** `calctl serve users remove USERNAME`. */
export interface ServeUserRemoveOptions extends DataDirOptions {
  reassign: number;
}
