import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Card, Skeleton, Typography } from 'antd';

export type KpiKind = 'money' | 'count' | 'rate';

interface KpiCardProps {
  title: string;
  kind: KpiKind;
  current: number | null;
  previous: number | null;
  loading: boolean;
  /** For costs (freight share) a rise is bad: the arrow turns red. */
  lowerIsBetter?: boolean;
  format: (value: number | null) => string;
  /** Said under a negative value, so a saving below zero reads as what it is (e.g. paid above budget). */
  negativeNote?: string;
}

/**
 * The change against the previous period: relative for amounts and counts, in percentage points
 * for rates (a savings rate going from 5% to 6% is +1.00 个百分点, not +20%).
 */
function change(kind: KpiKind, current: number | null, previous: number | null): { text: string; up: boolean } | null {
  if (current === null || previous === null) return null;
  if (kind === 'rate') {
    const points = (current - previous) * 100;
    return { text: `${Math.abs(points).toFixed(2)} 个百分点`, up: points >= 0 };
  }
  if (previous === 0) return null;
  const ratio = (current - previous) / previous;
  return { text: `${Math.abs(ratio * 100).toFixed(2)}%`, up: ratio >= 0 };
}

export function KpiCard({ title, kind, current, previous, loading, lowerIsBetter, format, negativeNote }: KpiCardProps) {
  const delta = change(kind, current, previous);
  const good = delta ? delta.up !== Boolean(lowerIsBetter) : true;
  return (
    <Card size="small" className="kpi-card" data-kpi={title}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      {loading ? (
        <Skeleton active paragraph={false} title={{ width: '60%' }} />
      ) : (
        <>
          <div className="kpi-value">{format(current)}</div>
          {negativeNote && current !== null && current < 0 && (
            <Typography.Text type="danger" className="kpi-note">
              {negativeNote}
            </Typography.Text>
          )}
          <div className="kpi-change">
            较上期{' '}
            {delta ? (
              <span style={{ color: good ? '#389e0d' : '#cf1322' }}>
                {delta.up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {delta.text}
              </span>
            ) : (
              <span className="muted">—</span>
            )}
          </div>
        </>
      )}
    </Card>
  );
}
