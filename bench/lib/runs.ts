import type { Figure, Section } from './report';
import { median } from './stats';

/**
 * Several runs of a scenario folded into one section: each figure's app value, baseline and ratio
 * are the medians of the runs (the ratio's median is taken over the per-run ratios, so each ratio
 * pairs an app value with the baseline measured beside it), with the runs' spread (min–max). A
 * target holds when it held in a majority of the runs that could decide it (for a single
 * threshold on the app value, that is the verdict on the median).
 */

export interface Spread {
  min: number;
  max: number;
}

export interface RunStats {
  /** Each run's value, in run order (null where a run had none). */
  app: (number | null)[];
  baseline: (number | null)[];
  appSpread: Spread | null;
  baselineSpread: Spread | null;
}

function finite(values: (number | null)[]): number[] {
  return values.filter((v): v is number => v !== null && Number.isFinite(v));
}

export function spreadOf(values: (number | null)[]): Spread | null {
  const xs = finite(values);
  return xs.length ? { min: Math.min(...xs), max: Math.max(...xs) } : null;
}

function mergeFigure(runs: Figure[]): Figure {
  const first = runs[0] as Figure;
  const app = runs.map((f) => f.app);
  const baseline = runs.map((f) => f.baseline);
  const figure: Figure = {
    ...first,
    app: median(finite(app)),
    baseline: median(finite(baseline)),
    ratio: median(finite(runs.map((f) => f.ratio))),
    runs: { app, baseline, appSpread: spreadOf(app), baselineSpread: spreadOf(baseline) },
  };
  if (first.target) {
    const decided = runs.filter((f) => f.target && f.target.holds !== null);
    const held = decided.filter((f) => f.target?.holds === true).length;
    figure.target = {
      text: first.target.text,
      holds: decided.length === 0 ? null : held * 2 > decided.length,
      held,
      decided: decided.length,
    };
  }
  return figure;
}

/**
 * Folds the sections of several runs (`perRun[i]` = what run i produced; a run that failed has
 * none) into one section per id, in the order of their first appearance. Figures are matched by
 * id; each run's details are kept under `perRun`, and the machine's 1-minute load average when
 * each run started under `load`.
 */
export function mergeRuns(perRun: Section[][], loads: number[] = []): Section[] {
  const ids: string[] = [];
  for (const sections of perRun) for (const s of sections) if (!ids.includes(s.id)) ids.push(s.id);
  return ids.map((id) => {
    const runs = perRun.map((sections) => sections.find((s) => s.id === id));
    const present = runs.filter((s): s is Section => s !== undefined);
    const last = present[present.length - 1] as Section;
    const figureIds: string[] = [];
    for (const s of present) for (const f of s.figures) if (!figureIds.includes(f.id)) figureIds.push(f.id);
    return {
      id,
      title: last.title,
      method: last.method,
      figures: figureIds.map((fid) =>
        mergeFigure(present.map((s) => s.figures.find((f) => f.id === fid)).filter((f) => f !== undefined)),
      ),
      runCount: present.length,
      load: runs.map((s, i) => (s ? (loads[i] ?? null) : null)).filter((l) => l !== null),
      details: { perRun: present.map((s) => s.details) },
    };
  });
}
