/** The import's one-line summary: a slow site's rate keeps a decimal, a fast one is rounded. */
import { describe, expect, it } from 'vitest';
import { summaryText } from '../../src/import/progress.js';

const summary = (rows: number, seconds: number) =>
  summaryText({ created: rows, updated: 0, unchanged: 0, rejected: 0, blank: 0, rows, seconds }, false);

describe('summaryText', () => {
  it('shows a rate under 10 rows/s with one decimal', () => {
    expect(summary(3, 6.3)).toContain('3 rows in 6.3 s (0.5 rows/s)');
    expect(summary(1, 1)).toContain('1 row in 1.0 s (1 rows/s)');
  });
  it('rounds a rate of 10 rows/s and more', () => {
    expect(summary(1000, 0.7)).toContain('(1429 rows/s)');
  });
});
