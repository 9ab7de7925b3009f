import { BUYER_PERMISSION_CODES, type GenerateMode, plannedTasks } from '@scm/contract';
import { Alert, Card, Form, Modal, Radio, Spin, Table, Tag } from 'antd';
import { useEffect } from 'react';
import { applyFieldErrors, validForm } from '@/shared/form/field-errors';
import { useSession } from '@/shared/session/use-session';
import { UserSelect } from '@/shared/user/user-select';
import { usePlanInfo } from '@/features/planning/api/plan';

export interface GenerateValues {
  mode: GenerateMode;
  buyerId: number;
}

interface GenerateModalProps {
  open: boolean;
  planId: number;
  planLabel: string;
  loading: boolean;
  onOk: (values: GenerateValues) => void;
  onCancel: () => void;
  /** The server's answer to a failed generation, shown on the fields. */
  error?: unknown;
}

/**
 * 生成采购任务: one draft task per commodity category, or one for the whole plan, for a chosen
 * buyer. The preview lists exactly the tasks the server will create (the contract's `plannedTasks`).
 */
export function GenerateModal({ open, planId, planLabel, loading, onOk, onCancel, error }: GenerateModalProps) {
  const [form] = Form.useForm<GenerateValues>();
  const session = useSession();
  const plan = usePlanInfo(open ? planId : undefined);
  const mode = Form.useWatch('mode', form) ?? 'category';
  // The current user is proposed only when they could be the buyer (the server checks the same codes).
  const meAsBuyer = BUYER_PERMISSION_CODES.every((code) => session.codes.includes(code)) ? session.userInfo?.id : undefined;
  const tasks = plan.data ? plannedTasks(plan.data.name, mode, plan.data.lines) : [];

  useEffect(() => {
    if (error) applyFieldErrors(form, error);
  }, [error, form]);

  return (
    <Modal
      open={open}
      title="生成采购任务"
      okText={tasks.length ? `生成 ${tasks.length} 个采购任务` : '生成'}
      okButtonProps={{ loading, disabled: !plan.data }}
      width={720}
      // The body scrolls so the footer (生成) stays on screen on a laptop's 800 px.
      styles={{ body: { maxHeight: 'calc(100vh - 240px)', overflowY: 'auto', paddingRight: 4 } }}
      onOk={() => validForm(form).then((values) => values && onOk(values))}
      onCancel={onCancel}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <p>{planLabel}</p>
      <Form form={form} layout="vertical" initialValues={{ mode: 'category', buyerId: meAsBuyer }}>
        <Form.Item name="mode" label="生成方式" extra="采购任务以草稿状态创建，每条明细关联到计划明细；同一计划只能生成一次。">
          <Radio.Group
            options={[
              { value: 'category', label: '按商品分类，每个分类一个采购任务' },
              { value: 'plan', label: '整个计划生成一个采购任务' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="buyerId"
          label="采购员"
          rules={[{ required: true, message: '请选择采购员' }]}
          extra="须为启用状态、角色拥有采购任务权限的用户"
        >
          <UserSelect filter={{ permissionCodes: BUYER_PERMISSION_CODES }} placeholder="请选择采购员" aria-label="采购员" />
        </Form.Item>
      </Form>
      {plan.isLoading ? (
        <Spin />
      ) : (
        <section className="generate-preview" aria-label="将生成的采购任务" style={{ maxHeight: 360, overflowY: 'auto' }}>
          <Alert type="info" showIcon style={{ marginBottom: 8 }} message={`将生成 ${tasks.length} 个采购任务`} />
          {tasks.map((task, index) => (
            <Card
              key={task.name}
              size="small"
              style={{ marginBottom: 8 }}
              title={
                <span>
                  {index + 1}. {task.name} <Tag>{task.categoryName ?? '整单'}</Tag>
                  <span className="muted">{task.lines.length} 行</span>
                </span>
              }
            >
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={task.lines}
                columns={[
                  { title: 'SKU', dataIndex: 'skuCode', width: 140 },
                  { title: '商品', dataIndex: 'commodityName' },
                  { title: '数量', dataIndex: 'quantity', align: 'right', width: 100 },
                ]}
              />
            </Card>
          ))}
        </section>
      )}
    </Modal>
  );
}
