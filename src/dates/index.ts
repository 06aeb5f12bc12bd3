/** Date input parsing and durations; every date flag goes through here (zones and wall times: `clock/`). */
export { DURATION_FORMS, endAfter, isRelativeEnd, parseDuration } from './duration.js';
export {
  DATE_FORMAT_FORMS,
  type DateFormat,
  type DateOrder,
  isoDay,
  leadingNumericDate,
  ORDER_NAMES,
  parseDateFormat,
  phpOrder,
  readingsOf,
} from './numeric.js';
export { DATE_FORMS_HELP, type DateParseOptions, parseDateInput, parseDateStrict } from './parse.js';
