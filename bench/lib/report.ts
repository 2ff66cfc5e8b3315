import type { HotFunction } from './profile';

/** Results: one row per figure, each with its baseline from the same run and how it was measured. */

export interface Target {
  text: string;
  /** null when the run could not decide (e.g. a figure is missing). */
  holds: boolean | null;
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
}

export interface Section {
  id: string;
  title: string;
  /** How it was measured, printed under the table. */
  method: string;
  figures: Figure[];
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
  };
  counts: Record<string, number>;
  sections: Section[];
  errors: string[];
  /** With --profile: where the web host process spent its CPU time. */
  hostProfile?: HotFunction[];
}

function fmt(value: number | null, unit?: string): string {
  if (value === null || !Number.isFinite(value)) return '–';
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return `${value.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

export function renderTable(results: BenchResults): string {
  const lines: string[] = [];
  const header = ['Figure', 'App', 'Baseline', 'Ratio', 'Target'];
  for (const section of results.sections) {
    lines.push('', `## ${section.title}`);
    const rows = section.figures.map((f) => [
      f.label,
      fmt(f.app, f.unit),
      `${fmt(f.baseline, f.unit)}${f.baseline === null && f.baselineLabel === '' ? '' : ` (${f.baselineLabel})`}`,
      f.ratio === null ? '–' : `×${fmt(f.ratio)}`,
      f.target ? `${f.target.holds === null ? '?' : f.target.holds ? 'OK  ' : 'MISS'} ${f.target.text}` : '',
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => pad(c, widths[i] ?? 0)).join(' | ')} |`;
    lines.push(line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line));
    lines.push(`How: ${section.method}`);
  }
  if (results.errors.length) lines.push('', 'Errors:', ...results.errors.map((e) => `- ${e}`));
  return lines.join('\n');
}
