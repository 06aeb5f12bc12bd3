/**
 * Text fidelity: our corpus of tricky strings (text-fidelity.corpus.ts), written through
 * `tribe/events/v1` into every text field of the five resources, must be stored and answered by the
 * embedded server exactly as a real site stores and answers it, field by field: the plugin's answer,
 * WordPress core's `wp/v2` (raw and rendered, meta) and `tec/v1`.
 *
 * The real site's answers are recorded in test/fixtures/text-fidelity.json (the probes sent, with the
 * stamp of the recording run, and every answer). With CALCTL_REAL_URL/USER/PASSWORD set the site is
 * asked live instead (everything made is deleted for good afterwards), and CALCTL_TEXT_RECORD=1
 * rewrites the recording from it. docs/fidelity/text.md says what the rules are.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Api, basic, startCore } from '../helpers/core.js';
import { COST_CORPUS, TEXT_CORPUS } from './text-fidelity.corpus.js';
import { type Answers, buildProbes, cleanUp, type Probe, runProbes, type Target } from './text-fidelity.probes.js';

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'text-fidelity.json');
const realUrl = process.env.CALCTL_REAL_URL?.replace(/\/+$/, '').replace(/\/wp-json.*$/, '');
const live = Boolean(realUrl && process.env.CALCTL_REAL_USER && process.env.CALCTL_REAL_PASSWORD);
const record = live && process.env.CALCTL_TEXT_RECORD === '1';

interface Recording {
  site: string;
  probes: Probe[];
  answers: Record<string, Answers>;
}

const real: Target | undefined = live
  ? {
      origin: realUrl as string,
      auth: basic(process.env.CALCTL_REAL_USER as string, process.env.CALCTL_REAL_PASSWORD as string),
      made: [],
    }
  : undefined;
const ours: Target = { origin: '', auth: basic('admin', ADMIN_PASSWORD), made: [] };
let api: Api;
let recording: Recording;
let got: Record<string, Answers>;

beforeAll(async () => {
  api = await startCore();
  ours.origin = api.origin;
  ours.fetch = api.fetch;
  if (real) {
    const probes = buildProbes(Date.now().toString(36));
    try {
      recording = {
        site: 'WordPress 7.0 + The Events Calendar 6.16.5',
        probes,
        answers: await runProbes(real, probes),
      };
    } finally {
      await cleanUp(real);
    }
    if (record) writeFileSync(FIXTURE, `${JSON.stringify(recording, null, 2)}\n`);
  } else {
    recording = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Recording;
  }
  got = await runProbes(ours, recording.probes);
}, 900_000);
afterAll(async () => {
  await api?.stop();
});

describe('text as a real site stores and answers it', () => {
  it('covers the whole corpus on every resource', () => {
    const keys = new Set(recording.probes.map((p) => p.key));
    const missing: string[] = [];
    for (const r of ['events', 'venues', 'organizers', 'categories', 'tags']) {
      for (const k of Object.keys(TEXT_CORPUS)) if (!keys.has(`${r}/${k}`)) missing.push(`${r}/${k}`);
    }
    for (const k of Object.keys(COST_CORPUS)) if (!keys.has(`events/cost-${k}`)) missing.push(`events/cost-${k}`);
    expect(missing, 'run with CALCTL_TEXT_RECORD=1 and a real site to record the new cases').toEqual([]);
  });

  it('answers every field of every probe as the site does', () => {
    const differ: string[] = [];
    let fields = 0;
    for (const probe of recording.probes) {
      const site = recording.answers[probe.key] ?? {};
      const mine = got[probe.key] ?? {};
      for (const [path, value] of Object.entries(site)) {
        fields++;
        if (JSON.stringify(value) !== JSON.stringify(mine[path])) {
          differ.push(
            `${probe.key} ${path}\n    site: ${JSON.stringify(value)}\n    ours: ${JSON.stringify(mine[path])}`,
          );
        }
      }
    }
    if (process.env.CALCTL_TEXT_SUMMARY) {
      console.log(
        `text fidelity: ${fields - differ.length} of ${fields} fields match (${recording.probes.length} probes)`,
      );
    }
    expect(differ.join('\n')).toBe('');
  });
});
