import { describe, expect, it } from 'vitest';
import { percentile, ratio, summarize } from '../../../bench/lib/stats';
import { renderTable, type BenchResults } from '../../../bench/lib/report';

describe('bench statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNull();
  });

  it('summarizes unsorted samples and ignores non-finite ones', () => {
    const s = summarize([30, 10, NaN, 20]);
    expect(s).toMatchObject({ count: 3, p50: 20, p99: 30, max: 30, mean: 20 });
  });

  it('gives no ratio without both sides', () => {
    expect(ratio(10, 4)).toBe(2.5);
    expect(ratio(null, 4)).toBeNull();
    expect(ratio(3, 0)).toBeNull();
  });
});

describe('bench table', () => {
  it('prints each figure with its baseline, ratio, target verdict and method', () => {
    const results: BenchResults = {
      mode: 'quick',
      startedAt: '',
      finishedAt: '',
      machine: {
        cpus: 2,
        loadAverageAtStart: [1, 1, 1],
        loadAverageAtEnd: [1, 1, 1],
        node: 'v20',
        chromium: '1',
        commit: 'abc',
        rendererBuiltAt: '',
      },
      counts: {},
      errors: ['x: broke'],
      sections: [
        {
          id: 's',
          title: 'Scroll',
          method: 'by rAF',
          details: {},
          figures: [
            {
              id: 'a',
              label: 'Worst frame',
              unit: 'ms',
              app: 60,
              baseline: 20,
              baselineLabel: 'idle page',
              ratio: 3,
              target: { text: 'no frame over 50 ms', holds: false },
            },
          ],
        },
      ],
    };
    const table = renderTable(results);
    expect(table).toContain(
      '| Worst frame | 60.0 ms | 20.0 ms (idle page) | ×3.00 | MISS no frame over 50 ms |',
    );
    expect(table).toContain('How: by rAF');
    expect(table).toContain('- x: broke');
  });
});
