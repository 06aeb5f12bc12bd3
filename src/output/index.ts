/** Output: the only writer of data to stdout. */
export { type ColorLevel, type ColorOptions, colorEnabled, colorLevel, createColor, loadColor } from './color.js';
export { columnHeader, csvCell, EXPORT_COLUMNS, recordCells } from './encode.js';
export { closest, getPath, type JsonRecord, parseFieldList, pick, plainText, validateFields } from './fields.js';
export {
  FORMATS,
  isOutputFormat,
  MACHINE_FORMATS,
  type OutputFormat,
  type ResolveFormatOptions,
  resolveFormat,
} from './format.js';
export { type NoteLevel, type Notes, stderrNotes, summaryFormat } from './notes.js';
export { plainRecord } from './plain.js';
export {
  dataFormat,
  flushStdout,
  type PacedStdout,
  pacedStdout,
  printText,
  printValue,
  stdoutStream,
  stdoutTerminal,
  valueText,
  watchStdout,
} from './stdout.js';
export {
  cellText,
  DEFAULT_WIDTH,
  fitWidths,
  headerLabel,
  readableDate,
  renderKeyValue,
  renderTable,
  type TableOptions,
  terminalWidth,
} from './table.js';
export {
  createRecordWriter,
  createValueWriter,
  describeError,
  type ErrorInfo,
  type RecordWriter,
  type RecordWriterOptions,
  type TextSink,
  type ValueWriter,
  writeError,
  writeOne,
} from './writer.js';
