import { fenToYuan } from '@scm/contract';

/** An amount in fen shown as "0,0.00" (seed §9). */
export function Money({ fen, prefix = '' }: { fen: number | null | undefined; prefix?: string }) {
  if (fen === null || fen === undefined) return <span className="muted">-</span>;
  return (
    <span className="money">
      {prefix}
      {fenToYuan(fen, true)}
    </span>
  );
}
