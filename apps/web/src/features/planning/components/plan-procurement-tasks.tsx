import { detailPath } from '@scm/contract';
import type { PlanDetail } from '@scm/contract';
import { Button, Card, Empty, Table } from 'antd';
import { DictTag } from '@/shared/dict/dict-tag';
import { useJump } from '@/shared/navigation/use-jump';
import { usePermission } from '@/shared/permission/can';

/** The procurement tasks generated from the plan, each a link to its task for those who may open it. */
export function PlanProcurementTasks({ tasks }: { tasks: PlanDetail['procurementTasks'] }) {
  const jump = useJump();
  const canOpenTasks = usePermission('procurementTaskMaintain');
  return (
    <Card size="small" title={`关联采购任务（${tasks.length}）`}>
      <Table
        size="small"
        rowKey="id"
        dataSource={tasks}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="审核通过后可生成采购任务" /> }}
        columns={[
          {
            title: '采购任务编号',
            dataIndex: 'code',
            render: (code: string, task) =>
              canOpenTasks ? (
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => jump(detailPath('procurementTaskMaintain', task.id))}>
                  {code}
                </Button>
              ) : (
                code
              ),
          },
          { title: '名称', dataIndex: 'name' },
          { title: '明细数', dataIndex: 'lineCount', align: 'right' },
          { title: '状态', dataIndex: 'status', render: (v: string) => <DictTag code="procurement_status" value={v} /> },
        ]}
      />
    </Card>
  );
}
