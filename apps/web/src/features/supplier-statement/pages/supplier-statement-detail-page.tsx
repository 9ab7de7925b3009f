import { PrinterOutlined } from '@ant-design/icons';
import {
  DICT,
  EXCEPTION_KIND_LABELS,
  EXCEPTION_STATUS_COLORS,
  EXCEPTION_STATUS_LABELS,
  formatDateTime,
  INVOICE_STATUS_LABELS,
  INVOICE_TYPE_LABELS,
  MATCH_RESULT_LABELS,
  MOVEMENT_KIND_LABELS,
  type StatementDetail,
  type StatementException,
  type StatementMovement,
  type SupplierInvoice,
  SUPPLIER_STATEMENT_AUDIT,
  supplierInvoiceApi,
  supplierStatementApi,
  detailPath,
  printPath,
} from '@scm/contract';
import { Alert, Button, Card, Col, Descriptions, Empty, Row, Space, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DictTag } from '@/shared/dict/dict-tag';
import { useJump } from '@/shared/navigation/use-jump';
import { usePermission } from '@/shared/permission/can';
import { Money } from '@/shared/ui/money';
import { PageNotice } from '@/shared/ui/page-notice';
import { ReasonedButton } from '@/shared/ui/reasoned-button';
import {
  useApproveStatement,
  useCancelStatement,
  useMatchStatement,
  useResolveException,
  useReviseStatement,
  useSendStatement,
  useStatementInfo,
  useVoidInvoice,
} from '@/features/supplier-statement/api/supplier-statement';
import { type ReasonAsk, ReasonModal } from '@/features/supplier-statement/components/reason-modal';

const InvoiceFormModal = lazy(() => import('@/features/supplier-statement/components/invoice-form-modal'));
const PayModal = lazy(() => import('@/features/supplier-statement/components/pay-modal'));

export default function SupplierStatementDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const info = useStatementInfo(id);
  if (!id) return <PageNotice title="请从供应商对账列表打开对账单" />;
  if (info.isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;
  if (info.isError || !info.data) return <PageNotice title="对账单不存在或无权查看" />;
  return <StatementView statement={info.data} />;
}

const invoiceLabel = (type: keyof typeof INVOICE_TYPE_LABELS, rate: number) => `${INVOICE_TYPE_LABELS[type]} ${rate}%`;

/** The movements of one order, in the order the statement lists them. */
function byOrder(movements: StatementMovement[]) {
  const orders = new Map<number, { orderId: number; orderCode: string; movements: StatementMovement[]; totalFen: number }>();
  for (const m of movements) {
    const order = orders.get(m.orderId) ?? { orderId: m.orderId, orderCode: m.orderCode, movements: [], totalFen: 0 };
    order.movements.push(m);
    order.totalFen += m.amountFen;
    orders.set(m.orderId, order);
  }
  return [...orders.values()];
}

