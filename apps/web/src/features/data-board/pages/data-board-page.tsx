import { type BoardFilter, fenToYuan } from '@scm/contract';
import { Button, Col, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { useUrlState } from '@/shared/table/use-url-state';
import {
  useBoardSummary,
  useCategoryAmount,
  useMonthlyAward,
  usePlanFunnel,
  useSavingsTrend,
  useSupplierResponse,
  useTopSuppliers,
} from '@/features/data-board/api/board';
import { useCategoryOptions } from '@/shared/category/category-options';
import { BoardFilters } from '@/features/data-board/components/board-filters';
import { ChartCard } from '@/features/data-board/components/chart-card';
import { defaultBoardRange } from '@/features/data-board/components/default-range';
import {
  categoryPieOption,
  monthlyAwardOption,
  percent,
  planFunnelOption,
  responseRateOption,
  savingsTrendOption,
  topSuppliersOption,
} from '@/features/data-board/components/chart-options';
import { KpiCard } from '@/features/data-board/components/kpi-card';
import { OpenOrdersCard } from '@/features/data-board/components/open-orders-card';
import './data-board.css';

const money = (fen: number | null) => (fen === null ? '—' : `¥${fenToYuan(fen, true)}`);
const count = (n: number | null) => (n === null ? '—' : String(n));

export default function DataBoardPage() {
  const [state, update, reset] = useUrlState({ ...defaultBoardRange(), categoryId: 0, parentId: 0 });
  const filter: BoardFilter = useMemo(
    () => ({ dateFrom: state.dateFrom, dateTo: state.dateTo, ...(state.categoryId ? { categoryId: state.categoryId } : {}) }),
    [state.dateFrom, state.dateTo, state.categoryId],
  );

  const categories = useCategoryOptions();
  const summary = useBoardSummary(filter);
  const monthly = useMonthlyAward(filter);
  const byCategory = useCategoryAmount({ ...filter, ...(state.parentId ? { parentId: state.parentId } : {}) });
  const suppliers = useTopSuppliers(filter);
  const funnel = usePlanFunnel(filter);
  const response = useSupplierResponse(filter);
  const trend = useSavingsTrend(filter);

  const cur = summary.data?.current;
  const prev = summary.data?.previous;
  const kpiLoading = summary.isPending;
  const categoryItems = byCategory.data?.items ?? [];
  const parent = byCategory.data?.parent;

  const options = useMemo(
    () => ({
      monthly: monthly.data ? monthlyAwardOption(monthly.data) : null,
      category: byCategory.data ? categoryPieOption(byCategory.data.items) : null,
      suppliers: suppliers.data ? topSuppliersOption(suppliers.data) : null,
      funnel: funnel.data ? planFunnelOption(funnel.data) : null,
      response: response.data ? responseRateOption(response.data) : null,
      trend: trend.data ? savingsTrendOption(trend.data) : null,
    }),
    [monthly.data, byCategory.data, suppliers.data, funnel.data, response.data, trend.data],
  );

  return (
    <div className="page-stack data-board">
      <BoardFilters
        values={{ dateFrom: state.dateFrom, dateTo: state.dateTo, categoryId: state.categoryId }}
        categories={categories.data ?? []}
        onSearch={(values) => update({ ...values, parentId: 0 })}
        onReset={reset}
      />
      <Row gutter={[16, 16]}>
        {[
          { title: '定标货值', kind: 'money' as const, pick: (k: typeof cur) => k?.awardedAmountFen ?? null, format: money },
          { title: '可抵扣进项税', kind: 'money' as const, pick: (k: typeof cur) => k?.deductibleVatFen ?? null, format: money },
          { title: '完成任务数', kind: 'count' as const, pick: (k: typeof cur) => k?.tasksCompleted ?? null, format: count },
          {
            title: '较平均报价节约率',
            kind: 'rate' as const,
            pick: (k: typeof cur) => k?.savingsVsAverage ?? null,
            format: percent,
            negativeNote: '为负：定标价高于平均报价',
          },
          {
            title: '较预算节约率',
            kind: 'rate' as const,
            pick: (k: typeof cur) => k?.savingsVsBudget ?? null,
            format: percent,
            negativeNote: '为负：定标超出预算',
          },
          { title: '报价响应率', kind: 'rate' as const, pick: (k: typeof cur) => k?.responseRate ?? null, format: percent },
          { title: '运费占到货成本', kind: 'rate' as const, pick: (k: typeof cur) => k?.freightShare ?? null, format: percent, lowerIsBetter: true },
        ].map((kpi) => (
          <Col key={kpi.title} xs={24} sm={12} lg={6} xl={{ flex: '1 1 0' }}>
            <KpiCard
              title={kpi.title}
              kind={kpi.kind}
              current={kpi.pick(cur)}
              previous={kpi.pick(prev)}
              loading={kpiLoading}
              format={kpi.format}
              lowerIsBetter={kpi.lowerIsBetter}
              negativeNote={'negativeNote' in kpi ? kpi.negativeNote : undefined}
            />
          </Col>
        ))}
      </Row>
      {summary.data && (
        <Typography.Text type="secondary" className="board-compare-note">
          对比上期：{summary.data.previousFrom} 至 {summary.data.previousTo}（与所选期间天数相同）
        </Typography.Text>
      )}
      {summary.data && (
        <OpenOrdersCard
          open={summary.data.openOrderCount}
          overdue={summary.data.overdueOrderCount}
          orders={summary.data.openOrders}
          payableFen={summary.data.openPayableFen}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <ChartCard title="月度定标货值" loading={monthly.isPending} empty={!monthly.data?.some((m) => m.amountFen > 0)} option={options.monthly} />
        </Col>
        <Col xs={24} xl={10}>
          <ChartCard
            title="分类定标货值"
            loading={byCategory.isPending}
            empty={categoryItems.length === 0}
            option={options.category}
            onItemClick={(index) => {
              const item = categoryItems[index];
              if (item?.hasChildren) update({ parentId: item.categoryId });
            }}
            extra={
              parent && parent.id !== state.categoryId ? (
                <span className="board-drill">
                  {parent.name}
                  <Button
                    type="link"
                    size="small"
                    onClick={() => update({ parentId: parent.parentId === state.categoryId ? 0 : (parent.parentId ?? 0) })}
                  >
                    返回上级
                  </Button>
                </span>
              ) : null
            }
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard title="供应商定标货值 TOP10" loading={suppliers.isPending} empty={!suppliers.data?.length} option={options.suppliers} />
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard title="计划状态漏斗" loading={funnel.isPending} empty={!funnel.data?.[0]?.count} option={options.funnel} />
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard title="供应商报价响应率" loading={response.isPending} empty={!response.data?.length} option={options.response} />
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard
            title="节约率趋势"
            loading={trend.isPending}
            empty={!trend.data?.some((m) => m.savingsVsAverage !== null || m.savingsVsBudget !== null)}
            option={options.trend}
          />
        </Col>
      </Row>
    </div>
  );
}
