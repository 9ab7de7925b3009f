import { BUYER_PERMISSION_CODES } from '@scm/contract';
import { Form, Modal, Radio } from 'antd';
import { UserSelect } from '../../../shared/user/user-select';

export interface GenerateChoice {
  mode: 'category' | 'plan';
  buyerId: number;
}

interface GenerateModalProps {
  open: boolean;
  planLabel: string;
  loading: boolean;
  onOk: (choice: GenerateChoice) => void;
  onCancel: () => void;
}

/**
 * 生成采购任务: one draft task per commodity category, or one for the whole plan, for a buyer who
 * may work procurement tasks (only such users are offered).
 */
export function GenerateModal({ open, planLabel, loading, onOk, onCancel }: GenerateModalProps) {
  const [form] = Form.useForm<GenerateChoice>();
  return (
    <Modal
      open={open}
      title="生成采购任务"
      okText="生成"
      okButtonProps={{ loading }}
      onOk={() => form.validateFields().then(onOk)}
      onCancel={onCancel}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <p>{planLabel}</p>
      <Form form={form} layout="vertical" initialValues={{ mode: 'category' }}>
        <Form.Item name="mode" label="生成方式" extra="采购任务以草稿状态创建，每条明细关联到计划明细；同一计划只能生成一次。">
          <Radio.Group
            options={[
              { value: 'category', label: '按商品分类，每个分类一个采购任务' },
              { value: 'plan', label: '整个计划生成一个采购任务' },
            ]}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          />
        </Form.Item>
        <Form.Item name="buyerId" label="采购员" rules={[{ required: true, message: '请选择采购员' }]}>
          <UserSelect filter={{ permissionCodes: BUYER_PERMISSION_CODES }} placeholder="选择负责这些采购任务的采购员" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
