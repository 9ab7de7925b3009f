import {
  INVOICE_TYPE_LABELS,
  invoiceProblems,
  type StatementDetail,
  STATEMENT_INVOICE_TYPES,
  type StatementInvoiceType,
  shanghaiDay,
  TAX_RATES,
  yuanToFen,
} from '@scm/contract';
import { type FormEvent, useRef, useState } from 'react';
import { PlainField } from '@/shared/form/plain-field';
import { useSubmitInvoice } from '@/portal/api/statements';
import { requestChecks } from '@/portal/api/request-checks';
import { type FormErrors, focusFirstError, issuesOn, serverErrorsOn } from './form-errors';
import { ChoiceButtons, SubmitButton, TextInput } from '@/shared/ui/plain-controls';
import { Section } from './section';

const TEXT_FIELDS = [
  'invoiceNumber',
  'invoiceCode',
  'issueDate',
  'sellerTaxId',
  'buyerTaxId',
  'amountExclTaxYuan',
  'taxYuan',
  'amountInclTaxYuan',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const LABELS: Record<TextField, string> = {
  invoiceNumber: '发票号码',
  invoiceCode: '发票代码（纸质发票）',
  issueDate: '开票日期',
  sellerTaxId: '销方税号',
  buyerTaxId: '购方税号',
  amountExclTaxYuan: '不含税金额(元)',
  taxYuan: '税额(元)',
  amountInclTaxYuan: '价税合计(元)',
};
const fen = (text: string) => (text.trim() === '' ? Number.NaN : (yuanToFen(text) ?? Number.NaN));

/**
 * 上传发票: the invoice's printed fields typed as they stand (no file): 数电票 number, or paper code and
 * number, type, rate, date, both tax ids and the three amounts. Checked by the contract before it is
 * sent (number form, 不含税 + 税额 = 含税, not after today); the server's refusals land on their fields.
 */
export function InvoiceUpload({ statement }: { statement: StatementDetail }) {
  const formRef = useRef<HTMLFormElement>(null);
  const open = statement.groups.find((g) => g.invoiceType !== 'none' && g.invoicedInclTaxFen < g.amountInclTaxFen) ?? statement.groups[0];
  const [type, setType] = useState<StatementInvoiceType>(open?.invoiceType === 'ordinary' ? 'ordinary' : 'special');
  const [rate, setRate] = useState<number>(open?.taxRatePercent ?? 13);
  const [values, setValues] = useState<Record<TextField, string>>({
    invoiceNumber: '',
    invoiceCode: '',
    issueDate: shanghaiDay(Date.now()),
    sellerTaxId: statement.supplierCreditCode ?? '',
    buyerTaxId: '',
    amountExclTaxYuan: '',
    taxYuan: '',
    amountInclTaxYuan: '',
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const has = (key: string) => (TEXT_FIELDS as readonly string[]).includes(key) || key === 'invoiceType' || key === 'taxRatePercent';
  // Amount errors come on the fen fields; the form shows them on the yuan ones.
  const onForm = (found: FormErrors) => {
    const moved: FormErrors = {};
    for (const [key, message] of Object.entries(found)) {
      const name = { amountExclTaxFen: 'amountExclTaxYuan', taxFen: 'taxYuan', amountInclTaxFen: 'amountInclTaxYuan' }[key] ?? key;
      moved[name] ??= message;
    }
    setErrors(moved);
    requestAnimationFrame(() => focusFirstError(formRef.current));
  };
  const submit = useSubmitInvoice({
    onError: (failure) => {
      const placed = serverErrorsOn(failure, (key) => has(key) || ['amountExclTaxFen', 'taxFen', 'amountInclTaxFen'].includes(key));
      if (placed) onForm(placed);
      return !!placed;
    },
  });

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = {
      statementId: statement.id,
      invoiceNumber: values.invoiceNumber.trim(),
      invoiceCode: values.invoiceCode.trim() || undefined,
      invoiceType: type,
      taxRatePercent: rate,
      issueDate: values.issueDate,
      sellerTaxId: values.sellerTaxId.trim().toUpperCase(),
      buyerTaxId: values.buyerTaxId.trim().toUpperCase(),
      amountExclTaxFen: fen(values.amountExclTaxYuan),
      taxFen: fen(values.taxYuan),
      amountInclTaxFen: fen(values.amountInclTaxYuan),
    };
    const { invoiceCreateRequest } = await requestChecks();
    const checked = invoiceCreateRequest.safeParse(body);
    if (!checked.success) {
      onForm(issuesOn(checked.error.issues, (key) => has(key) || ['amountExclTaxFen', 'taxFen', 'amountInclTaxFen'].includes(key)));
      return;
    }
    const problems = invoiceProblems(body, shanghaiDay(Date.now()));
    if (problems.length > 0) {
      const found: FormErrors = {};
      for (const p of problems)
        found[
          { invoice_number: 'invoiceNumber', invoice_code: 'invoiceCode', issue_date: 'issueDate', amount_incl_tax_fen: 'amountInclTaxYuan' }[
            p.field
          ] ?? p.field
        ] ??= p.message;
      onForm(found);
      return;
    }
    setErrors({});
    submit.mutate(body, {
      onSuccess: () => setValues((v) => ({ ...v, invoiceNumber: '', invoiceCode: '', amountExclTaxYuan: '', taxYuan: '', amountInclTaxYuan: '' })),
    });
  };

  const field = (name: TextField, props: { inputMode?: 'numeric' | 'decimal'; maxLength?: number; type?: string; placeholder?: string } = {}) => (
    <PlainField id={`invoice-${name}`} label={LABELS[name]} error={errors[name]}>
      {(state) => (
        <TextInput
          {...state}
          {...props}
          name={name}
          value={values[name]}
          onChange={(event) => {
            const text = event.target.value;
            setValues((v) => ({ ...v, [name]: text }));
            setErrors(({ [name]: _, ...rest }) => rest);
          }}
        />
      )}
    </PlainField>
  );

  return (
    <Section title="上传发票" testId="invoice-upload">
      <form ref={formRef} onSubmit={send} noValidate>
        <ChoiceButtons
          legend="发票类型"
          name="invoiceType"
          value={type}
          options={STATEMENT_INVOICE_TYPES.map((v) => ({ value: v, label: INVOICE_TYPE_LABELS[v] }))}
          onChange={setType}
          solid
        />
        <ChoiceButtons
          legend="税率"
          name="taxRatePercent"
          value={rate}
          options={TAX_RATES.map((r) => ({ value: r, label: `${r}%` }))}
          onChange={setRate}
          solid
        />
        <div className="portal-invoice-form">
          {field('invoiceNumber', { inputMode: 'numeric', maxLength: 20, placeholder: '数电票20位，纸质发票8位' })}
          {field('invoiceCode', { inputMode: 'numeric', maxLength: 12, placeholder: '数电票不填' })}
          {field('issueDate', { type: 'date' })}
          {field('sellerTaxId', { maxLength: 20 })}
          {field('buyerTaxId', { maxLength: 20, placeholder: '采购方统一社会信用代码' })}
          {field('amountExclTaxYuan', { inputMode: 'decimal' })}
          {field('taxYuan', { inputMode: 'decimal' })}
          {field('amountInclTaxYuan', { inputMode: 'decimal' })}
        </div>
        <SubmitButton loading={submit.isPending}>提交发票</SubmitButton>
      </form>
    </Section>
  );
}
