/**
 * The short version of `npm run fuzz`: bench/fuzz.mjs against a spawned `calctl serve`, 2,000 requests
 * over the plugin's routes and (one request in three) core's `wp/v2`, `tec/v1` and the batch route, with
 * every body encoding (JSON, PHP-array forms, multipart with files, raw uploads) and every kind of
 * caller. The full run (≥ 100,000 requests) is `npm run fuzz`.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, serveAvailable } from '../helpers/spawn-serve.js';

interface FuzzSummary {
  requests: number;
  s2xx: number;
  s4xx: number;
  s5xx: number;
  violations: number;
  unanswered: number;
  crashes: number;
  /** requests with a valid password answered 429 (the login throttle locking out the wrong account) */
  validLockedOut: number;
  integrity: string;
  consistencyProblems: string[];
  examples: string[];
}

function runFuzz(env: Record<string, string>): Promise<{ code: number | null; summary: FuzzSummary; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'fuzz.mjs')], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 80_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      const line = out.trim().split('\n').at(-1) ?? '';
      try {
        resolve({ code, summary: JSON.parse(line) as FuzzSummary, stderr: err });
      } catch {
        reject(new Error(`fuzz printed no summary (exit ${code}): ${err.slice(-2000)}`));
      }
    });
  });
}

describe.skipIf(!serveAvailable())('fuzz (short run against calctl serve)', () => {
  it('2,000 generated requests: no 5xx, no crash, every answer in the envelope, store intact', {
    timeout: 90_000,
  }, async () => {
    const { code, summary, stderr } = await runFuzz({
      FUZZ_REQUESTS: '2000',
      FUZZ_SECONDS: '60',
      FUZZ_CONCURRENCY: '8',
    });
    expect(summary.examples, stderr.slice(-2000)).toEqual([]);
    expect(summary.requests).toBe(2000);
    expect(summary.s5xx).toBe(0);
    expect(summary.violations).toBe(0);
    expect(summary.unanswered).toBe(0);
    expect(summary.crashes).toBe(0);
    // (a cron user's stale password from the valid callers' own address never locks them out)
    expect(summary.validLockedOut).toBe(0);
    expect(summary.integrity).toBe('ok');
    expect(summary.consistencyProblems).toEqual([]);
    // the stream reaches the handlers, not only the validators
    expect(summary.s2xx).toBeGreaterThan(0);
    expect(summary.s4xx).toBeGreaterThan(0);
    expect(code).toBe(0);
  });
});
