/** Date input parsing and time zone math; every date flag goes through here. */
export { DURATION_FORMS, endAfter, isRelativeEnd, parseDuration } from './duration.js';
export { DATE_FORMS_HELP, type DateParseOptions, parseDateInput, parseDateStrict } from './parse.js';
export {
  addDays,
  addHours,
  addMonths,
  epochToWall,
  formatWallTime,
  isValidWallTime,
  parseWallTime,
  type WallTime,
  wallToEpoch,
} from './wall.js';
export { isValidTimeZone, parseOffsetZone, wallTimeToUtc, zonedWallTime, zoneOffsetMinutes } from './zone.js';
