import { type Clarification, clarificationAnswerRequest, clarificationApi, formatDateTime } from '@scm/contract';
import { Button, Empty, Form, Input, List, Space, Tag } from 'antd';
import { applyFieldErrors, zodRule } from '@/shared/form/field-errors';
import { usePermission } from '@/shared/permission/can';
import { useAnswerClarification, useClarifications } from '@/features/procurement/api/clarification';

function AnswerBox({ item }: { item: Clarification }) {
  const [form] = Form.useForm<{ answer: string }>();
  const answer = useAnswerClarification({ onError: (error) => applyFieldErrors(form, error) });
  return (
    <Form
      form={form}
      layout="inline"
      style={{ marginTop: 8 }}
      onFinish={({ answer: text }) => answer.mutate({ id: item.id, version: item.version, answer: text })}
    >
      <Form.Item name="answer" initialValue="" rules={[zodRule(clarificationAnswerRequest.shape.answer)]} style={{ flex: 1 }}>
        <Input.TextArea
          rows={1}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={1000}
          aria-label={`答复-${item.id}`}
          placeholder="答复后所有受邀供应商可见（不显示提问方）"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={answer.isPending}>
        答复
      </Button>
    </Form>
  );
}

/** 答疑: the suppliers' questions on this task, with an answer box for the open ones. */
export function ClarificationThread({ taskId }: { taskId: number }) {
  const list = useClarifications(taskId);
  const canAnswer = usePermission(clarificationApi.answer);
  const items = list.data ?? [];
  if (!list.isLoading && items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无供应商提问" />;
  return (
    <List<Clarification>
      loading={list.isLoading}
      dataSource={items}
      rowKey="id"
      renderItem={(item) => (
        <List.Item>
          <div style={{ width: '100%' }}>
            <Space size={8} wrap>
              <strong>{item.supplierName}</strong>
              <span className="muted">{formatDateTime(item.askedAt)}</span>
              {item.answer ? <Tag color="success">已答复</Tag> : <Tag color="warning">待答复</Tag>}
            </Space>
            <div>问：{item.question}</div>
            {item.answer ? (
              <div>
                答：{item.answer}
                {item.answeredAt && <span className="muted">（{formatDateTime(item.answeredAt)}）</span>}
              </div>
            ) : (
              canAnswer && <AnswerBox item={item} />
            )}
          </div>
        </List.Item>
      )}
    />
  );
}
