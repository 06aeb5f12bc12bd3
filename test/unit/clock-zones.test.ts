/**
 * One reader of zone names for client and server, and the labels a site writes. What a site accepts
 * and the labels it gives were seen on the reference site (an event created with each zone):
 * `+05:30` → `GMT+0530`, `UTC+5.5` → `UTC+5.5`, `utc+3` → 400.
 */
import { describe, expect, it } from 'vitest';
import {
  eventRulesZone,
  fixedOffsetMinutes,
  isFixedZone,
  isValidTimeZone,
  manualOffsetLabel,
  offsetSuffixMinutes,
  siteSetting,
  siteZoneLabel,
  tzAbbr,
} from '../../src/clock/index.js';

describe('which zones are taken', () => {
  it.each([
    // IANA ids, including legacy ones ICU has
    ['Asia/Tokyo', true, undefined],
    ['America/Indiana/Vincennes', true, undefined],
    ['America/New_York', true, undefined],
    ['EST', true, undefined],
    ['CST6CDT', true, undefined],
    ['UTC', true, 0],
    ['GMT', true, 0],
    // WordPress's manual offsets (its settings) and the plugin's own form
    ['UTC+5.5', true, 330],
    ['UTC+5.75', true, 345],
    ['UTC-3', true, -180],
    ['UTC-9.5', true, -570],
    ['UTC+0', true, 0],
    ['UTC+14', true, 840],
    ['UTC+5:30', true, 330],
    ['UTC+05:30', true, 330],
    ['UTC-4:30', true, -270],
    // PHP offsets, and Z
    ['+05:30', true, 330],
    ['+0530', true, 330],
    ['+5', true, 300],
    ['-03:00', true, -180],
    ['GMT+5', true, 300],
    ['GMT+05:30', true, 330],
    ['Z', true, 0],
    // refused by a site too, or by no place on earth
    ['utc+3', false, undefined],
    ['UTC +3', false, undefined],
    ['UTC+15', false, undefined],
    ['UTC+5:75', false, undefined],
    ['+05:30 ', false, undefined],
    ['Mars/Olympus', false, undefined],
    ['foo', false, undefined],
    ['', false, undefined],
  ])('%j → %s (fixed offset %s)', (zone, valid, minutes) => {
    expect(isValidTimeZone(zone)).toBe(valid);
    expect(fixedOffsetMinutes(zone)).toBe(minutes);
    expect(isFixedZone(zone)).toBe(minutes !== undefined);
  });
});

describe('zone labels as a site writes them', () => {
  const winter = '2026-01-15 12:00:00';
  const summer = '2026-07-15 12:00:00';
  it.each([
    ['UTC', winter, 'UTC'],
    ['Asia/Tokyo', winter, 'JST'],
    ['America/New_York', winter, 'EST'],
    ['America/New_York', summer, 'EDT'],
    ['America/Chicago', summer, 'CDT'],
    ['America/Los_Angeles', winter, 'PST'],
    ['Europe/Berlin', winter, 'CET'],
    ['Europe/Berlin', summer, 'CEST'],
    ['Europe/London', winter, 'GMT'],
    ['Europe/London', summer, 'BST'],
    ['Asia/Kolkata', winter, 'IST'],
    ['Australia/Sydney', winter, 'AEDT'],
    ['Australia/Sydney', summer, 'AEST'],
    ['America/Sao_Paulo', winter, '-03'],
    ['Asia/Kathmandu', winter, '+0545'],
    ['Antarctica/Troll', winter, '+00'],
    ['Africa/Addis_Ababa', summer, 'EAT'],
    ['Asia/Calcutta', winter, 'IST'],
    // where PHP has only a number, the plugin files the zone under the first abbreviation PHP lists
    ['Asia/Singapore', winter, 'SMT'],
    ['Australia/Lord_Howe', winter, 'AEST'],
    ['Australia/Lord_Howe', summer, 'AEST'],
    // a WordPress offset is its own label, as written
    ['UTC+5.5', winter, 'UTC+5.5'],
    ['UTC+5:30', winter, 'UTC+5:30'],
    ['UTC-3', winter, 'UTC-3'],
    ['UTC+5.75', summer, 'UTC+5.75'],
    ['UTC+0', winter, 'UTC+0'],
    // a PHP offset is PHP's `T`
    ['+05:30', winter, 'GMT+0530'],
    ['-03:00', winter, 'GMT-0300'],
    ['+5', winter, 'GMT+0500'],
    ['GMT+05:30', winter, 'GMT+0530'],
    ['Z', winter, 'Z'],
  ])('%s at %s → %s', (tz, utc, abbr) => {
    expect(tzAbbr(tz, utc)).toBe(abbr);
  });
});

