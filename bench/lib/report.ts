import type { HotFunction } from './profile';
import type { RunStats, Spread } from './runs';

/** Results: one row per figure, each with its baseline from the same run and how it was measured. */

export interface Target {
  text: string;
  /** null when the run could not decide (e.g. a figure is missing). */
  holds: boolean | null;
  /** With several runs: in how many of the runs that could decide it the target held. */
  held?: number;
  decided?: number;
}

export interface Figure {
  /** Stable id, e.g. "message.steady.p99". */
  id: string;
  label: string;
  unit: 'ms' | 'msg/s' | 'MB' | 'elements' | 'nodes' | 'count';
  app: number | null;
  baseline: number | null;
  baselineLabel: string;
  /** app / baseline. */
  ratio: number | null;
  target?: Target;
  /** With several runs: each run's values and their spread (app, baseline, ratio are medians). */
  runs?: RunStats;
}

export interface Section {
  id: string;
  title: string;
  /** How it was measured, printed under the table. */
  method: string;
  figures: Figure[];
  /** Runs the figures are the medians of, and the 1-minute load average when each started. */
  runCount?: number;
  load?: number[];
  /** Raw extras (counts, clock alignment, errors) kept in results.json. */
  details: Record<string, unknown>;
}

export interface BenchResults {
  mode: 'quick' | 'full';
  startedAt: string;
  finishedAt: string;
  machine: {
    cpus: number;
    loadAverageAtStart: number[];
    loadAverageAtEnd: number[];
    node: string;
    chromium: string;
    commit: string;
    rendererBuiltAt: string;
    /** `--background-load`: the spinning processes and the load average when the scenarios began. */
    backgroundLoad?: { processes: number; loadWhenReady: number } | null;
  };
  counts: Record<string, number>;
  /** Runs of each scenario (`--runs`); every figure is the median of them. */
  runs: number;
  sections: Section[];
  errors: string[];
  /** Runs after which the app's page was replaced (it crashed, or the run failed). */
  pageRestarts: { scenario: string; run: number; why: string }[];
  /** With --profile: where the web host process spent its CPU time. */
  hostProfile?: HotFunction[];
}

function fmt(value: number | null, unit?: string): string {
  if (value === null || !Number.isFinite(value)) return '–';
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return `${value.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
}

function withSpread(value: number | null, spread: Spread | null | undefined, unit: string): string {
  const text = fmt(value, unit);
  if (!spread || value === null || spread.min === spread.max) return text;
  return `${text} (${fmt(spread.min)}–${fmt(spread.max)})`;
}

function verdict(target: Target): string {
  const mark = target.holds === null ? '?' : target.holds ? 'OK  ' : 'MISS';
  const runs = target.decided && target.decided > 1 ? ` [${target.held}/${target.decided} runs]` : '';
  return `${mark} ${target.text}${runs}`;
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

export function renderTable(results: BenchResults): string {
  const lines: string[] = [];
  const header = ['Figure', 'App', 'Baseline', 'Ratio', 'Target'];
  for (const section of results.sections) {
    const runs = section.runCount ?? 1;
    const load = section.load?.length ? `, load ${section.load.map((l) => l.toFixed(1)).join(' / ')}` : '';
    lines.push(
      '',
      `## ${section.title} (${runs === 1 ? '1 run' : `median of ${runs} runs (min–max)`}${load})`,
    );
    const rows = section.figures.map((f) => [
      f.label,
      withSpread(f.app, f.runs?.appSpread, f.unit),
      `${withSpread(f.baseline, f.runs?.baselineSpread, f.unit)}${f.baseline === null && f.baselineLabel === '' ? '' : ` (${f.baselineLabel})`}`,
      f.ratio === null ? '–' : `×${fmt(f.ratio)}`,
      f.target ? verdict(f.target) : '',
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => pad(c, widths[i] ?? 0)).join(' | ')} |`;
    lines.push(line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line));
    lines.push(`How: ${section.method}`);
  }
  if (results.pageRestarts.length)
    lines.push(
      '',
      'Fresh pages:',
      ...results.pageRestarts.map((r) => `- after ${r.scenario}, run ${r.run}: ${r.why}`),
    );
  if (results.errors.length) lines.push('', 'Errors:', ...results.errors.map((e) => `- ${e}`));
  return lines.join('\n');
}
