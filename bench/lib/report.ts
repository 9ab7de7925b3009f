export interface Row {
  section: string;
  name: string;
  /** The figure as printed. */
  value: string;
  /** The bar from docs/rules/quality-bars.md as printed, or '' when the figure is for information only. */
  bar: string;
  /** true ✓, false ✗, null: no bar (or not measurable in this run). */
  ok: boolean | null;
  /** Raw numbers for latest.json. */
  data?: Record<string, unknown>;
}

/** Median, least and most of some timings. */
export function spread(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const median = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return { median, min: s[0], max: s[s.length - 1] };
}

export const fmt = {
  int: (n: number) => Math.round(n).toLocaleString('en-US'),
  ms: (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`,
  mb: (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`,
  kb: (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`,
  ratio: (n: number) => `${n.toFixed(2)}×`,
  pct: (share: number) => `${(share * 100).toFixed(1)} %`,
  /** "median [min–max]" of timings in ms. */
  spread: (s: { median: number; min: number; max: number }) => `${fmt.ms(s.median)} [${fmt.ms(s.min)}–${fmt.ms(s.max)}]`,
};

const width = (s: string) => [...s].reduce((w, c) => w + (/[\u1100-\uffff]/.test(c) && !/[✓✗×—–·…]/.test(c) ? 2 : 1), 0);
const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - width(s)));

/** The table: each figure beside its bar with ✓ or ✗, grouped by section. */
export function printTable(rows: Row[]): string {
  const columns = [
    Math.max(...rows.map((r) => width(r.name)), 4),
    Math.max(...rows.map((r) => width(r.value)), 5),
    Math.max(...rows.map((r) => width(r.bar)), 3),
  ];
  const lines: string[] = [];
  let section = '';
  for (const row of rows) {
    if (row.section !== section) {
      section = row.section;
      lines.push('', `## ${section}`);
    }
    const mark = row.ok === null ? ' ' : row.ok ? '✓' : '✗';
    lines.push(`  ${mark} ${pad(row.name, columns[0])}  ${pad(row.value, columns[1])}  ${row.bar}`);
  }
  const failed = rows.filter((r) => r.ok === false);
  lines.push('', failed.length === 0 ? '全部达标 (all bars met)' : `${failed.length} 项未达标 (✗): ${failed.map((r) => r.name).join('; ')}`);
  return lines.join('\n');
}

/** The value below which `p` % of `xs` lie (nearest rank); 0 for no values. */
export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
}
