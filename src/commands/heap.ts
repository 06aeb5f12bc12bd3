import { setFlagsFromString } from 'node:v8';

/**
 * An import streams for minutes, allocating a parsed answer per step, nearly all of it short-lived,
 * beside a large long-lived part (the match index). Two of V8's defaults fit that badly, and both can
 * still be changed once running:
 *
 * - The young generation starts at 1 MB and doubles only after collections that find much of it
 *   alive. A page of 50 events parses to about 1 MB, so for a long while every page outlives a
 *   collection or two and is copied into the old generation, which then grows (page faults) and needs
 *   full collections of its own. Grown at once to its full size, the young generation lets a page die
 *   young. Measured on 30,000 imported rows: client CPU 6.7 → 3.2 s, page faults 123,000 → 36,000.
 * - The old generation is let grow far past what is live before a full collection; 20% over the
 *   live size keeps the process small (100,000 imported rows: peak RSS 168 → 126 MB, no slower).
 *
 * (`--optimize-for-size`, used before, keeps the heap small by shrinking the young generation to a
 * sliver: the promotions above on every page, twice the CPU.)
 */
export function tuneHeapForImport(): void {
  growYoungGenerationAtOnce();
  setFlagsFromString('--heap-growing-percent=20');
}

/**
 * The first point above alone, for `calctl serve` and `calctl export`. Rendering a list page allocates
 * about 1.5 MB that dies with the request, and a young generation of 1 MB promoted much of it. An
 * export keeps little alive: the old generation's 20% limit only made it collect in full every few
 * pages (35 full collections over 100,000 rows; without the limit its CPU fell 6%, peak RSS unchanged).
 */
export function growYoungGenerationAtOnce(): void {
  // (bin/calctl.cjs sets the same flag before compiling anything on a `serve` line, so that serve's code
  // cache is made under it: the two strings must stay equal; test/e2e/compile-cache.test.ts checks it)
  setFlagsFromString('--semi-space-growth-factor=16');
}
