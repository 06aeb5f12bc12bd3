/**
 * The list filters of the views: every events list parameter but the range and the paging, which
 * the views set themselves. Kept apart from fetch.ts so that registering the commands loads only
 * the catalog and the flag helpers (start-up time).
 */
import type { Command } from 'commander';
import { getResource } from '../../catalog/index.js';
import { addFlags, bindFlags, type FlagValues } from '../resource/flags.js';

/** What every view takes: the catalog's list filters (keyed by the catalog) and `--local-time`. */
export type ViewOptions = FlagValues & { localTime?: boolean };

/** `calctl agenda`. */
export type AgendaOptions = ViewOptions & { days?: number; startDate?: string; endDate?: string };

/** `calctl calendar`: `--week` alone is true (this week), with a day its text. */
export type CalendarOptions = ViewOptions & { month?: string; week?: string | true; weekStart?: string };

/** List parameters the views set themselves (the range, the pages). */
const OWN = new Set(['page', 'per_page', 'start_date', 'end_date', 'starts_before', 'ends_after', 'strict_dates']);

/** The list filters a view takes. */
export function filterParams() {
  return getResource('events').listParams.filter((p) => !OWN.has(p.name));
}

/** Adds the filter flags to a view command. */
export function addFilterFlags(cmd: Command): Command {
  addFlags(cmd, bindFlags(filterParams()));
  return cmd;
}
