import { Form, Modal, Radio } from 'antd';

interface GenerateModalProps {
  open: boolean;
  planLabel: string;
  loading: boolean;
  onOk: (mode: 'category' | 'plan') => void;
  onCancel: () => void;
}

/** 生成采购任务: one draft task per commodity category, or one for the whole plan. */
export function GenerateModal({ open, planLabel, loading, onOk, onCancel }: GenerateModalProps) {
  const [form] = Form.useForm<{ mode: 'category' | 'plan' }>();
  return (
    <Modal
      open={open}
      title="生成采购任务"
      okText="生成"
      okButtonProps={{ loading }}
      onOk={() => form.validateFields().then((values) => onOk(values.mode))}
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
      </Form>
    </Modal>
  );
}
