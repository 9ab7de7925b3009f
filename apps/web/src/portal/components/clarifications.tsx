import { formatDateTime } from '@scm/contract';
import type { RfqInfo } from '@scm/contract';
import { type FormEvent, memo } from 'react';
import { requestChecks } from '@/portal/api/request-checks';
import { useAskQuestion } from '@/portal/api/rfq';
import { useCheckedText } from './form-errors';
import { Button, Tag } from '@/shared/ui/plain-controls';
import { Rows, Section } from './section';
import { CheckedTextArea } from './checked-text-area';

/**
 * 答疑: every answered question of the task (no asker named) and this supplier's own open ones;
 * while quoting, a question to the buyer, checked by the contract's rule before it is sent.
 * Rendered again only for another answer of the server, not as the page's clock ticks.
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
  const question = useCheckedText('question');
  const ask = useAskQuestion({ onError: question.onServerError });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { clarificationAskRequest } = await requestChecks();
    const text = question.checked(clarificationAskRequest.shape.question);
    if (text !== null) ask.mutate({ taskId, question: text }, { onSuccess: question.reset });
  };
  return (
    <Section title="答疑" testId="clarifications" id="clarifications">
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
              {formatDateTime(c.askedAt)}
            </div>
            {c.answer ? (
              <div style={{ marginTop: 4 }}>
                <strong>答：</strong>
                {c.answer}
                {c.answeredAt && (
                  <span className="portal-muted" style={{ fontSize: 12, marginLeft: 8 }}>
                    {formatDateTime(c.answeredAt)}
                  </span>
                )}
              </div>
            ) : (
              <div style={{ marginTop: 4 }}>
                <Tag color="warning">待答复</Tag>
              </div>
            )}
          </div>
        )}
      />
      {canAsk && (
        <form noValidate onSubmit={submit} onFocus={requestChecks} style={{ marginTop: 12 }}>
          <CheckedTextArea
            id="clarification-question"
            label="向采购方提问"
            field={question}
            rows={2}
            maxLength={1000}
            placeholder="问题答复后，所有受邀供应商都能看到（不显示提问方）"
          />
          <Button type="submit" loading={ask.isPending}>
            提交问题
          </Button>
        </form>
      )}
    </Section>
  );
});
