import { fenToYuan, type StatementDetail, yuanToFen } from '@scm/contract';
import { DatePicker, Form, Input, InputNumber, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { afterToday, dayText, todayValue } from '@/shared/form/day-value';
import { applyFieldErrors, validForm } from '@/shared/form/field-errors';
import { usePayStatement } from '@/features/supplier-statement/api/supplier-statement';

interface Values {
  paidOn: Dayjs;
  amountYuan: number;
  paymentRef: string;
  reason?: string;
}

/** 登记付款: the day, the amount (the statement's total unless a reason says otherwise) and the bank's reference. */
export default function PayModal({ statement, open, onClose }: { statement: StatementDetail; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const pay = usePayStatement({ onError: (error) => applyFieldErrors(form, error) });
  const amountYuan = Form.useWatch('amountYuan', form);
  const differs = amountYuan !== undefined && amountYuan !== null && yuanToFen(amountYuan) !== statement.totalFen;

  const submit = async () => {
    const values = await validForm(form);
    if (!values) return;
    await pay.mutateAsync({
      id: statement.id,
      version: statement.version,
      paidOn: dayText(values.paidOn),
      amountFen: yuanToFen(values.amountYuan) ?? 0,
      paymentRef: values.paymentRef.trim(),
      reason: values.reason?.trim() || undefined,
    });
    onClose();
  };

  return (
    <Modal
      open={open}
      title={`登记付款 · ${statement.code}`}
      okText="确认付款"
      onCancel={onClose}
      onOk={() => submit().catch(() => undefined)}
      confirmLoading={pay.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="pay-form" initialValues={{ paidOn: todayValue(), amountYuan: Number(fenToYuan(statement.totalFen)) }}>
        <Form.Item name="paidOn" label="付款日期" rules={[{ required: true, message: '请选择付款日期' }]}>
          <DatePicker disabledDate={afterToday} allowClear={false} />
        </Form.Item>
        <Form.Item
          name="amountYuan"
          label="付款金额(元)"
          rules={[{ required: true, message: '请输入付款金额' }]}
          extra={`对账总额 ¥${fenToYuan(statement.totalFen, true)}`}
        >
          <InputNumber min={0.01} precision={2} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="paymentRef" label="付款流水号" rules={[{ required: true, whitespace: true, message: '请输入付款流水号' }]}>
          <Input maxLength={64} />
        </Form.Item>
        {differs && (
          <Form.Item name="reason" label="差额原因" rules={[{ required: true, whitespace: true, message: '付款金额与对账总额不一致，请填写原因' }]}>
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
