import { formatCount } from '@/shared/ui/money';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, Table, type TableProps, Tooltip } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { type ListColumns, useColumnSettings } from './column-settings';

export interface PageData<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
  /** The server stopped counting at `total` (commodity search, docs/decisions.md): pages end there. */
  totalCapped?: boolean;
}

export interface TableChange {
  page: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
}

export type { ListColumn, ListColumns } from './column-settings';

interface DataTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'columns' | 'onChange' | 'title'> {
  /** Names the list in the remembered settings (column choice, density), e.g. "planList". */
  tableId: string;
  title?: ReactNode;
  columns: ListColumns<T>;
  data: PageData<T> | undefined;
  loading: boolean;
  /** Paging and sorting changes, to be written to the URL state. */
  onTableChange: (change: TableChange) => void;
  onRefresh: () => void;
  /** Buttons on the toolbar's left: 新建, batch actions, 导出 Excel. */
  toolbar?: ReactNode;
}

/**
 * The server-paged table of every list page: toolbar (actions, column settings, density, refresh),
 * loading and empty states, paging with totals. Columns are chosen for the width: secondary
 * columns (`hideBelow`) give way on narrow screens and show in the expanded row instead; the
 * user's column choice and density are remembered per user. The header and the horizontal
 * scroll bar stick to the window, so the bar is on screen whenever the table is wider than it.
 */
export function DataTable<T extends object>({
  tableId,
  title,
  columns,
  data,
  loading,
  onTableChange,
  onRefresh,
  toolbar,
  ...rest
}: DataTableProps<T>) {
  const { ref, columns: shown, size, controls, expandable } = useColumnSettings(tableId, columns);

  return (
    <Card
      size="small"
      className="table-card"
      title={title}
      extra={
        <Space>
          {toolbar}
          {controls}
          <Tooltip title="刷新">
            <Button icon={<ReloadOutlined />} aria-label="刷新" onClick={onRefresh} />
          </Tooltip>
        </Space>
      }
    >
      <div ref={ref}>
        <Table<T>
          rowKey="id"
          size={size}
          columns={shown}
          dataSource={data?.list ?? []}
          loading={loading}
          scroll={{ x: 'max-content' }}
          sticky
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
          pagination={{
            current: data?.page ?? 1,
            pageSize: data?.pageSize ?? 20,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100, 200],
            showTotal: (total) => (data?.totalCapped ? `共 ${formatCount(total)}+ 条，结果较多，请缩小搜索条件` : `共 ${total} 条`),
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
          expandable={rest.expandable ?? expandable}
        />
      </div>
    </Card>
  );
}
