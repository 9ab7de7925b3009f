import { planApproveRequest, reasonSchema } from '@scm/contract';
import { Descriptions, Form, Input, Modal, Radio, Table } from 'antd';
import { validForm, zodRule } from '@/shared/form/field-errors';
import { useFormGuard } from '@/shared/form/unsaved-changes';
import { DictTag } from '@/shared/dict/dict-tag';
import { Money, Quantity } from '@/shared/ui/money';
import { usePlanInfo } from '@/features/planning/api/plan';

interface ReviewModalProps {
  open: boolean;
  planId: number;
  planLabel: string;
  loading: boolean;
  onApprove: (comment: string | null) => void;
  onReject: (reason: string) => void;
  onCancel: () => void;
}

/**
 * 审核: what is being approved (budget, lines, period, owner), then approve with an optional
 * comment or reject with a reason the planner sees on the plan.
 */
export function ReviewModal({ open, planId, planLabel, loading, onApprove, onReject, onCancel }: ReviewModalProps) {
  const [form] = Form.useForm<{ decision: 'approve' | 'reject'; opinion?: string }>();
  const guard = useFormGuard(open);
  const decision = Form.useWatch('decision', form);
  const plan = usePlanInfo(open ? planId : undefined).data;
  const submit = async () => {
    const values = await validForm(form);
    if (!values) return;
    const opinion = values.opinion?.trim() ?? '';
    if (values.decision === 'approve') onApprove(opinion || null);
    else onReject(opinion);
  };
  return (
    <Modal
      open={open}
      title="审核计划"
      width={760}
      okText={decision === 'reject' ? '驳回' : '审核通过'}
      okButtonProps={{ loading, danger: decision === 'reject' }}
      onOk={submit}
      onCancel={() => guard.close(onCancel)}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <p>{planLabel}</p>
      <Descriptions size="small" column={3} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label="预算金额">{plan ? <Money fen={plan.budgetTotalFen} prefix="¥" /> : '…'}</Descriptions.Item>
        <Descriptions.Item label="明细行数">{plan?.lineCount ?? '…'}</Descriptions.Item>
        <Descriptions.Item label="计划类型">{plan ? <DictTag code="plan_type" value={plan.planType} /> : '…'}</Descriptions.Item>
        <Descriptions.Item label="仓库">{plan ? <DictTag code="warehouse" value={plan.warehouse} /> : '…'}</Descriptions.Item>
        <Descriptions.Item label="负责人">{plan?.owner?.username ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="计划周期">{plan?.periodStart ? `${plan.periodStart} ~ ${plan.periodEnd}` : '-'}</Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey="id"
        loading={!plan}
        dataSource={plan?.lines ?? []}
        pagination={false}
        scroll={{ y: 200 }}
        columns={[
          { title: '商品', key: 'commodity', ellipsis: true, render: (_, l) => `${l.skuCode} ${l.commodityName}` },
          { title: '计划数量', key: 'quantity', align: 'right', width: 110, render: (_, l) => <Quantity value={l.quantity} unit={l.unit} /> },
          { title: '预算单价', key: 'price', align: 'right', width: 110, render: (_, l) => <Money fen={l.budgetUnitPriceFen} /> },
          { title: '预算金额', key: 'amount', align: 'right', width: 130, render: (_, l) => <Money fen={l.budgetAmountFen} /> },
        ]}
      />
      <Form form={form} layout="vertical" initialValues={{ decision: 'approve' }} onValuesChange={guard.touch} style={{ marginTop: 12 }}>
        <Form.Item name="decision" label="审核结果">
          <Radio.Group
            options={[
              { value: 'approve', label: '通过' },
              { value: 'reject', label: '驳回' },
            ]}
          />
        </Form.Item>
        {decision === 'reject' ? (
          <Form.Item key="reason" name="opinion" label="驳回原因" rules={[zodRule(reasonSchema)]}>
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="请输入驳回原因，计划员据此修改" />
          </Form.Item>
        ) : (
          <Form.Item key="comment" name="opinion" label="审核意见" rules={[zodRule(planApproveRequest.shape.comment)]}>
            <Input.TextArea rows={2} maxLength={200} showCount placeholder="选填，记入计划的状态记录" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
