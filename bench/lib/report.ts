// Figures, targets and the small text tables the benchmarks print. Nothing here asserts: a missed target is
// printed with a cross and recorded in the results, and the run still succeeds.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface Target {
  op: '>=' | '<=';
  value: number;
}

export interface Figure {
  /** What was measured, e.g. 'product detail (80 products)'. */
  subject: string;
  /** The measure, e.g. 'req/s' or 'LCP ratio'. */
  metric: string;
  value: number;
  unit: string;
  target?: Target;
  met?: boolean;
}

export interface Table {
  title: string;
  header: string[];
  rows: string[][];
}

export interface BenchResult {
  bench: string;
  startedAt: string;
  options: Record<string, unknown>;
  figures: Figure[];
  tables: Table[];
  notes: string[];
}

export function figure(
  subject: string,
  metric: string,
  value: number,
  unit: string,
  target?: Target,
): Figure {
  const met = target ? (target.op === '>=' ? value >= target.value : value <= target.value) : undefined;
  return { subject, metric, value, unit, ...(target ? { target, met } : {}) };
}

export const mark = (f: Figure | undefined) => (f?.met === undefined ? ' ' : f.met ? '✓' : '✗');

export const targetText = (t: Target | undefined, unit = '') =>
  t ? `${t.op === '>=' ? '≥' : '≤'} ${t.value}${unit ? ` ${unit}` : ''}` : '';

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function formatNumber(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A plain text table: first column left-aligned, the others right-aligned. */
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)]
    .map((l) => `  ${l.trimEnd()}`)
    .join('\n');
}

/** A Markdown table of the same rows (for bench/results/latest.md and the README). */
export function markdownTable(header: string[], rows: string[][]): string {
  const esc = (c: string) => c.replace(/\|/g, '\\|');
  return [
    `| ${header.map(esc).join(' | ')} |`,
    `| ${header.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
  };
}

/** `--out file`: the figures as JSON, for `npm run bench` to collect. */
export async function writeResult(file: string | undefined, result: BenchResult) {
  if (!file) return;
  await fs.mkdir(path.dirname(path.resolve(file)), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
}

/** The 1-minute load average now, as a note: benchmarks on a shared machine need it to be read at all. */
export function loadNote(when: string): string {
  const cpus = os.cpus().length;
  return `Machine load (1-minute average) ${when}: ${os.loadavg()[0]!.toFixed(1)} on ${cpus} CPUs.`;
}
