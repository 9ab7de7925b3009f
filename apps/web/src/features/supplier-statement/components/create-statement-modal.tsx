import { statementCreateRequest } from '@scm/contract';
import { DatePicker, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { afterToday, dayText } from '@/shared/form/day-value';
import { applyFieldErrors, applyIssues, validForm } from '@/shared/form/field-errors';
import { SupplierSelect } from '@/shared/supplier/supplier-select';
import { useCreateStatement } from '@/features/supplier-statement/api/supplier-statement';

interface Values {
  supplierId: number;
  period: [Dayjs, Dayjs];
  remark?: string;
}

/**
 * 新建对账单: a supplier and a period; the server gathers every movement of that supplier inside it
 * that no other statement holds (docs/rules/statements.md).
 */
export function CreateStatementModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const [form] = Form.useForm<Values>();
  const create = useCreateStatement({ onError: (error) => applyFieldErrors(form, error, { aliases: { periodFrom: 'period', periodTo: 'period' } }) });

  const submit = async () => {
    const values = await validForm(form);
    if (!values) return;
    const body = {
      supplierId: values.supplierId,
      periodFrom: dayText(values.period[0]),
      periodTo: dayText(values.period[1]),
      remark: values.remark?.trim() || undefined,
    };
    const checked = statementCreateRequest.safeParse(body);
    if (!checked.success) {
      applyIssues(form, checked.error.issues);
      return;
    }
    const created = await create.mutateAsync(body);
    onCreated(created.id);
  };

  return (
    <Modal
      open={open}
      title="新建对账单"
      okText="生成对账单"
      onCancel={onClose}
      onOk={() => submit().catch(() => undefined)}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="statement-create">
        <Form.Item name="supplierId" label="供应商" rules={[{ required: true, message: '请选择供应商' }]}>
          <SupplierSelect placeholder="选择供应商" />
        </Form.Item>
        <Form.Item
          name="period"
          label="对账期间"
          rules={[{ required: true, message: '请选择对账期间' }]}
          extra="汇总该供应商在期间内尚未对账的收货、冲销、已退货和运费"
        >
          <DatePicker.RangePicker disabledDate={afterToday} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
