import { CalculatorOutlined } from '@ant-design/icons';
import {
  DEFAULT_INVOICE_TYPE,
  DEFAULT_TAX_RATE,
  type EndpointData,
  fenToYuan,
  INVOICE_TYPE_LABELS,
  INVOICE_TYPES,
  type InvoiceType,
  type portalApi,
  type RfqInfo,
  TAX_RATES,
  yuanToFen,
} from '@scm/contract';
import { Alert, App, Button, Col, Form, Input, InputNumber, Radio, Row, Tag } from 'antd';
import dayjs from 'dayjs';
import { memo, type ReactNode, useState } from 'react';
import { applyFieldErrors } from '@/shared/form/field-errors';
import { Money } from '@/shared/ui/money';
import { useEstimateFreight, useSubmitQuote } from '@/portal/api/rfq';
import { FreightWorking } from './freight-working';
import { ReceiptText } from './revision-list';
import { Section } from './section';

interface LineValue {
  unitPriceYuan?: number | null;
  moq?: number | null;
  leadTimeDays?: number | null;
  remark?: string | null;
}
interface FormValues {
  /** YYYY-MM-DD from the browser's own date input (the phone's native picker). */
  validUntil: string;
  invoiceType: InvoiceType;
  taxRatePercent: number;
  freightMode: 'manual' | 'estimated';
  freightYuan?: number | null;
  remark?: string | null;
  lines: LineValue[];
}
type Estimate = EndpointData<typeof portalApi.estimateFreight>;

/** The form holds yuan; the server's field errors name the fen fields they came from. */
const toYuan = (fen: number | null | undefined) => (fen == null ? null : Number(fenToYuan(fen)));
const toFen = (yuan: number | null | undefined) => (yuan == null ? null : yuanToFen(yuan));

function initialValues(info: RfqInfo): FormValues {
  const quote = info.quote;
  const byLine = new Map(quote?.lines.map((l) => [l.taskLineId, l]) ?? []);
  return {
    validUntil: quote?.validUntil ?? dayjs().add(30, 'day').format('YYYY-MM-DD'),
    invoiceType: quote?.invoiceType ?? DEFAULT_INVOICE_TYPE,
    taxRatePercent: quote?.taxRatePercent ?? DEFAULT_TAX_RATE,
    freightMode: quote?.freightMode ?? 'manual',
    freightYuan: quote?.freightMode === 'manual' ? toYuan(quote.freightFen) : null,
    remark: quote?.remark ?? null,
    lines: info.task.lines.map((line) => {
      const q = byLine.get(line.id);
      return { unitPriceYuan: toYuan(q?.unitPriceFen), moq: q?.moq ?? null, leadTimeDays: q?.leadTimeDays ?? null, remark: q?.remark ?? null };
    }),
  };
}

/**
 * Renders from the form's current values, and again only when what `pick` takes of them changes:
 * typing re-renders the tag or total that depends on it, never the whole form (each antd form item
 * measures itself as it re-renders, which on a phone cost as much as the form's first render).
 */
function FromValues<T>({ pick, children }: { pick: (values: FormValues) => T; children: (picked: T) => ReactNode }) {
  const changed = (before: FormValues, after: FormValues) => JSON.stringify(pick(before)) !== JSON.stringify(pick(after));
  return (
    <Form.Item noStyle shouldUpdate={(before, after) => changed(before as FormValues, after as FormValues)}>
      {({ getFieldsValue }) => children(pick(getFieldsValue(true) as FormValues))}
    </Form.Item>
  );
}

/**
 * The supplier's quote: a price per line (a line may be left unquoted), MOQ, lead time, invoice and
 * rate, valid-until and freight typed or estimated from its own template. Each submission is a new
 * revision; the server answers a receipt (time + SHA-256), shown at once and kept in the history.
 */
