import { DAY_FORMAT, dayRange, optionalDayText } from '@/shared/form/day-value';
import {
  MESSAGE_KIND_COLORS,
  MESSAGE_KIND_LABELS,
  type Message,
  type MessageKind,
  messageKindsOf,
  messageListRequest,
  formatDateTimeSeconds,
} from '@scm/contract';
import { Button, DatePicker, Form, Popconfirm, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useJump } from '@/shared/navigation/use-jump';
import { DataTable, type ListColumns } from '@/shared/table/data-table';
import { FilterForm } from '@/shared/table/filter-form';
import { useUrlQuery } from '@/shared/table/use-url-query';
import { useMarkAllRead, useMarkRead, useMessageList } from '@/features/message/api/message';

interface Filters {
  read?: 'unread' | 'read';
  kind?: MessageKind;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** 消息中心: every message of the signed-in user, filtered by read state, kind and day; each opens its record. */
export default function MessageCenterPage() {
  const [query, setQuery, resetQuery] = useUrlQuery(messageListRequest);
  const list = useMessageList(query);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const jump = useJump();
  const [selected, setSelected] = useState<number[]>([]);

  const open = (message: Message) => {
    if (!message.readAt) markRead.mutate({ ids: [message.id] });
    jump(message.link);
  };

  const columns: ListColumns<Message> = [
    {
      title: '标题',
      dataIndex: 'title',
      key: 'title',
      width: 260,
      render: (title: string, row) => (
        <Button type="link" style={{ padding: 0, fontWeight: row.readAt ? undefined : 600 }} onClick={() => open(row)}>
          {title}
        </Button>
      ),
    },
    {
      title: '状态',
      dataIndex: 'readAt',
      key: 'status',
      width: 80,
      render: (readAt: string | null) => (readAt ? <Tag>已读</Tag> : <Tag color="error">未读</Tag>),
    },
    {
      title: '类型',
      dataIndex: 'kind',
      key: 'kind',
      width: 120,
      render: (kind: MessageKind) => <Tag color={MESSAGE_KIND_COLORS[kind]}>{MESSAGE_KIND_LABELS[kind]}</Tag>,
    },
    { title: '内容', dataIndex: 'body', key: 'body', ellipsis: true },
    { title: '时间', dataIndex: 'createdAt', key: 'createdAt', width: 170, render: (at: string) => formatDateTimeSeconds(at) },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_: unknown, row) =>
        row.readAt ? null : (
          <Button type="link" size="small" onClick={() => markRead.mutate({ ids: [row.id] })}>
            标为已读
          </Button>
        ),
    },
  ];

  // Memoised: the filter form resets its fields whenever this object changes.
  const filterValues = useMemo<Filters>(
    () => ({
      read: query.unread === true ? 'unread' : query.unread === false ? 'read' : undefined,
      kind: query.kind,
      range: dayRange(query.createdFrom, query.createdTo),
    }),
    [query.unread, query.kind, query.createdFrom, query.createdTo],
  );

  return (
    <div className="page-stack">
      <FilterForm<Filters>
        values={filterValues}
        onSearch={(values) =>
          setQuery({
            unread: values.read === 'unread' ? true : values.read === 'read' ? false : undefined,
            kind: values.kind,
            createdFrom: optionalDayText(values.range?.[0]),
            createdTo: optionalDayText(values.range?.[1]),
            page: 1,
          })
        }
        onReset={resetQuery}
      >
        <Form.Item name="read" label="状态">
          <Select
            placeholder="全部"
            allowClear
            style={{ width: 120 }}
            options={[
              { value: 'unread', label: '未读' },
              { value: 'read', label: '已读' },
            ]}
          />
        </Form.Item>
        <Form.Item name="kind" label="类型">
          <Select
            placeholder="全部"
            allowClear
            style={{ width: 160 }}
            options={messageKindsOf('admin').map((kind) => ({ value: kind, label: MESSAGE_KIND_LABELS[kind] }))}
          />
        </Form.Item>
        <Form.Item name="range" label="日期">
          <DatePicker.RangePicker format={DAY_FORMAT} />
        </Form.Item>
      </FilterForm>
      <DataTable<Message>
        tableId="messageCenter"
        title="消息中心"
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        onRefresh={() => list.refetch()}
        onTableChange={(change) => setQuery({ page: change.page, pageSize: change.pageSize })}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        toolbar={
          <>
            <Button
              disabled={!selected.length}
              loading={markRead.isPending}
              onClick={() => markRead.mutate({ ids: selected }, { onSuccess: () => setSelected([]) })}
            >
              标为已读
            </Button>
            <Popconfirm title="将全部消息标为已读？" onConfirm={() => markAll.mutate({})}>
              <Button loading={markAll.isPending}>全部已读</Button>
            </Popconfirm>
          </>
        }
      />
    </div>
  );
}
