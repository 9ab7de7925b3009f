import { fenToYuan, PLAN_STATUS_LABELS, type PlanTimelineEntry, formatDateTimeSeconds } from '@scm/contract';
import { Timeline, Typography } from 'antd';

const COLORS: Record<string, string> = {
  approve: 'green',
  award: 'cyan',
  complete: 'green',
  close: 'green',
  reject: 'red',
  cancel: 'gray',
  generate: 'blue',
  submit: 'blue',
};

/** The plan's history from the audit log: who did what, when, and why. */
export function PlanTimeline({ entries }: { entries: PlanTimelineEntry[] }) {
  if (entries.length === 0) return <Typography.Text type="secondary">暂无记录</Typography.Text>;
  return (
    <Timeline
      className="plan-timeline"
      items={entries.map((entry) => ({
        key: entry.id,
        color: COLORS[entry.action] ?? 'gray',
        content: (
          <div>
            <div>
              <Typography.Text strong>{entry.label}</Typography.Text>
              {entry.fromStatus && entry.toStatus && entry.fromStatus !== entry.toStatus && (
                <Typography.Text type="secondary">
                  {'　'}
                  {PLAN_STATUS_LABELS[entry.fromStatus]} → {PLAN_STATUS_LABELS[entry.toStatus]}
                </Typography.Text>
              )}
            </div>
            <Typography.Text type="secondary">
              {entry.userName ?? '系统'} · {formatDateTimeSeconds(entry.at)}
            </Typography.Text>
            {entry.award && (
              <div className="plan-timeline-reason">
                采购任务 {entry.award.taskCode}：定标数量 {entry.award.quantity}，定标货值 ¥{fenToYuan(entry.award.goodsFen, true)}
              </div>
            )}
            {entry.reason && (
              <div className="plan-timeline-reason">
                {entry.action === 'generate' ? '说明' : entry.action === 'approve' ? '审核意见' : '原因'}：{entry.reason}
              </div>
            )}
          </div>
        ),
      }))}
    />
  );
}
