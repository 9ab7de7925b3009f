import { ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Empty, Popover, Space, Table, type TableProps, Tooltip } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useMemo, useState } from 'react';

export interface PageData<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface TableChange {
  page: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
}

interface DataTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'columns' | 'onChange' | 'title'> {
  title?: ReactNode;
  columns: ColumnsType<T>;
  data: PageData<T> | undefined;
  loading: boolean;
  /** Paging and sorting changes, to be written to the URL state. */
  onTableChange: (change: TableChange) => void;
  onRefresh: () => void;
  /** Buttons on the toolbar's left: 新建, batch actions, 导出 Excel. */
  toolbar?: ReactNode;
}

/**
 * The server-paged table of every list page: toolbar (actions, column settings, refresh),
 * loading and empty states, paging with totals.
 */
export function DataTable<T extends object>({
  title,
  columns,
  data,
  loading,
  onTableChange,
  onRefresh,
  toolbar,
  ...rest
}: DataTableProps<T>) {
  const [hidden, setHidden] = useState<string[]>([]);
  const keyed = useMemo(
    () => columns.map((column, index) => ({ column, key: String(column.key ?? ('dataIndex' in column ? column.dataIndex : index)) })),
    [columns],
  );
  const visible = keyed.filter(({ key }) => !hidden.includes(key)).map(({ column }) => column);

  const settings = (
    <Checkbox.Group
      value={keyed.map(({ key }) => key).filter((key) => !hidden.includes(key))}
      onChange={(checked) => setHidden(keyed.map(({ key }) => key).filter((key) => !checked.includes(key)))}
      options={keyed.map(({ column, key }) => ({ label: String(column.title ?? key), value: key }))}
      style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
    />
  );

  return (
    <Card
      size="small"
      className="table-card"
      title={title}
      extra={
        <Space>
          {toolbar}
          <Popover content={settings} title="列设置" trigger="click" placement="bottomRight">
            <Tooltip title="列设置">
              <Button icon={<SettingOutlined />} aria-label="列设置" />
            </Tooltip>
          </Popover>
          <Tooltip title="刷新">
            <Button icon={<ReloadOutlined />} aria-label="刷新" onClick={onRefresh} />
          </Tooltip>
        </Space>
      }
    >
      <Table<T>
        rowKey="id"
        size="middle"
        columns={visible}
        dataSource={data?.list ?? []}
        loading={loading}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
        pagination={{
          current: data?.page ?? 1,
          pageSize: data?.pageSize ?? 20,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100, 200],
          showTotal: (total) => `共 ${total} 条`,
        }}
        onChange={(pagination, _filters, sorter) => {
          const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
          const field = single?.order ? (single.columnKey ?? single.field) : undefined;
          onTableChange({
            page: pagination.current ?? 1,
            pageSize: pagination.pageSize ?? 20,
            sortField: field === undefined ? undefined : String(field),
            sortOrder: single?.order ?? undefined,
          });
        }}
        {...rest}
      />
    </Card>
  );
}
