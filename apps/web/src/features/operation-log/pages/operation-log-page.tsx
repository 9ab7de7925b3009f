import { auditActionLabel, auditModuleLabel, type OperationLog, operationLogListRequest, formatDateTimeSeconds } from '@scm/contract';
import { DatePicker, Form, Input, Select, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { instantRange, instantText } from '@/shared/form/day-value';
import { DataTable, type ListColumns } from '@/shared/table/data-table';
import { FilterForm } from '@/shared/table/filter-form';
import { useUrlQuery } from '@/shared/table/use-url-query';
import { useOperationLogFilters, useOperationLogList } from '@/features/operation-log/api/operation-log';
import { useUserOptions } from '@/shared/user/use-user-options';
import { ChangeDiff } from '@/features/operation-log/components/change-diff';

interface Filters {
  userId?: number;
  module?: string;
  action?: string;
  keyword?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

export default function OperationLogPage() {
  const [state, setState, resetState] = useUrlQuery(operationLogListRequest);
  // Only the time column sorts, so the URL keeps just the order.
  const list = useOperationLogList({ ...state, sortField: state.sortOrder ? 'createdAt' : undefined });
  const users = useUserOptions();
  const filters = useOperationLogFilters();

  const columns: ListColumns<OperationLog> = [
    {
      title: '时间',
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      width: 170,
      render: (at: string) => formatDateTimeSeconds(at),
    },
    { title: '操作人', dataIndex: 'userName', key: 'userName', render: (name: string | null) => name || '-' },
    { title: 'IP', dataIndex: 'ip', key: 'ip', hideBelow: 1100, render: (ip: string | null) => ip || '-' },
    { title: '模块', dataIndex: 'module', key: 'module', render: auditModuleLabel },
    {
      title: '操作',
      dataIndex: 'action',
      key: 'action',
      render: (action: string, row) => (
        <Tag color={action.endsWith('_failed') ? 'error' : action === 'delete' ? 'warning' : 'processing'}>
          {auditActionLabel(row.module, action)}
        </Tag>
      ),
    },
    {
      title: '记录',
      dataIndex: 'recordId',
      key: 'recordId',
      hideBelow: 1300,
      render: (id: string | null) => (id ? <Typography.Text code>{id}</Typography.Text> : '-'),
    },
    { title: '摘要', dataIndex: 'summary', key: 'summary', ellipsis: true, render: (text: string | null) => text || '-' },
  ];

  // Memoised: the filter form resets its fields whenever this object changes.
  const filterValues = useMemo<Filters>(
    () => ({
      userId: state.userId,
      module: state.module,
      action: state.action,
      keyword: state.keyword,
      range: instantRange(state.startTime, state.endTime),
    }),
    [state.userId, state.module, state.action, state.keyword, state.startTime, state.endTime],
  );

  return (
    <div className="page-stack">
      <FilterForm<Filters>
        values={filterValues}
        onSearch={(values) =>
          setState({
            userId: values.userId,
            module: values.module,
            action: values.action,
            keyword: values.keyword?.trim(),
            startTime: values.range?.[0] ? instantText(values.range[0].startOf('second')) : undefined,
            endTime: values.range?.[1] ? instantText(values.range[1].endOf('second')) : undefined,
            page: 1,
          })
        }
        onReset={resetState}
      >
        <Form.Item name="userId" label="操作人">
          <Select placeholder="全部" allowClear showSearch optionFilterProp="label" style={{ width: 220 }} options={users.data ?? []} />
        </Form.Item>
        <Form.Item name="module" label="模块">
          <Select
            placeholder="全部"
            allowClear
            style={{ width: 140 }}
            options={(filters.data?.modules ?? []).map((m) => ({ value: m, label: auditModuleLabel(m) }))}
          />
        </Form.Item>
        <Form.Item name="action" label="操作">
          <Select
            placeholder="全部"
            allowClear
            style={{ width: 140 }}
            options={(filters.data?.actions ?? []).map((a) => ({ value: a, label: auditActionLabel(state.module, a) }))}
          />
        </Form.Item>
        <Form.Item name="range" label="时间">
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="摘要 / 记录 / IP" allowClear style={{ width: 180 }} />
        </Form.Item>
      </FilterForm>
      <DataTable<OperationLog>
        tableId="operationLogList"
        title="操作日志"
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        onRefresh={() => list.refetch()}
        onTableChange={(change) => setState({ page: change.page, pageSize: change.pageSize, sortOrder: change.sortOrder })}
        // A long summary is cut by its ellipsis instead of widening the table past the page.
        tableLayout="fixed"
        scroll={{ x: '100%' }}
        expandable={{
          expandedRowRender: (row) => <ChangeDiff module={row.module} before={row.before} after={row.after} />,
          rowExpandable: (row) => row.before != null || row.after != null,
        }}
      />
    </div>
  );
}
