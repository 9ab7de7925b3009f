import { PlusOutlined } from '@ant-design/icons';
import { type PlanListBody, type PlanSummary, planningApi } from '@scm/contract';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { DictSelect } from '../../../shared/dict/dict-select';
import { DictTag } from '../../../shared/dict/dict-tag';
import { useDict } from '../../../shared/dict/use-dict';
import { useJump } from '../../../shared/navigation/use-jump';
import { Can } from '../../../shared/permission/can';
import { DataTable } from '../../../shared/table/data-table';
import { FilterForm } from '../../../shared/table/filter-form';
import { useUrlState } from '../../../shared/table/use-url-state';
import { ExportButton } from '../../../shared/ui/export-button';
import { Money } from '../../../shared/ui/money';
import { usePlanList } from '../api/plan-list';
import { useUserOptions } from '../../../shared/user/use-user-options';
import { DETAIL_PATH, PlanActions } from '../components/plan-actions';
import { PlanProgress } from '../components/plan-progress';

const defaults = {
  page: 1,
  pageSize: 20,
  sortField: '',
  sortOrder: '',
  keyword: '',
  status: '',
  planType: '',
  warehouse: '',
  ownerId: 0,
  periodFrom: '',
  periodTo: '',
};

interface FilterValues {
  keyword?: string;
  status?: string;
  planType?: string;
  warehouse?: string;
  ownerId?: number;
  period?: [Dayjs, Dayjs] | null;
}

export default function PlanListPage() {
  const [state, update, reset] = useUrlState(defaults);
  const jump = useJump();
  const warehouses = useDict('warehouse');
  const users = useUserOptions();

  const filter = {
    keyword: state.keyword || undefined,
    status: (state.status || undefined) as PlanListBody['status'],
    planType: state.planType || undefined,
    warehouse: state.warehouse || undefined,
    ownerId: state.ownerId || undefined,
    periodFrom: state.periodFrom || undefined,
    periodTo: state.periodTo || undefined,
  };
  const body: PlanListBody = {
    ...filter,
    page: state.page,
    pageSize: state.pageSize,
    sortField: (state.sortField || undefined) as PlanListBody['sortField'],
    sortOrder: (state.sortOrder || undefined) as PlanListBody['sortOrder'],
  };
  const list = usePlanList(body);

  const formValues = useMemo<FilterValues>(
    () => ({
      keyword: state.keyword || undefined,
      status: state.status || undefined,
      planType: state.planType || undefined,
      warehouse: state.warehouse || undefined,
      ownerId: state.ownerId || undefined,
      period: state.periodFrom && state.periodTo ? [dayjs(state.periodFrom), dayjs(state.periodTo)] : null,
    }),
    [state.keyword, state.status, state.planType, state.warehouse, state.ownerId, state.periodFrom, state.periodTo],
  );

  const sorted = (key: string) => (state.sortField === key ? (state.sortOrder as 'ascend' | 'descend') || null : null);
  const columns: ColumnsType<PlanSummary> = [
    {
      title: '计划编号',
      dataIndex: 'code',
      key: 'code',
      fixed: 'left',
      sorter: true,
      sortOrder: sorted('code'),
      render: (code: string, row) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => jump(`${DETAIL_PATH}?id=${row.id}`)}>
          {code}
        </Button>
      ),
    },
    { title: '计划名称', dataIndex: 'name', key: 'name', sorter: true, sortOrder: sorted('name'), ellipsis: true, width: 190 },
    { title: '计划类型', dataIndex: 'planType', key: 'planType', render: (v: string) => <DictTag code="plan_type" value={v} /> },
    { title: '仓库', dataIndex: 'warehouse', key: 'warehouse', render: (v: string) => warehouses.label(v) },
    {
      title: '计划周期',
      key: 'periodStart',
      sorter: true,
      sortOrder: sorted('periodStart'),
      render: (_: unknown, row) =>
        row.periodStart ? (
          <div className="plan-period">
            <div>{row.periodStart}</div>
            <div className="muted">至 {row.periodEnd ?? ''}</div>
          </div>
        ) : (
          <span className="muted">-</span>
        ),
    },
    { title: '明细', dataIndex: 'lineCount', key: 'lineCount', align: 'right' },
    {
      title: '预算总额(元)',
      dataIndex: 'budgetTotalFen',
      key: 'budgetTotalFen',
      align: 'right',
      sorter: true,
      sortOrder: sorted('budgetTotalFen'),
      render: (fen: number) => <Money fen={fen} />,
    },
    {
      title: '进度',
      key: 'progress',
      render: (_: unknown, row) => <PlanProgress percent={row.progress} awarded={row.awardedQuantity} planned={row.plannedQuantity} />,
    },
    { title: '状态', dataIndex: 'status', key: 'status', render: (v: string) => <DictTag code="plan_status" value={v} /> },
    { title: '负责人', key: 'owner', render: (_: unknown, row) => row.owner?.username ?? '-' },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      sorter: true,
      sortOrder: sorted('updatedAt'),
      render: (iso: string) => (
        <div>
          <div>{dayjs(iso).format('YYYY-MM-DD')}</div>
          <div className="muted">{dayjs(iso).format('HH:mm')}</div>
        </div>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, row) => <PlanActions plan={row} variant="list" />,
    },
  ];

  return (
    <div className="page-stack">
      <FilterForm<FilterValues>
        values={formValues}
        onSearch={(values) =>
          update({
            page: 1,
            keyword: values.keyword?.trim() ?? '',
            status: values.status ?? '',
            planType: values.planType ?? '',
            warehouse: values.warehouse ?? '',
            ownerId: values.ownerId ?? 0,
            periodFrom: values.period?.[0]?.format('YYYY-MM-DD') ?? '',
            periodTo: values.period?.[1]?.format('YYYY-MM-DD') ?? '',
          })
        }
        onReset={reset}
      >
        <Form.Item name="keyword" label="关键词">
          <Input placeholder="计划编号 / 名称" allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <DictSelect code="plan_status" placeholder="全部" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="planType" label="计划类型">
          <DictSelect code="plan_type" placeholder="全部" style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="warehouse" label="仓库">
          <DictSelect code="warehouse" placeholder="全部" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="ownerId" label="负责人">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="全部"
            style={{ width: 130 }}
            loading={users.isLoading}
            options={users.data ?? []}
          />
        </Form.Item>
        <Form.Item name="period" label="计划周期">
          <DatePicker.RangePicker style={{ width: 240 }} />
        </Form.Item>
      </FilterForm>
      <DataTable<PlanSummary>
        title="计划任务列表"
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        onRefresh={() => list.refetch()}
        onTableChange={update}
        toolbar={
          <>
            <Can code="planningTaskList:create">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => jump(DETAIL_PATH)}>
                新建计划
              </Button>
            </Can>
            <ExportButton endpoint={planningApi.export} filter={filter} fileName="计划任务" code="planningTaskList:export" />
          </>
        }
      />
    </div>
  );
}
