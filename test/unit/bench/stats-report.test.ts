import { describe, expect, it } from 'vitest';
import { percentile, ratio, summarize } from '../../../bench/lib/stats';
import { renderTable, type BenchResults, type Figure, type Section } from '../../../bench/lib/report';
import { mergeRuns } from '../../../bench/lib/runs';

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
      runs: 1,
      errors: ['x: broke'],
      pageRestarts: [{ scenario: 'scroll', run: 1, why: 'the page crashed' }],
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
    expect(table).toContain('- after scroll, run 1: the page crashed');
  });
});

describe('bench runs', () => {
  const figure = (app: number | null, baseline: number, holds: boolean | null): Figure => ({
    id: 'f',
    label: 'Worst frame',
    unit: 'ms',
    app,
    baseline,
    baselineLabel: 'idle page',
    ratio: app === null ? null : app / baseline,
    target: { text: 'under 50 ms', holds },
  });
  const section = (f: Figure, detail: number): Section => ({
    id: 's',
    title: 'Scroll',
    method: 'by rAF',
    details: { detail },
    figures: [f],
  });

  it('reports the median of the runs with their spread, and the target by majority', () => {
    const [merged] = mergeRuns(
      [
        [section(figure(40, 20, true), 1)],
        [section(figure(70, 10, false), 2)],
        [section(figure(45, 30, true), 3)],
      ],
      [1.5, 2, 8.25],
    );
    const f = merged?.figures[0];
    expect(f?.app).toBe(45);
    expect(f?.baseline).toBe(20);
    // The median of the per-run ratios (2, 7, 1.5), not 45 / 20.
    expect(f?.ratio).toBe(2);
    expect(f?.runs?.appSpread).toEqual({ min: 40, max: 70 });
    expect(f?.runs?.app).toEqual([40, 70, 45]);
    expect(f?.target).toMatchObject({ holds: true, held: 2, decided: 3 });
    expect(merged?.runCount).toBe(3);
    expect(merged?.load).toEqual([1.5, 2, 8.25]);
    expect(merged?.details).toEqual({ perRun: [{ detail: 1 }, { detail: 2 }, { detail: 3 }] });

    const table = renderTable({
      mode: 'full',
      startedAt: '',
      finishedAt: '',
      machine: {
        cpus: 2,
        loadAverageAtStart: [],
        loadAverageAtEnd: [],
        node: '',
        chromium: '',
        commit: '',
        rendererBuiltAt: '',
      },
      counts: {},
      runs: 3,
      errors: [],
      pageRestarts: [],
      sections: merged ? [merged] : [],
    });
    expect(table).toContain('## Scroll (median of 3 runs (min–max), load 1.5 / 2.0 / 8.3)');
    expect(table).toContain(
      '| Worst frame | 45.0 ms (40.0–70.0) | 20.0 ms (10.0–30.0) (idle page) | ×2.00 | OK   under 50 ms [2/3 runs] |',
    );
  });

  it('leaves out a failed run and does not decide a target no run decided', () => {
    const [merged] = mergeRuns(
      [[section(figure(null, 20, null), 1)], [], [section(figure(null, 30, null), 3)]],
      [1, 2, 3],
    );
    expect(merged?.runCount).toBe(2);
    expect(merged?.load).toEqual([1, 3]);
    expect(merged?.figures[0]?.app).toBeNull();
    expect(merged?.figures[0]?.target?.holds).toBeNull();
    expect(merged?.figures[0]?.runs?.appSpread).toBeNull();
  });

  it('a single run misses its target by its own verdict', () => {
    const [merged] = mergeRuns([[section(figure(60, 20, false), 1)]]);
    expect(merged?.figures[0]?.target).toMatchObject({ holds: false, held: 0, decided: 1 });
    expect(merged?.figures[0]?.app).toBe(60);
  });
});
