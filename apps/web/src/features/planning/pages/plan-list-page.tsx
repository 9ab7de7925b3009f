import { dayRange, optionalDayText } from '@/shared/form/day-value';
import { PlusOutlined } from '@ant-design/icons';
import { type PlanSummary, planActionAllowed, planListRequest, planningApi, formatDate, formatTime, detailPath, pagePath } from '@scm/contract';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import { callApi } from '@/shared/http/api';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { DictSelect } from '@/shared/dict/dict-select';
import { DictTag } from '@/shared/dict/dict-tag';
import { useDict } from '@/shared/dict/use-dict';
import { useNavigate } from 'react-router';
import { useJump } from '@/shared/navigation/use-jump';
import { Can } from '@/shared/permission/can';
import { BatchActions } from '@/shared/table/batch-actions';
import { CellText } from '@/shared/table/cell-text';
import { DataTable, type ListColumns } from '@/shared/table/data-table';
import { FilterForm } from '@/shared/table/filter-form';
import { useUrlQuery } from '@/shared/table/use-url-query';
import { ExportButton } from '@/shared/ui/export-button';
import { formatCount, Money } from '@/shared/ui/money';
import { usePlanList } from '@/features/planning/api/plan';
import { useUserOptions } from '@/shared/user/use-user-options';
import { PlanActions } from '@/features/planning/components/plan-actions';
import { PlanProgress } from '@/features/planning/components/plan-progress';

/** The list's request without `ids`, which only 导出选中 sends. */
const urlSchema = planListRequest.omit({ ids: true });

interface FilterValues {
  keyword?: string;
  status?: string;
  planType?: string;
  warehouse?: string;
  ownerId?: number;
  period?: [Dayjs, Dayjs] | null;
}

