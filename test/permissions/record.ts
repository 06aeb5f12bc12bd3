/**
 * Records the permission matrix of a real site into the fixture the offline test compares with:
 *
 *   CALCTL_REAL_URL=… CALCTL_REAL_USER=… CALCTL_REAL_PASSWORD=… npx tsx test/permissions/record.ts [file]
 *
 * It makes its users and records under a fresh prefix (`pm…`), runs every cell, removes for good what it
 * made, and writes only each cell's status, error code and field presence (no bodies).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { buildWorld, type Cells, cleanup, runMatrix } from './matrix.js';
import { httpTarget } from './targets.js';

export const FIXTURE = 'test/fixtures/permissions/real-site-6.16.5.json';

/** The fixture as JSON with one cell a line, so a new recording's changes read as a diff. */
function fixtureText(out: { cells: Cells } & Record<string, unknown>): string {
  const { cells, ...head } = out;
  const lines = Object.entries(cells).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  const top = Object.entries(head).map(([k, v]) => ` ${JSON.stringify(k)}: ${JSON.stringify(v)},`);
  return `{\n${top.join('\n')}\n "cells": {\n${lines.join(',\n')}\n }\n}\n`;
}

async function main(): Promise<void> {
  const url = process.env.CALCTL_REAL_URL;
  const user = process.env.CALCTL_REAL_USER;
  const password = process.env.CALCTL_REAL_PASSWORD;
  if (!url || !user || !password) throw new Error('set CALCTL_REAL_URL, CALCTL_REAL_USER and CALCTL_REAL_PASSWORD');
  const send = httpTarget(url);
  const prefix = `pm${Date.now().toString(36)}`;
  const started = Date.now();
  const world = await buildWorld(send, { user, password }, prefix);
  console.error(`made ${world.records.length} records in ${Math.round((Date.now() - started) / 1000)} s`);
  try {
    const cells = await runMatrix(send, world, {
      parallel: Number(process.env.PM_PARALLEL ?? 4),
      onCell: (n) => {
        if (n % 250 === 0) console.error(`${n} cells, ${Math.round((Date.now() - started) / 1000)} s`);
      },
    });
    const index = (await send({ method: 'GET', route: '/', auth: null })).body as Record<string, unknown>;
    const out = {
      site: 'WordPress 7.0 + The Events Calendar 6.16.5',
      timezone: index?.timezone_string ?? null,
      recorded: new Date().toISOString().slice(0, 10),
      cells,
    };
    const file = process.argv[2] ?? FIXTURE;
    writeFileSync(file, fixtureText(out));
    // (laid out as the project's formatter wants it, so that `npm test`'s format check passes on it)
    execFileSync('npx', ['biome', 'format', '--write', file], { stdio: 'ignore' });
    console.error(`${Object.keys(cells).length} cells written`);
  } finally {
    await cleanup(send, world);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
