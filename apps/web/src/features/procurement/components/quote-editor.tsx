import { todayValue } from '@/shared/form/day-value';
import { CalculatorOutlined } from '@ant-design/icons';
import {
  DEFAULT_INVOICE_TYPE,
  DEFAULT_TAX_RATE,
  DICT,
  fenToYuan,
  INVOICE_TYPE_LABELS,
  INVOICE_TYPES,
  type InvoiceType,
  type MaintainView,
  type QuoteEstimate,
  TAX_RATES,
  TAXPAYER_TYPE_LABELS,
  type TaxpayerType,
  formatDateTime,
} from '@scm/contract';
import {
  Alert,
  Button,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { DictTag } from '@/shared/dict/dict-tag';
import { useDict } from '@/shared/dict/use-dict';
import { applyFieldErrors, validForm } from '@/shared/form/field-errors';
import { useUnsavedChanges } from '@/shared/form/unsaved-changes';
import { Money, Quantity, STORED_UNITS } from '@/shared/ui/money';
import { useDeclineQuote, useEstimateQuoteFreight, useSaveQuote } from '@/features/procurement/api/quotation';
import { type QuoteFormValues, quoteCostPreview, toQuoteFormValues, toQuoteLines, toSaveQuoteRequest } from './quote-form-values';

type Task = MaintainView['task'];
type InvitedSupplier = MaintainView['suppliers'][number];

/** One invited supplier's quotation: header, freight (typed or estimated with its working), lines, completeness. */
/** `lockedReason`: why this quote cannot be entered now (shown above the read-only form), or null. */
export default function QuoteEditor({
  task,
  supplier,
  taxpayer,
  lockedReason,
  onSaved,
}: {
  task: Task;
  supplier: InvitedSupplier;
  /** The company's taxpayer type as the server's comparison uses it, so the preview agrees with the matrix. */
  taxpayer: TaxpayerType;
  lockedReason: string | null;
  /** Called after a save or a decline went through (the 代录 dialog closes). */
  onSaved?: () => void;
}) {
  const editable = lockedReason == null;
  const [form] = Form.useForm<QuoteFormValues>();
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty, { discard: () => setDirty(false) });
  const save = useSaveQuote({ onError: (error) => applyFieldErrors(form, error) });
  const decline = useDeclineQuote();
  const estimateCall = useEstimateQuoteFreight();
  const [estimate, setEstimate] = useState<QuoteEstimate | null>(null);
  // While sealed the buyer sees who submitted which revision, never its content: a 代录 starts from an empty form.
  const quote = supplier.quote && !supplier.quote.sealed ? supplier.quote : null;
  const sealedQuote = supplier.quote?.sealed ? supplier.quote : null;
  // The supplier's own portal bid is its own: the server refuses a 代录 or 放弃报价 over it.
  const ownBid = supplier.quote != null && !supplier.quote.enteredByBuyer;

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toQuoteFormValues(task.lines, { priceTemplateId: supplier.priceTemplateId }, quote, todayValue()));
    setEstimate(null);
    setDirty(false);
  }, [form, quote, supplier.priceTemplateId, task.lines]);

  const lines = Form.useWatch('lines', form) ?? [];
  const freightMode = Form.useWatch('freightMode', form);
  const invoiceType: InvoiceType = Form.useWatch('invoiceType', form) ?? DEFAULT_INVOICE_TYPE;
  const taxRatePercent: number = Form.useWatch('taxRatePercent', form) ?? DEFAULT_TAX_RATE;
  const freightYuan = Form.useWatch('freightYuan', form);
  const invoiceDict = useDict(DICT.invoiceType);
  const preview = quoteCostPreview({
    taskLines: task.lines,
    lines,
    invoiceType,
    taxRatePercent,
    taxpayer,
    freightMode,
    freightYuan,
    estimatedFreightFen: estimate?.freightFen,
    savedFreightFen: quote?.freightFen,
  });
  const { missing } = preview;

  const runEstimate = () =>
    estimateCall.mutate(
      {
        taskId: task.id,
        supplierId: supplier.supplierId,
        lines: toQuoteLines(task.lines, form.getFieldValue('lines') ?? []).map(({ taskLineId, unitPriceFen }) => ({ taskLineId, unitPriceFen })),
      },
      { onSuccess: setEstimate },
    );

  const submit = async () => {
    const values = await validForm(form);
    if (!values) return;
    save.mutate(toSaveQuoteRequest({ taskId: task.id, supplierId: supplier.supplierId, version: quote?.version ?? null }, task.lines, values), {
      onSuccess: () => {
        setDirty(false);
        onSaved?.();
      },
    });
  };

  return (
    <div className="quote-editor">
      <Space wrap style={{ marginBottom: 12 }}>
        <span>报价状态：</span>
        <DictTag code={DICT.quoteStatus} value={supplier.invitationStatus} />
        {quote && (
          <>
            <span>报价单：</span>
            <Typography.Text code>{quote.code}</Typography.Text>
            <DictTag code={DICT.quotationStatus} value={quote.status} />
            <span className="muted">第 {quote.revision} 版</span>
            {quote.enteredByBuyer && <Tag>代录</Tag>}
          </>
        )}
        {supplier.supplierStatus !== 'enabled' && <DictTag code={DICT.supplierStatus} value={supplier.supplierStatus} />}
        <span className="muted">配送模板：{supplier.priceTemplateName ?? '未设置'}</span>
      </Space>
      {supplier.invitationStatus === 'declined' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={`供应商已放弃报价${supplier.declineReason ? `：${supplier.declineReason}` : ''}`}
        />
      )}
      {sealedQuote && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={`密封中：已收到第 ${sealedQuote.revision} 版报价（${formatDateTime(sealedQuote.submittedAt)}${sealedQuote.enteredByBuyer ? '，代录' : ''}），开标前不显示价格`}
          description={editable && !ownBid ? '在下方代录将保存为新一版并取代已提交的报价。' : undefined}
        />
      )}
      {ownBid && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="供应商已在门户自行报价"
          description="当前报价是供应商本人提交的，不能代录或代为放弃；供应商可在截止前自行修改。"
        />
      )}
      {lockedReason && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={`报价只读：${lockedReason}`} />}
      <Form form={form} layout="vertical" disabled={!editable} onValuesChange={() => setDirty(true)}>
        <Row gutter={16}>
          <Col span={4}>
            <Form.Item name="quoteDate" label="报价日期" rules={[{ required: true, message: '请选择报价日期' }]}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="validUntil" label="有效期至" rules={[{ required: true, message: '请选择有效期' }]}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="invoiceType" label="发票类型" rules={[{ required: true, message: '请选择发票类型' }]}>
              <Select
                aria-label="发票类型"
                options={INVOICE_TYPES.map((value) => ({ value, label: invoiceDict.label(value) || INVOICE_TYPE_LABELS[value] }))}
                onChange={(value: InvoiceType) => {
                  if (value === 'none') form.setFieldValue('taxRatePercent', 0);
                  else if (form.getFieldValue('taxRatePercent') === 0) form.setFieldValue('taxRatePercent', DEFAULT_TAX_RATE);
                }}
              />
            </Form.Item>
          </Col>
          <Col span={3}>
            <Form.Item name="taxRatePercent" label="税率" rules={[{ required: true, message: '请选择税率' }]}>
              <Select
                aria-label="税率"
                disabled={!editable || invoiceType === 'none'}
                options={TAX_RATES.map((rate) => ({ value: rate, label: `${rate}%` }))}
              />
            </Form.Item>
          </Col>
          <Col span={9}>
            <Form.Item label="运费" required>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="freightMode" noStyle>
                  <Radio.Group
                    optionType="button"
                    // Both choices on one line beside the amount, also in the narrower column at 1280 px.
                    style={{ flex: 'none', whiteSpace: 'nowrap' }}
                    options={[
                      { value: 'manual', label: '手工填写' },
                      { value: 'estimated', label: '按模板估算' },
                    ]}
                  />
                </Form.Item>
                {freightMode === 'manual' ? (
                  <Form.Item name="freightYuan" noStyle>
                    <InputNumber min={0} precision={2} addonAfter="元" style={{ width: 140 }} aria-label="运费" />
                  </Form.Item>
                ) : (
                  <Button icon={<CalculatorOutlined />} onClick={runEstimate} loading={estimateCall.isPending} disabled={!editable}>
                    估算运费
                  </Button>
                )}
              </Space.Compact>
            </Form.Item>
          </Col>
        </Row>
        {freightMode === 'estimated' && (estimate || quote?.freightFormula) && (
          <Alert
            style={{ marginBottom: 12 }}
            type={estimate?.error ? 'error' : 'success'}
            showIcon
            message={
              estimate ? (
                estimate.error ? (
                  estimate.error
                ) : (
                  <span>
                    估算运费 <Money fen={estimate.freightFen} prefix="¥" />（{estimate.templateName}，送至 {estimate.destinationName}）
                  </span>
                )
              ) : (
                <span>
                  已保存运费 <Money fen={quote?.freightFen} prefix="¥" />
                </span>
              )
            }
            description={
              estimate && !estimate.error ? (
                <Descriptions size="small" column={1}>
                  <Descriptions.Item label="计费量">
                    <Quantity value={estimate.q} unit={STORED_UNITS[estimate.chargeMode ?? '']} />
                  </Descriptions.Item>
                  <Descriptions.Item label="计算过程">{estimate.formula}</Descriptions.Item>
                  {estimate.freeNote && <Descriptions.Item label="包邮">{estimate.freeNote}</Descriptions.Item>}
                </Descriptions>
              ) : (
                quote?.freightFormula
              )
            }
          />
        )}
        <Form.List name="lines">
          {(fields) => (
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={fields}
              scroll={{ x: 'max-content' }}
              columns={[
                {
                  title: '商品',
                  key: 'commodity',
                  render: (_, __, i) => (
                    <span>
                      {task.lines[i].skuCode} {task.lines[i].commodityName}
                    </span>
                  ),
                },
                { title: '需求数量', key: 'quantity', align: 'right', render: (_, __, i) => `${task.lines[i].quantity}` },
                { title: '目标单价', key: 'target', align: 'right', render: (_, __, i) => <Money fen={task.lines[i].targetPriceFen} /> },
                {
                  title: '单价(元)',
                  key: 'price',
                  width: 150,
                  render: (_, field, i) => (
                    <Space size={4}>
                      <Form.Item name={[field.name, 'unitPriceYuan']} style={{ margin: 0 }}>
                        <InputNumber min={0} precision={2} placeholder="未报价" style={{ width: 110 }} aria-label={`单价-${task.lines[i].skuCode}`} />
                      </Form.Item>
                      {lines[i]?.unitPriceYuan == null && <Tag color="error">未报价</Tag>}
                    </Space>
                  ),
                },
                {
                  title: '起订量',
                  key: 'moq',
                  width: 110,
                  render: (_, field, i) => (
                    <Form.Item name={[field.name, 'moq']} style={{ margin: 0 }}>
                      <InputNumber min={1} precision={0} style={{ width: 100 }} aria-label={`起订量-${task.lines[i].skuCode}`} />
                    </Form.Item>
                  ),
                },
                {
                  title: '交期(天)',
                  key: 'lead',
                  width: 110,
                  render: (_, field, i) => (
                    <Form.Item name={[field.name, 'leadTimeDays']} style={{ margin: 0 }}>
                      <InputNumber min={0} precision={0} style={{ width: 100 }} aria-label={`交期-${task.lines[i].skuCode}`} />
                    </Form.Item>
                  ),
                },
                {
                  title: '备注',
                  key: 'remark',
                  render: (_, field, i) => (
                    <Form.Item name={[field.name, 'remark']} style={{ margin: 0 }}>
                      <Input maxLength={200} style={{ width: 160 }} aria-label={`备注-${task.lines[i].skuCode}`} />
                    </Form.Item>
                  ),
                },
              ]}
            />
          )}
        </Form.List>
        <Typography.Paragraph className="quote-real-cost" style={{ marginTop: 8, marginBottom: 0 }}>
          含税合计（货值 + 运费）
          <Money fen={preview.inclusiveFen} prefix="¥" />
          ，实际成本 <Money fen={preview.realFen} prefix="¥" />
          <span className="muted">
            （{TAXPAYER_TYPE_LABELS[taxpayer]}，{INVOICE_TYPE_LABELS[invoiceType]} {invoiceType === 'none' ? 0 : taxRatePercent}%
            {preview.deductibleFen > 0 ? `，可抵扣进项税 ¥${fenToYuan(preview.deductibleFen, true)}` : '，无可抵扣进项税'}）
          </span>
        </Typography.Paragraph>
        <Form.Item name="remark" label="报价备注" style={{ marginTop: 12 }}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
      {missing.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          message={`完整性检查：${missing.length} 行未报价（不计为 0，比价时标记为缺失）`}
          description={missing.map((l) => `${l.skuCode} ${l.commodityName}`).join('、')}
        />
      ) : (
        <Alert type="success" showIcon message="完整性检查：所有商品行均已报价" />
      )}
      {editable && (
        <Space style={{ marginTop: 12 }}>
          <Button type="primary" onClick={submit} loading={save.isPending}>
            保存报价
          </Button>
          <Popconfirm
            title="记录该供应商放弃本次报价？"
            description="已录入的报价将被撤回"
            onConfirm={() => decline.mutate({ taskId: task.id, supplierId: supplier.supplierId }, { onSuccess: () => onSaved?.() })}
          >
            <Button danger>放弃报价</Button>
          </Popconfirm>
        </Space>
      )}
    </div>
  );
}
