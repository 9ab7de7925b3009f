import {
  DEFAULT_INVOICE_TYPE,
  DEFAULT_TAX_RATE,
  type EndpointBody,
  type EndpointData,
  fenToYuan,
  INVOICE_TYPE_LABELS,
  INVOICE_TYPES,
  type InvoiceType,
  type portalApi,
  type RfqInfo,
  TAX_RATES,
  yuanToFen,
  addDays,
  shanghaiDay,
} from '@scm/contract';
import { type FormEvent, memo, useEffect, useRef, useState } from 'react';
import { PlainField } from '@/shared/form/plain-field';
import { Money } from '@/shared/ui/money';
import { toQuoteFields } from '@/shared/quote/quote-request';
import { requestChecks } from '@/portal/api/request-checks';
import { useEstimateFreight, useSubmitQuote } from '@/portal/api/rfq';
import { type FormErrors, focusFirstError, issuesOn, serverErrorsOn } from './form-errors';
import { FreightWorking } from './freight-working';
import { Button, ChoiceButtons, Icon, Notice, Tag, TextArea, TextInput } from '@/shared/ui/plain-controls';
import { Section } from './section';

/** A line as typed: amounts and counts stay text until the form is sent. */
interface LineText {
  unitPriceYuan: string;
  moq: string;
  leadTimeDays: string;
  remark: string;
}
interface QuoteValues {
  /** YYYY-MM-DD from the browser's own date input (the phone's native picker). */
  validUntil: string;
  invoiceType: InvoiceType;
  taxRatePercent: number;
  freightMode: 'manual' | 'estimated';
  freightYuan: string;
  remark: string;
  lines: LineText[];
}
type Estimate = EndpointData<typeof portalApi.estimateFreight>;
export type QuoteReceipt = EndpointData<typeof portalApi.submitQuote>;
type QuoteBody = EndpointBody<typeof portalApi.submitQuote>;

const yuanText = (fen: number | null | undefined) => (fen == null ? '' : fenToYuan(fen));
const countText = (n: number | null | undefined) => (n == null ? '' : String(n));

function initialValues(info: RfqInfo): QuoteValues {
  const quote = info.quote;
  const byLine = new Map(quote?.lines.map((l) => [l.taskLineId, l]) ?? []);
  return {
    validUntil: quote?.validUntil ?? addDays(shanghaiDay(Date.now()), 30),
    invoiceType: quote?.invoiceType ?? DEFAULT_INVOICE_TYPE,
    taxRatePercent: quote?.taxRatePercent ?? DEFAULT_TAX_RATE,
    freightMode: quote?.freightMode ?? 'manual',
    freightYuan: quote?.freightMode === 'manual' ? yuanText(quote.freightFen) : '',
    remark: quote?.remark ?? '',
    lines: info.task.lines.map((line) => {
      const q = byLine.get(line.id);
      return { unitPriceYuan: yuanText(q?.unitPriceFen), moq: countText(q?.moq), leadTimeDays: countText(q?.leadTimeDays), remark: q?.remark ?? '' };
    }),
  };
}

