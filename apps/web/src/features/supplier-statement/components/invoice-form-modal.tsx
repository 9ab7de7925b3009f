import {
  INVOICE_TYPE_LABELS,
  invoiceCreateRequest,
  invoiceProblems,
  type StatementDetail,
  STATEMENT_INVOICE_TYPES,
  shanghaiDay,
  TAX_RATES,
  yuanToFen,
} from '@scm/contract';
import { DatePicker, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { afterToday, dayText, todayValue } from '@/shared/form/day-value';
import { applyFieldErrors, validForm } from '@/shared/form/field-errors';
import { useCreateInvoice } from '@/features/supplier-statement/api/supplier-statement';

interface Values {
  invoiceNumber: string;
  invoiceCode?: string;
  invoiceType: 'special' | 'ordinary';
  taxRatePercent: number;
  issueDate: Dayjs;
  sellerTaxId: string;
  buyerTaxId: string;
  amountExclTaxYuan: number;
  taxYuan: number;
  amountInclTaxYuan: number;
}

const fen = (yuan: number | undefined) => (yuan === undefined || yuan === null ? Number.NaN : (yuanToFen(yuan) ?? Number.NaN));

/**
 * 登记发票: the invoice's printed fields, typed as they stand on the paper or the 数电票. The
 * contract's checks (number form, 不含税 + 税额 = 含税, not after today) run before it is sent, and the
 * server's refusals land on their fields.
 */
export default function InvoiceFormModal({ statement, open, onClose }: { statement: StatementDetail; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const create = useCreateInvoice({ onError: (error) => applyFieldErrors(form, error) });
  // The group still open first: what the supplier most likely invoices next.
  const next = statement.groups.find((g) => g.invoiceType !== 'none' && g.invoicedInclTaxFen < g.amountInclTaxFen) ?? statement.groups[0];

  const submit = async () => {
    const values = await validForm(form);
    if (!values) return;
    const body = {
      statementId: statement.id,
      invoiceNumber: values.invoiceNumber.trim(),
      invoiceCode: values.invoiceCode?.trim() || undefined,
      invoiceType: values.invoiceType,
      taxRatePercent: values.taxRatePercent,
      issueDate: dayText(values.issueDate),
      sellerTaxId: values.sellerTaxId.trim(),
      buyerTaxId: values.buyerTaxId.trim(),
      amountExclTaxFen: fen(values.amountExclTaxYuan),
      taxFen: fen(values.taxYuan),
      amountInclTaxFen: fen(values.amountInclTaxYuan),
    };
    const checked = invoiceCreateRequest.safeParse(body);
    const problems = checked.success
      ? invoiceProblems(body, shanghaiDay(Date.now()))
      : checked.error.issues.map((i) => ({ field: String(i.path[0]), message: i.message }));
    if (problems.length > 0) {
      const name = (field: string) =>
        ({
          amount_incl_tax_fen: 'amountInclTaxYuan',
          amountInclTaxFen: 'amountInclTaxYuan',
          amountExclTaxFen: 'amountExclTaxYuan',
          taxFen: 'taxYuan',
          invoice_number: 'invoiceNumber',
          invoice_code: 'invoiceCode',
          issue_date: 'issueDate',
        })[field] ?? field;
      form.setFields(problems.map((p) => ({ name: name(p.field) as keyof Values, errors: [p.message] })));
      return;
    }
    await create.mutateAsync(body);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={`登记发票 · ${statement.code}`}
      okText="登记"
      onCancel={onClose}
      onOk={() => submit().catch(() => undefined)}
      confirmLoading={create.isPending}
      destroyOnHidden
      width={640}
    >
      <Form
        form={form}
        layout="vertical"
        name="invoice-form"
        initialValues={{
          invoiceType: next?.invoiceType === 'ordinary' ? 'ordinary' : 'special',
          taxRatePercent: next?.taxRatePercent ?? 13,
          issueDate: todayValue(),
          sellerTaxId: statement.supplierCreditCode ?? '',
        }}
      >
        <Space wrap size="middle" align="start">
          <Form.Item
            name="invoiceNumber"
            label="发票号码"
            rules={[{ required: true, message: '请输入发票号码' }]}
            extra="数电票20位；纸质发票8位并填写发票代码"
          >
            <Input maxLength={20} style={{ width: 240 }} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="invoiceCode" label="发票代码" extra="纸质发票10位或12位">
            <Input maxLength={12} style={{ width: 180 }} inputMode="numeric" />
          </Form.Item>
        </Space>
        <Space wrap size="middle" align="start">
          <Form.Item name="invoiceType" label="发票类型" rules={[{ required: true }]}>
            <Select style={{ width: 180 }} options={STATEMENT_INVOICE_TYPES.map((v) => ({ value: v, label: INVOICE_TYPE_LABELS[v] }))} />
          </Form.Item>
          <Form.Item name="taxRatePercent" label="税率" rules={[{ required: true }]}>
            <Select style={{ width: 100 }} options={TAX_RATES.map((r) => ({ value: r, label: `${r}%` }))} />
          </Form.Item>
          <Form.Item name="issueDate" label="开票日期" rules={[{ required: true, message: '请选择开票日期' }]}>
            <DatePicker disabledDate={afterToday} allowClear={false} />
          </Form.Item>
        </Space>
        <Space wrap size="middle" align="start">
          <Form.Item name="sellerTaxId" label="销方税号" rules={[{ required: true, message: '请输入销方税号' }]}>
            <Input maxLength={20} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="buyerTaxId" label="购方税号" rules={[{ required: true, message: '请输入购方税号' }]}>
            <Input maxLength={20} style={{ width: 240 }} />
          </Form.Item>
        </Space>
        <Space wrap size="middle" align="start">
          <Form.Item name="amountExclTaxYuan" label="不含税金额(元)" rules={[{ required: true, message: '请输入不含税金额' }]}>
            <InputNumber min={0} precision={2} style={{ width: 170 }} />
          </Form.Item>
          <Form.Item name="taxYuan" label="税额(元)" rules={[{ required: true, message: '请输入税额' }]}>
            <InputNumber min={0} precision={2} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="amountInclTaxYuan" label="价税合计(元)" rules={[{ required: true, message: '请输入价税合计' }]}>
            <InputNumber min={0} precision={2} style={{ width: 170 }} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
