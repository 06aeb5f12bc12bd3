/**
 * Text a site rewrites as it stores it (quotes, apostrophes, ampersands, ellipses, dashes), imported
 * again and again against a REAL site (optional): the second run reports every row unchanged and
 * sends no write, a real change is one update, titles are listed as text, an export re-imported
 * changes nothing, a weekly .ics event is not duplicated. Runs when CALCTL_REAL_URL, CALCTL_REAL_USER
 * and CALCTL_REAL_PASSWORD are set; everything it makes carries the run's stamp and is deleted for
 * good at the end, through WordPress core's routes. The scenario is test/helpers/text-reimport.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScenario, type Scenario, textReimportTests } from '../helpers/text-reimport.js';

const url = process.env.CALCTL_REAL_URL;
const user = process.env.CALCTL_REAL_USER;
const password = process.env.CALCTL_REAL_PASSWORD;
const configured = Boolean(url && user && password);
const origin = (url ?? '').replace(/\/+$/, '').replace(/\/wp-json.*$/, '');
const stamp = `rtx${Date.now().toString(36)}`;
let scenario: Scenario;

async function core(method: string, path: string): Promise<unknown> {
  const res = await fetch(`${origin}/wp-json${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
  });
  return res.json();
}

/** Deletes for good every record of a core route whose search finds the stamp. */
async function sweep(route: string, statuses: boolean): Promise<void> {
  const found = (await core(
    'GET',
    `/wp/v2/${route}?search=${stamp}&per_page=100&_fields=id${statuses ? '&status=any' : ''}`,
  )) as {
    id: number;
  }[];
  for (const r of Array.isArray(found) ? found : []) await core('DELETE', `/wp/v2/${route}/${r.id}?force=true`);
}

beforeAll(async () => {
  if (!configured) return;
  scenario = await openScenario({ origin, user: user as string, password: password as string }, stamp);
}, 60_000);
afterAll(async () => {
  await scenario?.close();
  if (!configured) return;
  for (const route of ['tribe_events', 'tribe_venue', 'tribe_organizer']) await sweep(route, true);
  for (const route of ['tribe_events_cat', 'tags']) await sweep(route, false);
}, 300_000);

describe.skipIf(!configured)('re-imports against a real site', () => {
  textReimportTests(() => scenario, expect, it);
});