/** Fen of a typed amount: null when left empty, NaN when it is not an amount of at most two decimals. */
const fenOf = (text: string) => (text.trim() === '' ? null : (yuanToFen(text) ?? Number.NaN));
/** A typed amount in fen for the totals: null when empty or not an amount (the submit refuses that one). */
const readableFen = (text: string) => {
  const fen = fenOf(text);
  return Number.isNaN(fen) ? null : fen;
};
/** A typed whole number: null when left empty, NaN when it is not one. */
const countOf = (text: string) => (text.trim() === '' ? null : /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * The request the form's values make, and what cannot become one: a typed amount or count that
 * is not a number. The rest is checked by the contract's own request schema, as the server does.
 */
function toRequest(taskId: number, lines: RfqInfo['task']['lines'], values: QuoteValues): { body: QuoteBody; errors: FormErrors } {
  const errors: FormErrors = {};
  const amount = (key: string, text: string) => {
    const fen = fenOf(text);
    if (Number.isNaN(fen)) errors[key] = '请输入金额，最多两位小数';
    return Number.isNaN(fen) ? null : fen;
  };
  const count = (key: string, text: string) => {
    const n = countOf(text);
    if (Number.isNaN(n)) errors[key] = '请输入整数';
    return Number.isNaN(n) ? null : n;
  };
  const manual = values.freightMode === 'manual';
  const body: QuoteBody = {
    taskId,
    ...toQuoteFields(lines, {
      ...values,
      freightFen: manual ? amount('freightYuan', values.freightYuan) : null,
      lines: values.lines.map((line, i) => ({
        unitPriceFen: amount(`lines.${i}.unitPriceYuan`, line.unitPriceYuan),
        moq: count(`lines.${i}.moq`, line.moq),
        leadTimeDays: count(`lines.${i}.leadTimeDays`, line.leadTimeDays),
        remark: line.remark,
      })),
    }),
  };
  if (manual && values.freightYuan.trim() === '') errors.freightYuan = '请填写运费，包邮请填 0';
  return { body, errors };
}

/**
 * The supplier's quote: a price per line (a line may be left unquoted), MOQ, lead time, invoice and
 * rate, valid-until and freight typed or estimated from its own template. Each submission is a new
 * revision; the server answers a receipt (time + SHA-256), which the page shows at once
 * (`onSubmitted`) and keeps in the history.
 */
function QuoteForm({ info, closed = false, onSubmitted }: { info: RfqInfo; closed?: boolean; onSubmitted: (receipt: QuoteReceipt) => void }) {
  const { task } = info;
  const formRef = useRef<HTMLFormElement>(null);
  // Mounted anew for each saved revision (the page keys it), so a refetch never wipes what is being typed.
  const [values, setValues] = useState(() => initialValues(info));
  const [errors, setErrors] = useState<FormErrors>({});
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const showErrors = (found: FormErrors) => {
    setErrors(found);
    requestAnimationFrame(() => focusFirstError(formRef.current));
  };
  const isField = (key: string) => key in fieldKeys(values);
  const submit = useSubmitQuote({
    onError: (error) => {
      const placed = serverErrorsOn(error, isField);
      if (placed) showErrors(placed);
      return !!placed;
    },
  });
  const estimateCall = useEstimateFreight();

  // A field's error goes as soon as it is changed, as on antd's forms; the next submit checks again.
  const edited = (key: string) =>
    setErrors((current) => (key in current ? Object.fromEntries(Object.entries(current).filter(([k]) => k !== key)) : current));
  const set = <K extends keyof QuoteValues>(key: K, value: QuoteValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    edited(key);
  };
  const setLine = (i: number, key: keyof LineText, value: string) => {
    setValues((v) => ({ ...v, lines: v.lines.map((line, j) => (j === i ? { ...line, [key]: value } : line)) }));
    edited(`lines.${i}.${key}`);
  };
  const error = (key: string) => errors[key];

  const prices = values.lines.map((line) => readableFen(line.unitPriceYuan));
  const goodsFen = task.lines.reduce((sum, line, i) => sum + (prices[i] ?? 0) * line.quantity, 0);
  const unquoted = values.lines.filter((line) => line.unitPriceYuan.trim() === '').length;
  // The last revision's estimate stands until the supplier estimates again.
  const saved = info.quote?.freightMode === 'estimated' ? info.quote : null;
  const freightFen = values.freightMode === 'manual' ? (readableFen(values.freightYuan) ?? 0) : (estimate?.totalFen ?? saved?.freightFen ?? null);
  const noInvoice = values.invoiceType === 'none';

  const runEstimate = () =>
    estimateCall.mutate(
      { taskId: task.id, lines: task.lines.map((line, i) => ({ taskLineId: line.id, unitPriceFen: prices[i] })) },
      { onSuccess: setEstimate },
    );
  // 按模板估算 estimates at once, and again shortly after a price changes, so the total shows the
  // freight before 提交报价 (a free-shipping amount condition depends on the prices).
  const latestEstimate = useRef(runEstimate);
  latestEstimate.current = runEstimate;
  const pricesKey = prices.join(',');
  const estimatedFor = useRef<string | null>(null);
  useEffect(() => {
    if (values.freightMode !== 'estimated' || closed) {
      estimatedFor.current = null;
      return;
    }
    if (estimatedFor.current === pricesKey) return;
    const timer = setTimeout(
      () => {
        estimatedFor.current = pricesKey;
        latestEstimate.current();
      },
      estimatedFor.current == null ? 0 : 400,
    );
    return () => clearTimeout(timer);
  }, [values.freightMode, pricesKey, closed]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (closed) return;
    const { body, errors: unreadable } = toRequest(task.id, task.lines, values);
    const { portalQuoteSubmitRequest } = await requestChecks();
    const checked = portalQuoteSubmitRequest.safeParse(body);
    const found = { ...(checked.success ? {} : issuesOn(checked.error.issues, isField)), ...unreadable };
    if (Object.keys(found).length > 0 || !checked.success) return showErrors(found);
    setErrors({});
    submit.mutate(body, { onSuccess: onSubmitted });
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} onFocus={requestChecks} className="portal-quote-form portal-stack">
      <Section title="报价明细（含税单价）" testId="quote-lines">
        {task.lines.map((line, i) => (
          <div key={line.id} className="portal-quote-line" data-testid={`quote-line-${i}`}>
            <div className="portal-line-title">
              {i + 1}. {line.commodityName} {values.lines[i].unitPriceYuan.trim() === '' && <Tag color="warning">未报价</Tag>}
            </div>
            <div className="portal-muted" style={{ marginBottom: 8 }}>
              {line.spec ? `${line.spec} · ` : ''}需求 {line.quantity} {line.unit}
            </div>
            <div className="portal-line-fields">
              <PlainField id={`quote-${i}-price`} label="单价(元)" error={error(`lines.${i}.unitPriceYuan`)}>
                {(state) => (
                  <TextInput
                    {...state}
                    inputMode="decimal"
                    placeholder="不报可留空"
                    value={values.lines[i].unitPriceYuan}
                    onChange={(e) => setLine(i, 'unitPriceYuan', e.target.value)}
                  />
                )}
              </PlainField>
              <PlainField id={`quote-${i}-moq`} label={`起订量(${line.unit})`} error={error(`lines.${i}.moq`)}>
                {(state) => (
                  <TextInput {...state} inputMode="numeric" value={values.lines[i].moq} onChange={(e) => setLine(i, 'moq', e.target.value)} />
                )}
              </PlainField>
              <PlainField id={`quote-${i}-lead`} label="交期(天)" error={error(`lines.${i}.leadTimeDays`)}>
                {(state) => (
                  <TextInput
                    {...state}
                    inputMode="numeric"
                    value={values.lines[i].leadTimeDays}
                    onChange={(e) => setLine(i, 'leadTimeDays', e.target.value)}
                  />
                )}
              </PlainField>
              <PlainField id={`quote-${i}-remark`} label="行备注" error={error(`lines.${i}.remark`)}>
                {(state) => (
                  <TextInput {...state} maxLength={200} value={values.lines[i].remark} onChange={(e) => setLine(i, 'remark', e.target.value)} />
                )}
              </PlainField>
            </div>
          </div>
        ))}
        {unquoted > 0 && <Notice type="info" title={`${unquoted} 行未填写单价，将按未报价提交（不计为 0）`} />}
      </Section>

      <Section title="发票、有效期与运费" testId="quote-terms">
        <div className="portal-terms">
          <ChoiceButtons
            legend="发票类型"
            name="invoiceType"
            value={values.invoiceType}
            options={INVOICE_TYPES.map((value) => ({ value, label: INVOICE_TYPE_LABELS[value] }))}
            onChange={(invoiceType) =>
              setValues((v) => ({
                ...v,
                invoiceType,
                taxRatePercent: invoiceType === 'none' ? 0 : v.taxRatePercent === 0 ? DEFAULT_TAX_RATE : v.taxRatePercent,
              }))
            }
          />
          <ChoiceButtons
            legend="税率"
            name="taxRatePercent"
            value={noInvoice ? 0 : values.taxRatePercent}
            disabled={noInvoice}
            options={TAX_RATES.map((rate) => ({ value: rate, label: `${rate}%` }))}
            onChange={(rate) => set('taxRatePercent', rate)}
            extra={noInvoice ? '不开票的税率为 0' : error('taxRatePercent')}
          />
        </div>
        <div className="portal-narrow-field">
          <PlainField id="quote-valid-until" label="有效期至" error={error('validUntil')}>
            {(state) => (
              <TextInput
                {...state}
                type="date"
                min={shanghaiDay(Date.now())}
                value={values.validUntil}
                onChange={(e) => set('validUntil', e.target.value)}
              />
            )}
          </PlainField>
        </div>
        <ChoiceButtons
          legend="运费"
          name="freightMode"
          solid
          value={values.freightMode}
          options={[
            { value: 'manual', label: '手工填写' },
            { value: 'estimated', label: '按模板估算' },
          ]}
          onChange={(mode) => {
            set('freightMode', mode);
            setEstimate(null);
          }}
        />
        {values.freightMode === 'estimated' ? (
          <div className="portal-stack" style={{ marginBottom: 16 }}>
            <div>
              <Button icon={<Icon name="calculator" />} onClick={runEstimate} loading={estimateCall.isPending} disabled={closed}>
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
          <div className="portal-narrow-field">
            <PlainField id="quote-freight" label="运费(元)" error={error('freightYuan')}>
              {(state) => (
                <TextInput {...state} inputMode="decimal" value={values.freightYuan} onChange={(e) => set('freightYuan', e.target.value)} />
              )}
            </PlainField>
          </div>
        )}
        <PlainField id="quote-remark" label="报价备注" error={error('remark')}>
          {(state) => <TextArea {...state} rows={2} maxLength={500} value={values.remark} onChange={(e) => set('remark', e.target.value)} />}
        </PlainField>
        <div className="portal-total" data-testid="quote-total">
          货值 <Money fen={goodsFen} prefix="¥" /> + 运费 {freightFen == null ? '待估算' : <Money fen={freightFen} prefix="¥" />}
        </div>
        <p className="portal-muted" style={{ margin: '4px 0 12px' }}>
          单价与运费均为含税金额。截止前可多次提交，以最后一版为准；每一版都会生成回执。
        </p>
        {closed && <Notice type="warning" title="报价已截止，不能再提交" detail="您填写的内容仍保留在此，但采购方已不再接收报价。" />}
        <Button type="submit" variant="primary" size="large" block loading={submit.isPending} disabled={closed}>
          {info.quote ? '提交新一版报价' : '提交报价'}
        </Button>
      </Section>
    </form>
  );
}

/** Every key the form shows a field for: where a check's or the server's error may be placed. */
function fieldKeys(values: QuoteValues): Record<string, true> {
  const keys: Record<string, true> = { validUntil: true, invoiceType: true, taxRatePercent: true, freightYuan: true, remark: true };
  values.lines.forEach((_, i) => {
    for (const name of ['unitPriceYuan', 'moq', 'leadTimeDays', 'remark']) keys[`lines.${i}.${name}`] = true;
  });
  return keys;
}

// The page re-renders as its clock ticks; the form only for another answer of the server.
export default memo(QuoteForm);
