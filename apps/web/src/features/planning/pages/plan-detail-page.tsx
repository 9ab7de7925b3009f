import { DeleteOutlined, ImportOutlined } from '@ant-design/icons';
import {
  type PlanDetail,
  planActionAllowed,
  planLineInput,
  planQuantitySchema,
  yuanToFen,
} from '@scm/contract';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Row,
  Space,
  Spin,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DictTag } from '@/shared/dict/dict-tag';
import { useDict } from '@/shared/dict/use-dict';
import { zodRule } from '@/shared/form/field-errors';
import { useJump } from '@/shared/navigation/use-jump';
import { usePermission } from '@/shared/permission/can';
import { Money } from '@/shared/ui/money';
import { PageNotice } from '@/shared/ui/page-notice';
import { ReasonedButton } from '@/shared/ui/reasoned-button';
import { usePlanInfo } from '@/features/planning/api/plan';
import { CommoditySelect } from '@/features/planning/components/commodity-select';
import { PlanHeaderActions } from '@/features/planning/components/plan-header-actions';
import { PlanHeaderFields } from '@/features/planning/components/plan-header-fields';
import { PlanProgress } from '@/features/planning/components/plan-progress';
import { PlanSummary } from '@/features/planning/components/plan-summary';
import { PlanTimeline } from '@/features/planning/components/plan-timeline';
import { type PlanFormValues, usePlanForm } from '@/features/planning/components/use-plan-form';

// The import dialog brings the upload area: loaded when the user imports lines.
const LineImportModal = lazy(() => import('@/features/planning/components/line-import-modal'));

/** The tab shows the menu label of the page; the header starts with the same words. */
const PAGE_LABEL = '计划任务详情';

export default function PlanDetailPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const info = usePlanInfo(id);
  // `import=1`: a new plan was just saved by 保存并导入明细, so the import opens at once.
  const [importing, setImporting] = useState(params.get('import') === '1');
  const closeImport = () => {
    setImporting(false);
    if (params.has('import')) setParams({ id: String(id) }, { replace: true });
  };
  if (id && info.isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;
  if (id && info.isError) return <PageNotice title="计划任务不存在或无权查看" />;
  return (
    <>
      <PlanEditor key={id ?? 'new'} plan={id ? info.data : undefined} onImport={() => setImporting(true)} />
      {info.data && importing && (
        <Suspense fallback={null}>
          <LineImportModal plan={info.data} onClose={closeImport} />
        </Suspense>
      )}
    </>
  );
}