export default function PlanListPage() {
  const [state, update, reset] = useUrlQuery(urlSchema);
  const jump = useJump();
  const navigate = useNavigate();
  const warehouses = useDict('warehouse');
  const users = useUserOptions();

  const filter = {
    keyword: state.keyword,
    status: state.status,
    planType: state.planType,
    warehouse: state.warehouse,
    ownerId: state.ownerId,
    periodFrom: state.periodFrom,
    periodTo: state.periodTo,
  };
  const list = usePlanList(state);
  const [selected, setSelected] = useState<PlanSummary[]>([]);

  const formValues = useMemo<FilterValues>(
    () => ({
      keyword: state.keyword,
      status: state.status,
      planType: state.planType,
      warehouse: state.warehouse,
      ownerId: state.ownerId,
      period: dayRange(state.periodFrom, state.periodTo) ?? null,
    }),
    [state.keyword, state.status, state.planType, state.warehouse, state.ownerId, state.periodFrom, state.periodTo],
  );

  const sorted = (key: string) => (state.sortField === key ? (state.sortOrder ?? null) : null);
  // At 1280 px the table is about 1,000 px wide: code and name share a cell, as do type and warehouse,
  // so approvers see budget, progress, type, warehouse, owner and period without scrolling.
  const columns: ListColumns<PlanSummary> = [
    {
      title: '计划编号 / 名称',
      dataIndex: 'code',
      key: 'code',
      width: 164,
      sorter: true,
      sortOrder: sorted('code'),
      render: (code: string, row) => (
        <div className="cell-stack" style={{ width: 146 }}>
          <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => jump(detailPath('planningTaskDetail', row.id))}>
            {code}
          </Button>
          <CellText width={146} text={row.name} />
        </div>
      ),
    },
    { title: '状态', dataIndex: 'status', key: 'status', width: 76, render: (v: string) => <DictTag code="plan_status" value={v} /> },
    {
      title: '预算总额(元)',
      dataIndex: 'budgetTotalFen',
      key: 'budgetTotalFen',
      align: 'right',
      // Room for 亿-sized budgets: "123,456,789.00".
      width: 130,
      sorter: true,
      sortOrder: sorted('budgetTotalFen'),
      render: (fen: number) => <Money fen={fen} />,
    },
    {
      title: '进度',
      key: 'progress',
      width: 108,
      render: (_: unknown, row) => <PlanProgress percent={row.progress} awarded={row.awardedQuantity} planned={row.plannedQuantity} width={92} />,
    },
    {
      title: '类型 / 仓库',
      key: 'planType',
      width: 116,
      render: (_: unknown, row) => (
        <div className="cell-stack" style={{ width: 100 }}>
          <DictTag code="plan_type" value={row.planType} />
          <div className="cell-stack-secondary" title={warehouses.label(row.warehouse)}>
            {warehouses.label(row.warehouse)}
          </div>
        </div>
      ),
    },
    { title: '负责人', key: 'owner', width: 72, render: (_: unknown, row) => <CellText width={56} text={row.owner?.username ?? '-'} /> },
    {
      title: '计划周期',
      key: 'periodStart',
      width: 100,
      sorter: true,
      sortOrder: sorted('periodStart'),
      render: (_: unknown, row) =>
        row.periodStart ? (
          <div className="cell-stack">
            <div>{row.periodStart}</div>
            <div className="cell-stack-secondary">至 {row.periodEnd ?? ''}</div>
          </div>
        ) : (
          <span className="muted">-</span>
        ),
    },
    { title: '明细', dataIndex: 'lineCount', key: 'lineCount', align: 'right', hideBelow: 1300, render: (n: number) => `${formatCount(n)} 行` },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      hideBelow: 1300,
      sorter: true,
      sortOrder: sorted('updatedAt'),
      render: (iso: string) => (
        <div>
          <div>{formatDate(iso)}</div>
          <div className="muted">{formatTime(iso)}</div>
        </div>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 140,
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
            keyword: values.keyword?.trim(),
            status: values.status,
            planType: values.planType,
            warehouse: values.warehouse,
            ownerId: values.ownerId,
            periodFrom: optionalDayText(values.period?.[0]),
            periodTo: optionalDayText(values.period?.[1]),
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
        tableId="planList"
        title="计划任务列表"
        columns={columns}
        rowSelection={{ selectedRowKeys: selected.map((p) => p.id), onChange: (_keys, rows) => setSelected(rows) }}
        data={list.data}
        loading={list.isFetching}
        onRefresh={() => list.refetch()}
        onTableChange={update}
        toolbar={
          <>
            <Can call={planningApi.create}>
              {/* A new plan opens beside the list: the list's tab (and its filters) stays. */}
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(pagePath('planningTaskDetail'))}>
                新建计划
              </Button>
            </Can>
            <BatchActions<PlanSummary>
              selected={selected}
              describe={(plan) => plan.code}
              invalidates={[planningApi.list]}
              onDone={() => setSelected([])}
              actions={[
                {
                  key: 'submit',
                  label: '提交',
                  call: planningApi.submit,
                  allowed: (plan) => planActionAllowed('submit', plan.status),
                  run: (plan) => callApi(planningApi.submit, { id: plan.id, version: plan.version }),
                },
                {
                  key: 'cancel',
                  label: '作废',
                  call: planningApi.cancel,
                  danger: true,
                  confirm: '作废后计划不能再编辑或提交。',
                  allowed: (plan) => planActionAllowed('cancel', plan.status),
                  run: (plan) => callApi(planningApi.cancel, { id: plan.id, version: plan.version }),
                },
                {
                  key: 'delete',
                  label: '删除',
                  call: planningApi.delete,
                  danger: true,
                  confirm: '删除后不可恢复；只有草稿和已驳回的计划能删除。',
                  allowed: (plan) => planActionAllowed('delete', plan.status),
                  run: (plan) => callApi(planningApi.delete, { id: plan.id, version: plan.version }),
                },
              ]}
            />
            <ExportButton
              endpoint={planningApi.export}
              filter={{ ids: selected.map((p) => p.id) }}
              label="导出选中"
              disabled={selected.length === 0}
              fileName="计划任务_选中"
            />
            <ExportButton endpoint={planningApi.export} filter={filter} fileName="计划任务" />
          </>
        }
      />
    </div>
  );
}