function StatementView({ statement: s }: { statement: StatementDetail }) {
  const jump = useJump();
  const send = useSendStatement();
  const revise = useReviseStatement();
  const cancel = useCancelStatement();
  const match = useMatchStatement();
  const approve = useApproveStatement();
  const resolve = useResolveException();
  const voidInvoice = useVoidInvoice();
  const [ask, setAsk] = useState<ReasonAsk | null>(null);
  const [invoicing, setInvoicing] = useState(false);
  const [paying, setPaying] = useState(false);
  const can = {
    send: usePermission(supplierStatementApi.send),
    revise: usePermission(supplierStatementApi.revise),
    cancel: usePermission(supplierStatementApi.cancel),
    invoice: usePermission(supplierInvoiceApi.create),
    match: usePermission(supplierStatementApi.match),
    voidInvoice: usePermission(supplierInvoiceApi.void),
    approve: usePermission(supplierStatementApi.approve),
    resolve: usePermission(supplierStatementApi.resolveException),
    pay: usePermission(supplierStatementApi.pay),
    order: usePermission('purchaseOrderDetail'),
  };
  // What the server says the user may do now: the status machine and four-eyes.
  const allowed = new Set(s.allowedActions);
  const body = { id: s.id, version: s.version };
  const openExceptions = s.exceptions.filter((e) => e.status === 'open').length;

  const actions = (
    <Space wrap>
      {can.send && allowed.has('send') && (
        <ReasonedButton type="primary" confirm={{ title: '发送给供应商确认？', onConfirm: () => send.mutate(body) }} loading={send.isPending}>
          发送供应商
        </ReasonedButton>
      )}
      {can.revise && allowed.has('revise') && (
        <ReasonedButton confirm={{ title: '重新汇总期间内的明细并生成新版本？', onConfirm: () => revise.mutate(body) }} loading={revise.isPending}>
          修订
        </ReasonedButton>
      )}
      {can.invoice && allowed.has('invoice') && (
        <Button type="primary" onClick={() => setInvoicing(true)}>
          登记发票
        </Button>
      )}
      {can.match && allowed.has('match') && (
        <Button onClick={() => match.mutate({ id: s.id })} loading={match.isPending}>
          三单匹配
        </Button>
      )}
      {can.approve && s.status === 'invoiced' && (
        <ReasonedButton
          type="primary"
          disabledReason={allowed.has('approve') ? null : '不能审批自己创建的对账单'}
          confirm={{ title: '审批通过该对账单？', onConfirm: () => approve.mutate(body) }}
          loading={approve.isPending}
        >
          审批
        </ReasonedButton>
      )}
      {can.pay && allowed.has('pay') && (
        <Button type="primary" onClick={() => setPaying(true)}>
          登记付款
        </Button>
      )}
      {can.cancel && allowed.has('cancel') && (
        <Button
          danger
          onClick={() =>
            setAsk({
              title: `取消对账单 ${s.code}`,
              label: '取消原因',
              okText: '取消对账单',
              danger: true,
              note: <p>取消后其中的收货、退货和运费可进入新的对账单。</p>,
              onOk: (reason) => cancel.mutateAsync({ ...body, reason }),
            })
          }
        >
          取消
        </Button>
      )}
      <Button icon={<PrinterOutlined />} onClick={() => window.open(printPath('supplierStatement', s.id), '_blank')}>
        打印
      </Button>
    </Space>
  );

  const decide = (e: StatementException, decision: 'accept' | 'reject') =>
    setAsk({
      title: `${decision === 'accept' ? '接受' : '驳回'}异常：${EXCEPTION_KIND_LABELS[e.kind]}`,
      label: '处理原因',
      okText: decision === 'accept' ? '接受' : '驳回',
      danger: decision === 'reject',
      note: <p>{e.detail}</p>,
      onOk: (reason) => resolve.mutateAsync({ ...body, key: e.key, decision, reason }),
    });

  return (
    <div className="page-stack">
      <Card
        title={
          <Space>
            <span>对账单详情 · {s.code}</span>
            <DictTag code={DICT.statementStatus} value={s.status} />
            {s.revision > 1 && <Tag>第{s.revision}版</Tag>}
          </Space>
        }
        extra={actions}
      >
        {s.status === 'disputed' && s.disputeReason && (
          <Alert type="error" showIcon style={{ marginBottom: 16 }} message={`供应商有异议：${s.disputeReason}`} />
        )}
        {s.status === 'cancelled' && s.cancelReason && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={`已取消：${s.cancelReason}`} />
        )}
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="供应商">{s.supplierName}</Descriptions.Item>
          <Descriptions.Item label="统一社会信用代码">{s.supplierCreditCode ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="对账期间">
            {s.periodFrom} ~ {s.periodTo}
          </Descriptions.Item>
          <Descriptions.Item label="货款">
            <Money fen={s.goodsFen} prefix="¥" />
          </Descriptions.Item>
          <Descriptions.Item label="运费">
            <Money fen={s.freightFen} prefix="¥" />
          </Descriptions.Item>
          <Descriptions.Item label="退货">
            <Money fen={s.returnsFen} prefix="¥" />
          </Descriptions.Item>
          <Descriptions.Item label="对账总额">
            <Typography.Text strong>
              <Money fen={s.totalFen} prefix="¥" />
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="实际成本">
            <Money fen={s.realTotalFen} prefix="¥" />
          </Descriptions.Item>
          <Descriptions.Item label="创建">
            {s.createdByName} {formatDateTime(s.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label="供应商确认">{s.confirmedAt ? formatDateTime(s.confirmedAt) : '-'}</Descriptions.Item>
          <Descriptions.Item label="确认摘要 SHA-256" span={2}>
            {s.receiptSha256 ? (
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                {s.receiptSha256}
              </Typography.Text>
            ) : (
              '-'
            )}
          </Descriptions.Item>
          {s.paidOn && (
            <Descriptions.Item label="付款">
              {s.paidOn} <Money fen={s.paidAmountFen} prefix="¥" /> 流水号 {s.paymentRef}
              {s.paymentReason && <span className="muted">（{s.paymentReason}）</span>}
            </Descriptions.Item>
          )}
          {s.remark && <Descriptions.Item label="备注">{s.remark}</Descriptions.Item>}
        </Descriptions>
      </Card>

      <Card size="small" title="按发票类型与税率汇总">
        <Table
          size="small"
          rowKey={(g) => `${g.invoiceType}:${g.taxRatePercent}`}
          pagination={false}
          dataSource={s.groups}
          scroll={{ x: 800 }}
          columns={[
            { title: '发票类型 / 税率', key: 'group', render: (_, g) => invoiceLabel(g.invoiceType, g.taxRatePercent) },
            { title: '含税金额(元)', dataIndex: 'amountInclTaxFen', align: 'right', render: (fen: number) => <Money fen={fen} /> },
            { title: '不含税金额(元)', dataIndex: 'amountExclTaxFen', align: 'right', render: (fen: number) => <Money fen={fen} /> },
            { title: '税额(元)', dataIndex: 'taxFen', align: 'right', render: (fen: number) => <Money fen={fen} /> },
            { title: '实际成本(元)', dataIndex: 'realFen', align: 'right', render: (fen: number) => <Money fen={fen} /> },
            { title: '已开票含税(元)', dataIndex: 'invoicedInclTaxFen', align: 'right', render: (fen: number) => <Money fen={fen} /> },
            { title: '已开票税额(元)', dataIndex: 'invoicedTaxFen', align: 'right', render: (fen: number) => <Money fen={fen} /> },
          ]}
        />
      </Card>

      <Card size="small" title={`对账明细（${s.movements.length}）`}>
        {byOrder(s.movements).map((order) => (
          <div key={order.orderId} style={{ marginBottom: 16 }}>
            <Space style={{ marginBottom: 6 }}>
              <Typography.Text strong>采购订单</Typography.Text>
              {can.order ? (
                <Typography.Link onClick={() => jump(detailPath('purchaseOrderDetail', order.orderId))}>{order.orderCode}</Typography.Link>
              ) : (
                order.orderCode
              )}
              <span className="muted">
                小计 <Money fen={order.totalFen} prefix="¥" />
              </span>
            </Space>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={order.movements}
              scroll={{ x: 820 }}
              columns={[
                { title: '类型', dataIndex: 'kind', width: 70, render: (k: StatementMovement['kind']) => MOVEMENT_KIND_LABELS[k] },
                { title: '日期', dataIndex: 'date', width: 110 },
                { title: 'SKU', dataIndex: 'skuCode', width: 110, render: (v: string | null) => v ?? '-' },
                { title: '商品', dataIndex: 'commodityName', render: (v: string | null, m) => v ?? (m.kind === 'freight' ? '运费' : '-') },
                { title: '数量', dataIndex: 'quantity', align: 'right', width: 80, render: (v: number | null) => v ?? '-' },
                { title: '单价(元)', dataIndex: 'unitPriceFen', align: 'right', width: 100, render: (fen: number | null) => <Money fen={fen} /> },
                { title: '金额(元)', dataIndex: 'amountFen', align: 'right', width: 120, render: (fen: number) => <Money fen={fen} /> },
                { title: '发票', key: 'invoice', width: 140, render: (_, m) => invoiceLabel(m.invoiceType, m.taxRatePercent) },
                {
                  title: '供应商说明',
                  dataIndex: 'disputeNote',
                  width: 160,
                  render: (v: string | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : null),
                },
              ]}
            />
          </div>
        ))}
      </Card>

      <Row gutter={16}>
        <Col xs={24} xl={15}>
          <Card size="small" title={`发票（${s.invoices.length}）`} style={{ marginBottom: 16 }}>
            {s.invoices.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={s.status === 'confirmed' ? '等待供应商上传或财务登记发票' : '暂无发票'} />
            ) : (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={s.invoices}
                scroll={{ x: 860 }}
                columns={[
                  {
                    title: '发票号码',
                    key: 'number',
                    render: (_, i: SupplierInvoice) => (
                      <span>
                        {i.invoiceCode ? `${i.invoiceCode} / ` : ''}
                        {i.invoiceNumber}
                      </span>
                    ),
                  },
                  { title: '类型 / 税率', key: 'type', width: 150, render: (_, i) => invoiceLabel(i.invoiceType, i.taxRatePercent) },
                  { title: '开票日期', dataIndex: 'issueDate', width: 110 },
                  { title: '价税合计(元)', dataIndex: 'amountInclTaxFen', align: 'right', width: 120, render: (fen: number) => <Money fen={fen} /> },
                  { title: '税额(元)', dataIndex: 'taxFen', align: 'right', width: 100, render: (fen: number) => <Money fen={fen} /> },
                  { title: '来源', dataIndex: 'submittedBy', width: 70, render: (v: string) => (v === 'supplier' ? '供应商' : '财务') },
                  {
                    title: '状态',
                    dataIndex: 'status',
                    width: 80,
                    render: (v: SupplierInvoice['status'], i) => (
                      <Tag color={v === 'valid' ? 'success' : 'default'} title={i.voidReason ?? undefined}>
                        {INVOICE_STATUS_LABELS[v]}
                      </Tag>
                    ),
                  },
                  {
                    title: '操作',
                    key: 'actions',
                    width: 70,
                    render: (_, i) =>
                      can.voidInvoice &&
                      allowed.has('void_invoice') &&
                      i.status === 'valid' && (
                        <Button
                          type="link"
                          size="small"
                          danger
                          onClick={() =>
                            setAsk({
                              title: `作废发票 ${i.invoiceNumber}`,
                              label: '作废原因',
                              okText: '作废',
                              danger: true,
                              onOk: (reason) => voidInvoice.mutateAsync({ id: i.id, version: i.version, reason }),
                            })
                          }
                        >
                          作废
                        </Button>
                      ),
                  },
                ]}
              />
            )}
          </Card>
          <Card
            size="small"
            title={
              <Space>
                <span>三单匹配</span>
                {s.matchResult && (
                  <Tag color={s.matchResult === 'matched' ? 'success' : s.matchResult === 'exception' ? 'warning' : 'default'}>
                    {MATCH_RESULT_LABELS[s.matchResult]}
                  </Tag>
                )}
                {openExceptions > 0 && <Tag color="warning">{openExceptions} 项待处理</Tag>}
              </Space>
            }
          >
            {s.exceptions.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={s.matchResult === 'matched' ? '发票与对账单一致' : '暂无异常'} />
            ) : (
              <Table
                size="small"
                rowKey="key"
                pagination={false}
                dataSource={s.exceptions}
                scroll={{ x: 820 }}
                columns={[
                  { title: '异常', dataIndex: 'kind', width: 150, render: (k: StatementException['kind']) => EXCEPTION_KIND_LABELS[k] },
                  { title: '说明', dataIndex: 'detail' },
                  {
                    title: '实际成本影响(元)',
                    dataIndex: 'realCostImpactFen',
                    align: 'right',
                    width: 130,
                    render: (fen: number, e) => (e.kind === 'type_mismatch' ? <Money fen={fen} /> : <span className="muted">-</span>),
                  },
                  {
                    title: '状态',
                    dataIndex: 'status',
                    width: 90,
                    render: (v: StatementException['status'], e) => (
                      <Tag color={EXCEPTION_STATUS_COLORS[v]} title={e.reason ?? undefined}>
                        {EXCEPTION_STATUS_LABELS[v]}
                      </Tag>
                    ),
                  },
                  {
                    title: '操作',
                    key: 'actions',
                    width: 120,
                    render: (_, e) =>
                      can.resolve &&
                      e.status === 'open' &&
                      (allowed.has('resolve_exception') ? (
                        <Space size={0}>
                          <Button type="link" size="small" onClick={() => decide(e, 'accept')}>
                            接受
                          </Button>
                          <Button type="link" size="small" danger onClick={() => decide(e, 'reject')}>
                            驳回
                          </Button>
                        </Space>
                      ) : (
                        <span className="muted">须他人处理</span>
                      )),
                  },
                ]}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          <Card size="small" title="处理记录">
            {s.history.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <Timeline
                items={s.history.map((h, index) => ({
                  key: index,
                  content: (
                    <div>
                      <Typography.Text strong>{SUPPLIER_STATEMENT_AUDIT.actions[h.action] ?? h.action}</Typography.Text>
                      <span className="muted">
                        {' '}
                        {h.byName ?? '-'} {formatDateTime(h.at)}
                      </span>
                      {h.summary && (
                        <div className="muted" style={{ wordBreak: 'break-all' }}>
                          {h.summary}
                        </div>
                      )}
                    </div>
                  ),
                }))}
              />
            )}
          </Card>
        </Col>
      </Row>

      {invoicing && (
        <Suspense fallback={null}>
          <InvoiceFormModal statement={s} open onClose={() => setInvoicing(false)} />
        </Suspense>
      )}
      {paying && (
        <Suspense fallback={null}>
          <PayModal statement={s} open onClose={() => setPaying(false)} />
        </Suspense>
      )}
      <ReasonModal ask={ask} onClose={() => setAsk(null)} />
    </div>
  );
}
