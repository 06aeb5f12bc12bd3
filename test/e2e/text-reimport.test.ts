/**
 * Text a site rewrites as it stores it, imported again and again against `calctl serve`: nothing is
 * duplicated or rewritten (test/helpers/text-reimport.ts has the scenario; the same runs against a
 * real site in test/real-site/text-reimport.test.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVE_PASSWORD, serveAvailable, spawnServe, stopAllServes } from '../helpers/spawn-serve.js';
import { openScenario, type Scenario, textReimportTests } from '../helpers/text-reimport.js';

let scenario: Scenario;

beforeAll(async () => {
  if (!serveAvailable()) return;
  const site = await spawnServe({ dataDir: mkdtempSync(join(tmpdir(), 'calctl-text-site-')) });
  scenario = await openScenario({ origin: site.origin, user: 'admin', password: SERVE_PASSWORD }, 'tx');
}, 60_000);
afterAll(async () => {
  await scenario?.close();
  await stopAllServes();
});

describe.skipIf(!serveAvailable())('re-imports against calctl serve', () => {
  textReimportTests(() => scenario, expect, it);
});