function PlanEditor({ plan, onImport }: { plan: PlanDetail | undefined; onImport: () => void }) {
  const jump = useJump();
  const { form, initial, lines, dirty, markDirty, save, addLine, saving, creating } = usePlanForm(plan);
  const units = useDict('unit');
  const canCreate = usePermission('planningTaskList:create');
  const canEdit = usePermission('planningTaskList:edit');
  const canOpenTasks = usePermission('procurementTaskMaintain');
  const editable = plan ? canEdit && planActionAllowed('edit', plan.status) : canCreate;

  const totals = lines.reduce(
    (acc, line) => ({
      quantity: acc.quantity + (line?.quantity ?? 0),
      amountFen: acc.amountFen + (line?.quantity ?? 0) * (yuanToFen(line?.budgetUnitPrice ?? 0) ?? 0),
    }),
    { quantity: 0, amountFen: 0 },
  );
  const inPlan = useMemo(() => new Set(lines.map((l) => l?.commodityId)), [lines]);

  const title = plan ? (
    <Space>
      <span>
        {PAGE_LABEL} · {plan.code} {plan.name}
      </span>
      <DictTag code="plan_status" value={plan.status} />
    </Space>
  ) : (
    `${PAGE_LABEL} · 新建计划`
  );

  return (
    <div className="page-stack">
      <Card title={title} extra={<PlanHeaderActions plan={plan} editable={editable} saving={saving} dirty={dirty} onSave={() => save()} />}>
        {plan?.status === 'rejected' && plan.rejectReason && (
          <Alert type="error" showIcon style={{ marginBottom: 16 }} message={`已驳回：${plan.rejectReason}`} description="修改后可重新提交审核。" />
        )}
        {plan?.closeReason && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={`手动关闭：${plan.closeReason}`} />
        )}
        <Form<PlanFormValues>
          form={form}
          layout="vertical"
          initialValues={initial}
          disabled={!editable}
          onValuesChange={markDirty}
        >
          <PlanHeaderFields owner={plan?.owner} />
          {plan && <PlanSummary plan={plan} />}

          <Card
            size="small"
            type="inner"
            title={`计划明细（${lines.length}）`}
            style={{ marginTop: 8 }}
            extra={
              editable && (
                <Space>
                  <CommoditySelect excluded={inPlan} onPick={addLine} />
                  {plan ? (
                    <ReasonedButton icon={<ImportOutlined />} disabledReason={dirty ? '有未保存的修改，请先保存' : null} onClick={onImport}>
                      导入明细
                    </ReasonedButton>
                  ) : (
                    <Tooltip title="先保存为草稿，再打开Excel导入">
                      <Button icon={<ImportOutlined />} loading={creating} onClick={() => save(true)}>
                        保存并导入明细
                      </Button>
                    </Tooltip>
                  )}
                </Space>
              )
            }
          >
            <Form.List name="lines">
              {(fields, { remove }) => (
                <Table
                  size="small"
                  rowKey="key"
                  dataSource={fields}
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无明细，请搜索商品添加或从Excel导入" /> }}
                  summary={() => (
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0} colSpan={3}>
                        <Typography.Text strong>合计</Typography.Text>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={3} align="right">
                        <Typography.Text strong>{totals.quantity}</Typography.Text>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={4} />
                      <Table.Summary.Cell index={5} align="right">
                        <Typography.Text strong>
                          <Money fen={totals.amountFen} />
                        </Typography.Text>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={6} colSpan={5} />
                    </Table.Summary.Row>
                  )}
                  columns={[
                    { title: '序号', key: 'index', width: 56, render: (_: unknown, __: unknown, index: number) => index + 1 },
                    {
                      title: 'SKU编码',
                      key: 'sku',
                      render: (_: unknown, field) => lines[field.name]?.skuCode,
                    },
                    {
                      title: '商品',
                      key: 'commodity',
                      render: (_: unknown, field) => (
                        <span>
                          {lines[field.name]?.commodityName}
                          {lines[field.name]?.spec && <span className="muted"> {lines[field.name]?.spec}</span>}
                        </span>
                      ),
                    },
                    {
                      title: '计划数量',
                      key: 'quantity',
                      align: 'right',
                      render: (_: unknown, field) =>
                        editable ? (
                          <Form.Item name={[field.name, 'quantity']} rules={[zodRule(planQuantitySchema)]} style={{ margin: 0 }}>
                            <InputNumber min={1} precision={0} style={{ width: 110 }} aria-label="计划数量" />
                          </Form.Item>
                        ) : (
                          lines[field.name]?.quantity
                        ),
                    },
                    {
                      title: '预算单价(元)',
                      key: 'price',
                      align: 'right',
                      render: (_: unknown, field) =>
                        editable ? (
                          <Form.Item name={[field.name, 'budgetUnitPrice']} rules={[{ required: true, message: '请输入预算单价' }]} style={{ margin: 0 }}>
                            <InputNumber min={0} precision={2} style={{ width: 120 }} aria-label="预算单价" />
                          </Form.Item>
                        ) : (
                          <Money fen={yuanToFen(lines[field.name]?.budgetUnitPrice ?? 0)} />
                        ),
                    },
                    {
                      title: '预算金额(元)',
                      key: 'amount',
                      align: 'right',
                      render: (_: unknown, field) => {
                        const line = lines[field.name];
                        return <Money fen={(line?.quantity ?? 0) * (yuanToFen(line?.budgetUnitPrice ?? 0) ?? 0)} />;
                      },
                    },
                    { title: '单位', key: 'unit', render: (_: unknown, field) => units.label(lines[field.name]?.unit) },
                    {
                      title: '需求日期',
                      key: 'requiredBy',
                      render: (_: unknown, field) =>
                        editable ? (
                          <Form.Item name={[field.name, 'requiredBy']} style={{ margin: 0 }}>
                            <DatePicker style={{ width: 130 }} />
                          </Form.Item>
                        ) : (
                          (lines[field.name]?.requiredBy?.format('YYYY-MM-DD') ?? '-')
                        ),
                    },
                    {
                      title: '备注',
                      key: 'remark',
                      render: (_: unknown, field) =>
                        editable ? (
                          <Form.Item name={[field.name, 'remark']} rules={[zodRule(planLineInput.shape.remark)]} style={{ margin: 0 }}>
                            <Input style={{ width: 160 }} maxLength={200} />
                          </Form.Item>
                        ) : (
                          (lines[field.name]?.remark ?? '')
                        ),
                    },
                    {
                      title: '定标进度',
                      key: 'progress',
                      render: (_: unknown, field) => {
                        const line = lines[field.name];
                        const planned = line?.quantity ?? 0;
                        const awarded = line?.awardedQuantity ?? 0;
                        return (
                          <PlanProgress percent={planned > 0 ? Math.floor((awarded * 100) / planned) : 0} awarded={awarded} planned={planned} />
                        );
                      },
                    },
                    ...(editable
                      ? [
                          {
                            title: '操作',
                            key: 'actions',
                            render: (_: unknown, field: { name: number }) => (
                              <Button
                                type="link"
                                size="small"
                                danger
                                icon={<DeleteOutlined />}
                                onClick={() => {
                                  remove(field.name);
                                  markDirty();
                                }}
                              >
                                删除
                              </Button>
                            ),
                          },
                        ]
                      : []),
                  ]}
                />
              )}
            </Form.List>
          </Card>
        </Form>
      </Card>

      {plan && (
        <Row gutter={16}>
          <Col xs={24} xl={14}>
            <Card size="small" title={`关联采购任务（${plan.procurementTasks.length}）`}>
              <Table
                size="small"
                rowKey="id"
                dataSource={plan.procurementTasks}
                pagination={false}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="审核通过后可生成采购任务" /> }}
                columns={[
                  {
                    title: '采购任务编号',
                    dataIndex: 'code',
                    render: (code: string, task) =>
                      canOpenTasks ? (
                      <Button
                        type="link"
                        size="small"
                        style={{ padding: 0 }}
                        onClick={() => jump(`/procurementManagement/procurementTaskMaintain?id=${task.id}`)}
                      >
                        {code}
                      </Button>
                      ) : (
                        code
                      ),
                  },
                  { title: '名称', dataIndex: 'name' },
                  { title: '明细数', dataIndex: 'lineCount', align: 'right' },
                  { title: '状态', dataIndex: 'status', render: (v: string) => <DictTag code="procurement_status" value={v} /> },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card size="small" title="状态记录">
              <PlanTimeline entries={plan.timeline} />
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
