import { PrinterOutlined, ReloadOutlined, TrophyOutlined } from '@ant-design/icons';
import {
  DICT,
  type ProcurementStatus,
  type ProcurementTaskDetail,
  procurementActionAllowed,
  procurementTaskApi,
  quotationApi,
  formatDateTime,
  sealedNow,
  pagePath,
  printPath,
  earlyOpeningLine,
} from '@scm/contract';
import { Alert, Button, Card, Descriptions, Empty, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DictTag } from '@/shared/dict/dict-tag';
import { Can, usePermission } from '@/shared/permission/can';
import { ExportButton } from '@/shared/ui/export-button';
import { Money } from '@/shared/ui/money';
import { NoAccess } from '@/shared/ui/no-access';
import { PageNotice } from '@/shared/ui/page-notice';
import { ReasonedButton } from '@/shared/ui/reasoned-button';
import { useCloseQuote, useMaintainView } from '@/features/procurement/api/task';
import { AwardApproval } from '@/features/procurement/components/award-approval';
import { AwardDrawer } from '@/features/procurement/components/award-drawer';
import { ComparisonMatrix } from '@/features/procurement/components/comparison-matrix';
import { ClarificationThread } from '@/features/procurement/components/clarification-thread';
import { DeadlineCountdown } from '@/features/procurement/components/deadline-countdown';
import { TaskOrders } from '@/features/procurement/components/task-orders';
import { QuoteRevisions } from '@/features/procurement/components/quote-revisions';
import { SealedQuoteCard } from '@/features/procurement/components/sealed-quote-card';
import { SealedTag } from '@/features/procurement/components/sealed-tag';
import { UnsealButton } from '@/features/procurement/components/unseal-button';

/** Why 定标 is not available in each status but 待定标. */
const AWARD_BLOCKED: Partial<Record<ProcurementStatus, string>> = {
  draft: '任务尚未发布：报价截止或关闭报价后才能定标',
  quoting: '报价截止或关闭报价后才能定标',
  award_pending: '定标待审批',
  awarded: '任务已定标',
  completed: '任务已完成',
  cancelled: '任务已取消，不能定标',
};

/** Why a supplier's quote cannot be entered now, or null when it can (the server refuses the same). */
function quoteLocked(task: ProcurementTaskDetail, supplierStatus: string, canQuote: boolean): string | null {
  if (!canQuote) return '没有录入报价的权限';
  if (!task.allowedActions.includes('quote')) {
    return procurementActionAllowed('publish', task.status) ? '任务尚未发布，发布后才能录入报价' : '报价已截止或已关闭，不能再录入报价';
  }
  if (supplierStatus === 'blacklisted') return '该供应商已列入黑名单，不能录入报价';
  if (supplierStatus !== 'enabled') return '该供应商已停用，不能录入报价';
  return null;
}

// The editor brings the date and number inputs: loaded once the page shows a supplier's tab.
const QuoteEditor = lazy(() => import('@/features/procurement/components/quote-editor'));

export default function ProcurementTaskMaintainPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const query = useMaintainView(id);
  const canQuote = usePermission(quotationApi.save);
  const canViewPlan = usePermission('planningTaskDetail');
  const navigate = useNavigate();
  const closeQuote = useCloseQuote();
  const [awardOpen, setAwardOpen] = useState(false);

  if (!id) return <PageNotice title="请从采购任务列表打开报价维护" />;
  if (query.isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;
  const view = query.data;
  if (!view) return <NoAccess detail="该采购任务不存在，或不在您的数据范围内（仅本人：只能查看自己采购或创建的任务）。" />;
  const { task } = view;
  // The buttons follow what the server says the user may do now (status machine and sealing).
  const allowed = new Set(task.allowedActions);
  const quoting = task.status === 'quoting';
  // Sealed until the deadline job or 提前开标 opens it: no answer carries a price meanwhile.
  const sealed = sealedNow(task);
  const names = new Map(view.suppliers.map((s) => [s.supplierId, s.name]));

  return (
    <div className="page-stack">
      <Card
        size="small"
        title={
          <Space>
            <span>
              {task.code} {task.name}
            </span>
            <DictTag code={DICT.procurementStatus} value={task.status} />
            <SealedTag task={task} />
          </Space>
        }
        extra={
          <Space>
            <Button icon={<ReloadOutlined />} onClick={() => query.refetch()}>
              刷新
            </Button>
            <ExportButton endpoint={procurementTaskApi.exportCompare} filter={{ id }} fileName={`比价定标_${task.code}`} label="导出比价 Excel" />
            {!sealed && (
              <Button icon={<PrinterOutlined />} onClick={() => window.open(printPath('comparison', task.id), '_blank')}>
                打印比价审批单
              </Button>
            )}
            {allowed.has('unseal') && <UnsealButton task={task} />}
            {allowed.has('close_quote') && (
              <Can call={procurementTaskApi.closeQuote}>
                <ReasonedButton
                  loading={closeQuote.isPending}
                  confirm={{
                    title: '提前关闭报价？',
                    description: '关闭后供应商不能再录入报价，任务进入待定标。',
                    onConfirm: () => closeQuote.mutate({ id: task.id, version: task.version }),
                  }}
                >
                  关闭报价
                </ReasonedButton>
              </Can>
            )}
            <Can call={procurementTaskApi.award}>
              <ReasonedButton
                type="primary"
                icon={<TrophyOutlined />}
                disabledReason={allowed.has('award') ? null : AWARD_BLOCKED[task.status]}
                onClick={() => setAwardOpen(true)}
              >
                定标
              </ReasonedButton>
            </Can>
          </Space>
        }
      >
        <Descriptions size="small" column={4}>
          <Descriptions.Item label="报价截止">
            <DeadlineCountdown deadline={task.quoteDeadline} active={quoting} />
          </Descriptions.Item>
          <Descriptions.Item label="交货地区">{task.deliveryRegionName}</Descriptions.Item>
          <Descriptions.Item label="需求日期">{task.requiredBy ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="采购员">{task.buyerName}</Descriptions.Item>
          <Descriptions.Item label="来源计划">
            {task.planCode && task.planId && canViewPlan ? (
              // Opened beside this page: the quotes being entered stay in their tab.
              <Typography.Link onClick={() => navigate(pagePath('planningTaskDetail', { id: task.planId }))}>{task.planCode}</Typography.Link>
            ) : (
              (task.planCode ?? '-')
            )}
          </Descriptions.Item>
          <Descriptions.Item label="邀请 / 已报价">
            {task.invitedCount} / {task.quotedCount}
          </Descriptions.Item>
          <Descriptions.Item label="商品行">{task.lineCount}</Descriptions.Item>
          <Descriptions.Item label="定标货值">
            <Money fen={task.awardedGoodsFen} />
          </Descriptions.Item>
          <Descriptions.Item label="运费">
            <Money fen={task.awardedFreightFen} />
          </Descriptions.Item>
          <Descriptions.Item label="到货成本">
            <Money fen={task.awardedAmountFen} />
          </Descriptions.Item>
          <Descriptions.Item label="备注">{task.remark ?? '-'}</Descriptions.Item>
        </Descriptions>
        {earlyOpeningLine(task) && (
          <Alert type="info" showIcon style={{ marginBottom: 8 }} message={earlyOpeningLine(task)} data-testid="early-opening" />
        )}
        {allowed.has('award') && <Alert type="warning" showIcon message="报价已截止，请核对比价结果后定标" />}
        {task.status === 'award_pending' && <AwardApproval view={view} />}
      </Card>

      <Card size="small" title="供应商报价">
        {view.suppliers.length === 0 ? (
          <Empty description="尚未邀请供应商" />
        ) : (
          <Tabs
            items={view.suppliers.map((s) => ({
              key: String(s.supplierId),
              label: (
                <Space size={4}>
                  {s.name}
                  <DictTag code={DICT.quoteStatus} value={s.invitationStatus} />
                </Space>
              ),
              // While sealed: a read-only card per supplier, 代录 a separate action; afterwards the quote form.
              children: sealed ? (
                <SealedQuoteCard task={task} supplier={s} taxpayer={view.taxpayer} lockedReason={quoteLocked(task, s.supplierStatus, canQuote)} />
              ) : (
                <Suspense fallback={<Spin />}>
                  <QuoteEditor task={task} supplier={s} taxpayer={view.taxpayer} lockedReason={quoteLocked(task, s.supplierStatus, canQuote)} />
                </Suspense>
              ),
            }))}
          />
        )}
      </Card>

      {task.sealed && (
        <Card size="small" title={sealed ? '报价情况（密封中）' : '报价版本与回执'}>
          {sealed && (
            <Alert type="info" showIcon style={{ marginBottom: 12 }} message="密封报价：截止或提前开标前只显示谁在何时提交了第几版，不显示任何金额" />
          )}
          <QuoteRevisions view={view} />
        </Card>
      )}

      {!sealed && (
        <Card
          size="small"
          title="比价矩阵"
          extra={
            <span className="matrix-legend">
              <span className="matrix-best">最低实际成本 / 最低实际到货成本</span>
              <span className="matrix-fast">最早交期</span>
              <Tag color="warning">不满足起订量</Tag>
              <Tag color="error">未报价</Tag>
            </span>
          }
        >
          <ComparisonMatrix view={view} />
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            未报全部商品行的报价不参与“最低实际到货成本”的比较（缺行的报价合计会显得偏低）；单行的最低价与最早交期仍按已报的行比较。
          </Typography.Paragraph>
        </Card>
      )}

      <Card size="small" title="答疑">
        <ClarificationThread taskId={task.id} />
      </Card>

      {view.award && (
        <Card
          size="small"
          title={`定标结果（${formatDateTime(view.award.awardedAt)} · ${view.award.awardedBy ?? ''}${
            task.status === 'award_pending'
              ? ' · 待审批'
              : view.award.approvedBy
                ? ` · 审批 ${view.award.approvedBy} ${formatDateTime(view.award.approvedAt ?? '')}`
                : ''
          }）`}
        >
          <Table
            size="small"
            rowKey="taskLineId"
            pagination={false}
            dataSource={view.award.lines}
            columns={[
              {
                title: '商品',
                key: 'commodity',
                render: (_, l) => {
                  const line = task.lines.find((x) => x.id === l.taskLineId);
                  return `${line?.skuCode} ${line?.commodityName}`;
                },
              },
              { title: '中标供应商', key: 'supplier', render: (_, l) => names.get(l.supplierId) },
              { title: '需求数量', dataIndex: 'quantity', align: 'right' },
              {
                title: '采购数量',
                dataIndex: 'boughtQuantity',
                align: 'right',
                render: (bought: number, l) => (bought > l.quantity ? <span className="matrix-warn">{bought}（起订量）</span> : bought),
              },
              { title: '单价', dataIndex: 'unitPriceFen', align: 'right', render: (f: number) => <Money fen={f} /> },
              { title: '定标货值', dataIndex: 'amountFen', align: 'right', render: (f: number) => <Money fen={f} /> },
              { title: '分摊运费', dataIndex: 'freightShareFen', align: 'right', render: (f: number) => <Money fen={f} /> },
              { title: '可抵扣进项税', dataIndex: 'deductibleVatFen', align: 'right', render: (f: number) => <Money fen={f} /> },
              { title: '定标理由', dataIndex: 'reason', render: (r: string | null) => r ?? '-' },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={9}>
                  <strong>
                    定标货值 ¥<Money fen={view.award?.goodsFen} /> · 运费 ¥<Money fen={view.award?.freightFen} /> · 到货成本 ¥
                    <Money fen={view.award?.totalFen} /> · 可抵扣进项税 ¥<Money fen={view.award?.deductibleVatFen} /> · 实际到货成本 ¥
                    <Money fen={view.award?.realTotalFen} />
                  </strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
          <Space wrap style={{ marginTop: 12 }}>
            {view.suppliers.map((s) => (
              <span key={s.supplierId}>
                {s.name}：
                {s.quote && !s.quote.sealed ? (
                  <DictTag code={DICT.quotationStatus} value={s.quote.status} />
                ) : (
                  <DictTag code={DICT.quoteStatus} value={s.invitationStatus} />
                )}
              </span>
            ))}
          </Space>
        </Card>
      )}
      {view.award && <TaskOrders taskId={task.id} />}
      <AwardDrawer view={view} open={awardOpen} onClose={() => setAwardOpen(false)} />
    </div>
  );
}
