import { formatDateTime } from '@scm/contract';
import type { PlanDetail } from '@scm/contract';
import { Descriptions, Typography } from 'antd';
import { Money } from '@/shared/ui/money';
import { PlanProgress } from './plan-progress';

/** Who made and last changed a saved plan, and its figures so far. */
export function PlanSummary({ plan }: { plan: PlanDetail }) {
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }}>
      <Descriptions.Item label="创建人">{plan.createdBy?.username ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="创建时间">{formatDateTime(plan.createdAt)}</Descriptions.Item>
      <Descriptions.Item label="更新人">{plan.updatedBy?.username ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="更新时间">{formatDateTime(plan.updatedAt)}</Descriptions.Item>
      <Descriptions.Item label="明细数">{plan.lineCount}</Descriptions.Item>
      <Descriptions.Item label="预算总额(元)">
        <Money fen={plan.budgetTotalFen} />
      </Descriptions.Item>
      <Descriptions.Item label="定标货值 / 预算">
        <AwardedAgainstBudget awardedFen={plan.awardedGoodsFen} budgetFen={plan.budgetTotalFen} />
      </Descriptions.Item>
      <Descriptions.Item label="进度" span={2}>
        <PlanProgress percent={plan.progress} awarded={plan.awardedQuantity} planned={plan.plannedQuantity} />
      </Descriptions.Item>
    </Descriptions>
  );
}

/** 定标货值 so far against the plan's budget, with the share spent. */
function AwardedAgainstBudget({ awardedFen, budgetFen }: { awardedFen: number; budgetFen: number }) {
  const share = budgetFen > 0 ? Math.round((awardedFen * 1000) / budgetFen) / 10 : null;
  return (
    <span className="plan-awarded-budget">
      ¥<Money fen={awardedFen} /> / ¥<Money fen={budgetFen} />
      {share != null && (
        <Typography.Text type={share > 100 ? 'warning' : 'secondary'}>
          {'　'}
          {share}%
        </Typography.Text>
      )}
    </span>
  );
}
