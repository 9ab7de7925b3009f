import { clarificationAskRequest, type RfqInfo } from '@scm/contract';
import { Button, Form, Input, Tag } from 'antd';
import dayjs from 'dayjs';
import { memo } from 'react';
import { applyFieldErrors, zodRule } from '@/shared/form/field-errors';
import { useAskQuestion } from '@/portal/api/rfq';
import { Rows, Section } from './section';

/**
 * 答疑: every answered question of the task (no asker named) and this supplier's own open ones;
 * while quoting, a question to the buyer. Rendered again only for another answer of the server, not
 * as the page's clock ticks, like the quote form.
 */
export const Clarifications = memo(function Clarifications({
  taskId,
  items,
  canAsk,
}: {
  taskId: number;
  items: RfqInfo['clarifications'];
  canAsk: boolean;
}) {
  const [form] = Form.useForm<{ question: string }>();
  const ask = useAskQuestion({ onError: (error) => applyFieldErrors(form, error) });
  return (
    <Section title="答疑" testId="clarifications">
      <Rows
        items={items}
        empty="暂无答疑"
        render={(c) => (
          <div key={c.id}>
            <div>
              <strong>问：</strong>
              {c.question} {c.mine && <Tag>我的提问</Tag>}
            </div>
            <div className="portal-muted" style={{ fontSize: 12 }}>
              {dayjs(c.askedAt).format('YYYY-MM-DD HH:mm')}
            </div>
            {c.answer ? (
              <div style={{ marginTop: 4 }}>
                <strong>答：</strong>
                {c.answer}
                {c.answeredAt && (
                  <span className="portal-muted" style={{ fontSize: 12, marginLeft: 8 }}>
                    {dayjs(c.answeredAt).format('YYYY-MM-DD HH:mm')}
                  </span>
                )}
              </div>
            ) : (
              <Tag color="warning" style={{ marginTop: 4 }}>
                待答复
              </Tag>
            )}
          </div>
        )}
      />
      {canAsk && (
        <Form
          form={form}
          layout="vertical"
          style={{ marginTop: 12 }}
          // On the form, not the item: an item's initialValue is written as the item mounts, and that
          // write re-renders every form item of the page, each measuring itself (docs/web-guide.md, "Portal").
          initialValues={{ question: '' }}
          onFinish={({ question }) => ask.mutate({ taskId, question }, { onSuccess: () => form.resetFields() })}
        >
          <Form.Item name="question" label="向采购方提问" rules={[zodRule(clarificationAskRequest.shape.question)]}>
            <Input.TextArea rows={2} maxLength={1000} placeholder="问题答复后，所有受邀供应商都能看到（不显示提问方）" />
          </Form.Item>
          <Button htmlType="submit" loading={ask.isPending}>
            提交问题
          </Button>
        </Form>
      )}
    </Section>
  );
});
