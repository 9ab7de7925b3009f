import { Tooltip } from 'antd';
import './plan-progress.css';

/**
 * Progress as a bar: received ÷ planned once a line has purchase orders, else awarded ÷ planned
 * (docs/planning.md, "Progress"). Going past the plan is shown in the tooltip and in orange, a full
 * plan in green. The browser's own <progress> (a progressbar to assistive technology) keeps list and
 * detail pages free of antd's Progress, which weighs 6 KB gzip for a bar.
 */
export function PlanProgress({
  percent,
  awarded,
  received,
  planned,
  width = 110,
}: {
  percent: number;
  awarded: number;
  received?: number;
  planned: number;
  /** Bar and figure together, in px. */
  width?: number;
}) {
  const done = received ?? awarded;
  const over = done > planned;
  const state = over ? ' plan-progress-over' : percent >= 100 ? ' plan-progress-done' : '';
  const arrived = received === undefined ? '' : ` · 已到货 ${received}`;
  return (
    <Tooltip title={`已定标 ${awarded}${arrived} / 计划 ${planned}${over ? `（超出 ${done - planned}）` : ''}`}>
      <span className={`plan-progress${state}`} style={{ width }}>
        <progress aria-label="进度" max={100} value={Math.min(percent, 100)} />
        <span className="plan-progress-text">{percent}%</span>
      </span>
    </Tooltip>
  );
}
