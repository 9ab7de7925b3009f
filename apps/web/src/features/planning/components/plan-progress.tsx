import { Tooltip } from 'antd';
import './plan-progress.css';

/**
 * Awarded ÷ planned as a bar; over-award (above 100 %) is shown in the tooltip and in orange, a full award in green. The
 * browser's own <progress> (a progressbar to assistive technology) keeps list and detail pages
 * free of antd's Progress, which weighs 6 KB gzip for a bar.
 */
export function PlanProgress({ percent, awarded, planned }: { percent: number; awarded: number; planned: number }) {
  const over = awarded > planned;
  const state = over ? ' plan-progress-over' : percent >= 100 ? ' plan-progress-done' : '';
  return (
    <Tooltip title={`已定标 ${awarded} / 计划 ${planned}${over ? `（超额 ${awarded - planned}）` : ''}`}>
      <span className={`plan-progress${state}`}>
        <progress aria-label="定标进度" max={100} value={Math.min(percent, 100)} />
        <span className="plan-progress-text">{percent}%</span>
      </span>
    </Tooltip>
  );
}
