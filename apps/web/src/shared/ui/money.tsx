import { fenToYuan } from '@scm/contract';

/** An amount in fen shown as "0,0.00" (docs/rules/money-and-formats.md, "Display"). */
export function Money({ fen, prefix = '' }: { fen: number | null | undefined; prefix?: string }) {
  if (fen === null || fen === undefined) return <span className="muted">-</span>;
  return (
    <span className="money">
      {prefix}
      {fenToYuan(fen, true)}
    </span>
  );
}

const countFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** An integer count or quantity with thousands separators: 59780 → "59,780". */
export const formatCount = (n: number) => countFormatter.format(n);

/** A quantity with its unit, "59,780 g" or "1,200 箱"; '-' when unknown. */
export function Quantity({ value, unit }: { value: number | null | undefined; unit?: string | null }) {
  if (value === null || value === undefined) return <span className="muted">-</span>;
  return (
    <span className="money">
      {formatCount(value)}
      {unit ? ` ${unit}` : ''}
    </span>
  );
}

/** The unit of a stored freight quantity by charge mode: pieces, grams, cubic centimetres. */
export const STORED_UNITS: Record<string, string> = { piece: '件', weight: 'g', volume: 'cm³' };
