/**
 * The record-source contract: what every source of an import or a feed yields, whoever reads it (a
 * CSV, NDJSON or JSON file, a workbook, an iCalendar file, a site). A reader outside this room (the
 * iCalendar reader in src/ics/) imports this and nothing else of the import engine; the engine never
 * imports a reader outside it (the command picks the reader).
 */
export {
  cellInstant,
  itemHash,
  itemInWindow,
  type KnownItem,
  type LinkedName,
  noLinks,
  type SourceItem,
  type SourceLinks,
  VENUE_DETAILS,
} from './source-item.js';
export { MalformedInputError, type RecordSource, type SourceRow } from './source-row.js';