function QuoteForm({ info }: { info: RfqInfo }) {
  const { task } = info;
  const { modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  // Mounted anew for each saved revision (the page keys it), so a refetch never wipes what is being typed.
  const [initial] = useState(() => initialValues(info));
  const submit = useSubmitQuote({ onError: (error) => applyFieldErrors(form, error) });
  const estimateCall = useEstimateFreight();

  const priced = (values: LineValue[]) => task.lines.map((line, i) => ({ taskLineId: line.id, unitPriceFen: toFen(values[i]?.unitPriceYuan) }));
  const goodsFen = (lines: LineValue[]) =>
    task.lines.reduce((sum, line, i) => {
      const price = toFen(lines[i]?.unitPriceYuan);
      return price == null ? sum : sum + price * line.quantity;
    }, 0);
  // The last revision's estimate stands until the supplier estimates again.
  const saved = info.quote?.freightMode === 'estimated' ? info.quote : null;
  const freightFen = (values: FormValues) =>
    values.freightMode === 'manual' ? (toFen(values.freightYuan) ?? 0) : (estimate?.totalFen ?? saved?.freightFen ?? null);
  const unquoted = (lines: LineValue[]) => task.lines.filter((_, i) => lines[i]?.unitPriceYuan == null).length;

  const runEstimate = () => estimateCall.mutate({ taskId: task.id, lines: priced(form.getFieldValue('lines') ?? []) }, { onSuccess: setEstimate });

  const onFinish = (values: FormValues) =>
    submit.mutate(
      {
        taskId: task.id,
        validUntil: values.validUntil,
        invoiceType: values.invoiceType,
        taxRatePercent: values.invoiceType === 'none' ? 0 : values.taxRatePercent,
        freightMode: values.freightMode,
        freightFen: values.freightMode === 'manual' ? (toFen(values.freightYuan) ?? 0) : null,
        remark: values.remark || null,
        lines: task.lines.map((line, i) => ({
          taskLineId: line.id,
          unitPriceFen: toFen(values.lines[i]?.unitPriceYuan),
          moq: values.lines[i]?.moq ?? null,
          leadTimeDays: values.lines[i]?.leadTimeDays ?? null,
          remark: values.lines[i]?.remark || null,
        })),
      },
      {
        onSuccess: (receipt) =>
          modal.success({
            title: `报价已提交（第 ${receipt.revision} 版）`,
            content: <ReceiptText submittedAt={receipt.submittedAt} digest={receipt.receiptSha256} />,
            okText: '知道了',
          }),
      },
    );

  return (
    <Form<FormValues> form={form} layout="vertical" onFinish={onFinish} initialValues={initial} className="portal-quote-form portal-stack">
      <Section title="报价明细（含税单价）" testId="quote-lines">
        <Form.List name="lines">
          {(fields) =>
            fields.map((field, i) => {
              const line = task.lines[i];
              if (!line) return null;
              return (
                <div key={field.key} className="portal-quote-line" data-testid={`quote-line-${i}`}>
                  <div className="portal-line-title">
                    {i + 1}. {line.commodityName}{' '}
                    <FromValues pick={(values) => values.lines[i]?.unitPriceYuan == null}>
                      {(unpriced) => unpriced && <Tag color="warning">未报价</Tag>}
                    </FromValues>
                  </div>
                  <div className="portal-muted" style={{ marginBottom: 8 }}>
                    {line.spec ? `${line.spec} · ` : ''}需求 {line.quantity} {line.unit}
                  </div>
                  <Row gutter={12} className="portal-line-fields">
                    <Col xs={12} sm={6}>
                      <Form.Item name={[field.name, 'unitPriceYuan']} label="单价(元)">
                        <InputNumber min={0} precision={2} placeholder="不报可留空" inputMode="decimal" style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} sm={6}>
                      <Form.Item name={[field.name, 'moq']} label={`起订量(${line.unit})`}>
                        <InputNumber min={1} precision={0} inputMode="numeric" style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} sm={6}>
                      <Form.Item name={[field.name, 'leadTimeDays']} label="交期(天)">
                        <InputNumber min={0} precision={0} inputMode="numeric" style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} sm={6}>
                      <Form.Item name={[field.name, 'remark']} label="行备注">
                        <Input maxLength={200} />
                      </Form.Item>
                    </Col>
                  </Row>
                </div>
              );
            })
          }
        </Form.List>
        <FromValues pick={(values) => unquoted(values.lines)}>
          {(count) =>
            count > 0 && <Alert type="info" showIcon title={`${count} 行未填写单价，将按未报价提交（不计为 0）`} style={{ marginTop: 4 }} />
          }
        </FromValues>
      </Section>

      <Section title="发票、有效期与运费" testId="quote-terms">
        <Row gutter={12}>
          <Col xs={24} md={14}>
            <Form.Item name="invoiceType" label="发票类型" rules={[{ required: true, message: '请选择发票类型' }]}>
              <Radio.Group
                optionType="button"
                options={INVOICE_TYPES.map((value) => ({ value, label: INVOICE_TYPE_LABELS[value] }))}
                onChange={({ target }) => {
                  if (target.value === 'none') form.setFieldValue('taxRatePercent', 0);
                  else if (form.getFieldValue('taxRatePercent') === 0) form.setFieldValue('taxRatePercent', DEFAULT_TAX_RATE);
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <FromValues pick={(values) => values.invoiceType === 'none'}>
              {(noInvoice) => (
                <Form.Item
                  name="taxRatePercent"
                  label="税率"
                  rules={[{ required: true, message: '请选择税率' }]}
                  extra={noInvoice ? '不开票的税率为 0' : undefined}
                >
                  <Radio.Group optionType="button" disabled={noInvoice} options={TAX_RATES.map((rate) => ({ value: rate, label: `${rate}%` }))} />
                </Form.Item>
              )}
            </FromValues>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="validUntil" label="有效期至" rules={[{ required: true, message: '请选择有效期至' }]}>
              <Input type="date" min={dayjs().format('YYYY-MM-DD')} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="freightMode" label="运费">
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'manual', label: '手工填写' },
              { value: 'estimated', label: '按模板估算' },
            ]}
            onChange={() => setEstimate(null)}
          />
        </Form.Item>
        <FromValues pick={(values) => values.freightMode}>
          {(freightMode) =>
            freightMode === 'estimated' ? (
              <div className="portal-stack" style={{ marginBottom: 16 }}>
                <div>
                  <Button icon={<CalculatorOutlined />} onClick={runEstimate} loading={estimateCall.isPending}>
                    {estimate ? '重新估算' : '估算运费'}
                  </Button>
                  <span className="portal-muted" style={{ marginLeft: 8 }}>
                    按贵司的配送模板送至 {task.deliveryRegionName}
                  </span>
                </div>
                {estimate ? (
                  <FreightWorking estimate={estimate} lines={task.lines} regionName={task.deliveryRegionName} />
                ) : (
                  saved && (
                    <div className="portal-working">
                      上一版估算运费 <Money fen={saved.freightFen} prefix="¥" />
                      {saved.freightFormula && <div className="portal-formula portal-muted">{saved.freightFormula}</div>}
                    </div>
                  )
                )}
              </div>
            ) : (
              <Form.Item name="freightYuan" label="运费(元)" rules={[{ required: true, message: '请填写运费，包邮请填 0' }]}>
                <InputNumber min={0} precision={2} inputMode="decimal" style={{ width: '100%', maxWidth: 240 }} />
              </Form.Item>
            )
          }
        </FromValues>
        <Form.Item name="remark" label="报价备注">
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        <FromValues pick={(values) => [goodsFen(values.lines), freightFen(values)] as const}>
          {([goods, freight]) => (
            <div className="portal-total" data-testid="quote-total">
              货值 <Money fen={goods} prefix="¥" /> + 运费 {freight == null ? '待估算' : <Money fen={freight} prefix="¥" />}
            </div>
          )}
        </FromValues>
        <p className="portal-muted" style={{ margin: '4px 0 12px' }}>
          单价与运费均为含税金额。截止前可多次提交，以最后一版为准；每一版都会生成回执。
        </p>
        <Button type="primary" htmlType="submit" size="large" block loading={submit.isPending}>
          {info.quote ? '提交新一版报价' : '提交报价'}
        </Button>
      </Section>
    </Form>
  );
}

// The page re-renders as its clock ticks; the form only for another answer of the server (each
// antd form item measures itself as it re-renders: on a phone a re-render cost a second render).
export default memo(QuoteForm);