describe("a site's zone as WordPress names it", () => {
  it.each([
    ['America/New_York', -5, 'America/New_York'],
    ['UTC', 0, 'UTC'],
    ['', '5.5', 'UTC+5.5'],
    ['', 5.5, 'UTC+5.5'],
    ['', '-3', 'UTC-3'],
    ['', 5.75, 'UTC+5.75'],
    ['', -9.5, 'UTC-9.5'],
    ['', '0', 'UTC+0'],
    ['', '', undefined],
    [undefined, undefined, undefined],
  ])('timezone_string %j, gmt_offset %j → %s', (name, offset, label) => {
    expect(siteZoneLabel(name, offset)).toBe(label);
  });

  it.each([
    [330, 'UTC+5.5'],
    [-180, 'UTC-3'],
    [345, 'UTC+5.75'],
    [0, 'UTC+0'],
    [-30, 'UTC-0.5'],
  ])('%i minutes → %s', (minutes, label) => {
    expect(manualOffsetLabel(minutes)).toBe(label);
  });

  it.each([
    ['America/New_York', { timezoneString: 'America/New_York', gmtOffsetHours: null }],
    ['UTC', { timezoneString: 'UTC', gmtOffsetHours: null }],
    ['UTC+5.5', { timezoneString: '', gmtOffsetHours: 5.5 }],
    ['UTC+5:30', { timezoneString: '', gmtOffsetHours: 5.5 }],
    ['+05:30', { timezoneString: '', gmtOffsetHours: 5.5 }],
    ['UTC-3', { timezoneString: '', gmtOffsetHours: -3 }],
  ])('%s is held in the settings as %j', (zone, setting) => {
    expect(siteSetting(zone)).toEqual(setting);
  });
});

describe('offsets at the end of an ISO 8601 time', () => {
  it.each([
    ['Z', 0],
    ['z', 0],
    ['+05:30', 330],
    ['+0530', 330],
    ['-03', -180],
    ['+5', undefined],
    ['+15:00', undefined],
  ])('%s → %s', (suffix, minutes) => {
    expect(offsetSuffixMinutes(suffix)).toBe(minutes);
  });
});

describe("the rules a site applies to an event's times", () => {
  it.each([
    // a manual offset: the zone PHP names for it (as the reference site converted each one)
    ['UTC+5.5', 'Asia/Kolkata'],
    ['UTC+5:30', 'Asia/Kolkata'],
    ['UTC+5.75', 'Asia/Katmandu'],
    ['UTC-3', 'America/Sao_Paulo'],
    ['UTC-5', 'America/New_York'],
    ['UTC-3.5', 'America/St_Johns'],
    ['UTC+1', 'Europe/Paris'],
    ['UTC+11.5', 'Pacific/Auckland'],
    // none named: UTC; and the plugin's own `-3:30` counts its minutes eastward (-2:30: none)
    ['UTC+6', 'UTC'],
    ['UTC-9.5', 'UTC'],
    ['UTC+14', 'UTC'],
    ['UTC+0', 'UTC'],
    ['UTC-3:30', 'UTC'],
    // every other zone: its own
    ['+05:30', '+05:30'],
    ['Europe/Berlin', 'Europe/Berlin'],
    ['UTC', 'UTC'],
  ])('%s → %s', (zone, rules) => {
    expect(eventRulesZone(zone)).toBe(rules);
  });
});
