import { formatDateTime } from '@scm/contract';
import { Tag, Tooltip } from 'antd';

/** 密封: a sealed task's prices stay unreadable until its deadline or 提前开标; once opened the tag says when. */
export function SealedTag({ task }: { task: { sealed: boolean; unsealedAt: string | null } }) {
  if (!task.sealed) return null;
  if (task.unsealedAt) {
    return (
      <Tooltip title={`已开标：${formatDateTime(task.unsealedAt)}`}>
        <Tag>已开标</Tag>
      </Tooltip>
    );
  }
  return (
    <Tooltip title="密封报价：截止或提前开标前，任何人都看不到报价金额">
      <Tag color="purple">密封</Tag>
    </Tooltip>
  );
}
