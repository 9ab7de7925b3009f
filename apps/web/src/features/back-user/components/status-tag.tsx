import type { Status } from '@scm/contract';
import { Tag } from 'antd';

export function StatusTag({ status }: { status: Status }) {
  return status === 'enabled' ? <Tag color="success">启用</Tag> : <Tag color="default">停用</Tag>;
}
