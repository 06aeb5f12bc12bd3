import { setFlagsFromString } from 'node:v8';

/**
 * An import streams for minutes and allocates a parsed answer per row, almost all of it short-lived.
 * V8's default heuristics let the heap grow far past what is live before a full collection (about
 * 180 MB of RSS for 30,000 imported rows with 30 MB live); `--optimize-for-size` collects sooner and
 * keeps it near 100 MB, at a few percent of speed, which the site's answers bound anyway. The flag is
 * read by the collector as it runs, so it applies from here on. (Not for export: with its young
 * generation shrunk to a sliver, the pages an export has on their way outlive it and the collector
 * copies them again and again, a third more work per exported row.)
 */
export function preferSmallHeap(): void {
  setFlagsFromString('--optimize-for-size');
}
