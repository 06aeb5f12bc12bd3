/**
 * The clock: wall times, time zones as a site names them, wall time ⇄ instant as a site converts
 * them, and zone labels. The ground floor: the client and the embedded server both count on it, so
 * what one accepts the other accepts, and both read a wall time as the same instant.
 */
export { tzAbbr } from './abbr.js';
export {
  backwardReach,
  offsetAt,
  offsetString,
  utcToWall,
  wallTimeToUtc,
  wallToUtc,
  zonedWallTime,
} from './convert.js';
export {
  addDays,
  addHours,
  addMonths,
  canonicalOrNull,
  daysInMonth,
  fieldsToMs,
  formatWall,
  isValidWallTime,
  MONTH_NAMES,
  msToFields,
  parseWallTime,
  type WallFields,
  type WallParts,
  type WallTime,
  WEEKDAY_NAMES,
  wallDate,
  wallParts,
  wallToMs,
  wallWeekday,
} from './wall.js';
export {
  eventRulesZone,
  fixedOffsetMinutes,
  isFixedZone,
  isValidTimeZone,
  manualOffsetLabel,
  offsetSuffixMinutes,
  siteSetting,
  siteZoneLabel,
  siteZoneName,
  ZONE_FORMS_HINT,
} from './zones.js';
