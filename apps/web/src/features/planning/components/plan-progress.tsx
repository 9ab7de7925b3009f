import { Progress, Tooltip } from 'antd';

/** Awarded ÷ planned as a bar; over-award (above 100 %) is shown in the tooltip and in orange. */
export function PlanProgress({ percent, awarded, planned }: { percent: number; awarded: number; planned: number }) {
  const over = awarded > planned;
  return (
    <Tooltip title={`已定标 ${awarded} / 计划 ${planned}${over ? `（超额 ${awarded - planned}）` : ''}`}>
      <Progress
        aria-label="定标进度"
        percent={Math.min(percent, 100)}
        size="small"
        style={{ width: 110, margin: 0 }}
        strokeColor={over ? '#fa8c16' : undefined}
        format={() => `${percent}%`}
      />
    </Tooltip>
  );
}
