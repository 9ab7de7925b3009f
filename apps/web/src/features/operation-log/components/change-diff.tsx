import { Empty, Table, Typography } from 'antd';

const FIELD_LABELS: Record<string, string> = {
  name: '名称',
  code: '编码',
  description: '描述',
  sort: '排序',
  status: '状态',
  email: '邮箱',
  username: '用户名',
  phone: '手机号',
  roleId: '角色ID',
  roleIds: '角色ID',
  permissionCodes: '权限编码',
  added: '新增权限',
  removed: '移除权限',
  label: '名称',
  icon: '图标',
  isMenu: '菜单中显示',
  key: '编码',
  parentId: '上级ID',
};

type Snapshot = Record<string, unknown> | null | undefined;

const STATUS_LABELS: Record<string, string> = { enabled: '启用', disabled: '停用' };

const show = (value: unknown) => {
  if (value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  if (value === null || value === '') return <Typography.Text type="secondary">（空）</Typography.Text>;
  const text = typeof value === 'string' ? (STATUS_LABELS[value] ?? value) : JSON.stringify(value);
  return <span className="diff-value">{text}</span>;
};

const asObject = (value: unknown): Snapshot => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);

/** The before/after of one audit row, field by field; values are rendered as text, never as HTML. */
export function ChangeDiff({ before, after }: { before: unknown; after: unknown }) {
  const from = asObject(before);
  const to = asObject(after);
  const fields = [...new Set([...Object.keys(from ?? {}), ...Object.keys(to ?? {})])];
  if (fields.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该操作没有记录字段变化" />;
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="field"
      dataSource={fields.map((field) => ({ field, before: from?.[field], after: to?.[field] }))}
      columns={[
        { title: '字段', dataIndex: 'field', width: 200, render: (field: string) => FIELD_LABELS[field] ?? <Typography.Text code>{field}</Typography.Text> },
        { title: '修改前', dataIndex: 'before', render: show },
        { title: '修改后', dataIndex: 'after', render: show },
      ]}
    />
  );
}
