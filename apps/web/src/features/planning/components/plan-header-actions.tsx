import { pagePath } from '@scm/contract';
import type { PlanDetail } from '@scm/contract';
import { Button, Space } from 'antd';
import { useJump } from '@/shared/navigation/use-jump';
import { PlanActions } from './plan-actions';

interface PlanHeaderActionsProps {
  /** Undefined while the plan is being created. */
  plan: PlanDetail | undefined;
  editable: boolean;
  saving: boolean;
  /** Unsaved edits: the state changes wait for 保存. */
  dirty: boolean;
  onSave: () => void;
}

/** The detail card's buttons: 保存 (or 创建计划), the plan's state changes and 返回列表. */
export function PlanHeaderActions({ plan, editable, saving, dirty, onSave }: PlanHeaderActionsProps) {
  const jump = useJump();
  return (
    <Space wrap>
      {editable && (
        <Button type="primary" loading={saving} onClick={onSave}>
          {plan ? '保存' : '创建计划'}
        </Button>
      )}
      {plan && <PlanActions plan={plan} variant="detail" disabled={dirty} onDeleted={() => jump(pagePath('planningTaskList'))} />}
      <Button onClick={() => jump(pagePath('planningTaskList'))}>返回列表</Button>
    </Space>
  );
}
