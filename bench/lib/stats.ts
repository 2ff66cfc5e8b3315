/** Order statistics for latency and frame-time samples. */

export interface Summary {
  count: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
  mean: number | null;
}

/** Nearest-rank percentile (the smallest sample with at least p% of samples at or below it). */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? null;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  const mean = sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : null;
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? (sorted[sorted.length - 1] ?? null) : null,
    mean,
  };
}

/** app / baseline, or null when either side is missing or the baseline is zero. */
export function ratio(app: number | null | undefined, baseline: number | null | undefined): number | null {
  if (app === null || app === undefined || baseline === null || baseline === undefined) return null;
  if (!Number.isFinite(app) || !Number.isFinite(baseline) || baseline === 0) return null;
  return app / baseline;
}

export function median(samples: readonly number[]): number | null {
  return percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );
}
