import { PlusOutlined } from '@ant-design/icons';
import {
  DICT,
  fenToYuan,
  instantMs,
  type ProcurementAction,
  procurementActionAllowed,
  procurementTaskApi,
  type ProcurementTaskListItem,
  taskListRequest,
  detailPath,
  pagePath,
} from '@scm/contract';
import { Button, DatePicker, Form, Input, Popconfirm, Space, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { DictSelect } from '@/shared/dict/dict-select';
import { dayEndText, dayStartText, instantRange } from '@/shared/form/day-value';
import { DictTag } from '@/shared/dict/dict-tag';
import { useJump } from '@/shared/navigation/use-jump';
import { Can, usePermission } from '@/shared/permission/can';
import { BatchActions } from '@/shared/table/batch-actions';
import { CellText } from '@/shared/table/cell-text';
import { DataTable, type ListColumns } from '@/shared/table/data-table';
import { callApi } from '@/shared/http/api';
import { FilterForm } from '@/shared/table/filter-form';
import { useUrlQuery } from '@/shared/table/use-url-query';
import { ExportButton } from '@/shared/ui/export-button';
import { Money } from '@/shared/ui/money';
import { ReasonedButton } from '@/shared/ui/reasoned-button';
import {
  useCancelTask,
  useCloseQuote,
  useCompleteTask,
  useDeleteTask,
  usePublishTask,
  useTaskInfo,
  useTaskList,
} from '@/features/procurement/api/task';
import { BuyerSelect } from '@/features/procurement/components/buyer-select';
import { DeadlineCountdown } from '@/features/procurement/components/deadline-countdown';
import { SealedTag } from '@/features/procurement/components/sealed-tag';
import { SourcePlanFilter } from '@/features/procurement/components/plan-select';

// The form brings the region, number and commodity inputs: loaded when a task is created or edited.
const TaskForm = lazy(() => import('@/features/procurement/components/task-form'));

interface FilterValues {
  keyword?: string;
  status?: string;
  buyerId?: number;
  planCode?: string;
  deadline?: [Dayjs, Dayjs] | null;
}

/** The list's request without `ids`, which only 导出选中 sends. */
const urlSchema = taskListRequest.omit({ ids: true });

const yuan = (fen: number | null) => `¥${fenToYuan(fen ?? 0, true)}`;

/** What the server would refuse 发布 for, said before the click. */
function publishBlocked(row: ProcurementTaskListItem): string | null {
  if (row.invitedCount === 0) return '请先编辑任务邀请至少一家供应商';
  if (instantMs(row.quoteDeadline) < Date.now()) return '报价截止时间已过，请先编辑任务修改截止时间';
  return null;
}

export default function ProcurementTaskListPage() {
  const [state, update, reset] = useUrlQuery(urlSchema);
  const filter = {
    keyword: state.keyword,
    status: state.status,
    buyerId: state.buyerId,
    planCode: state.planCode,
    deadlineFrom: state.deadlineFrom,
    deadlineTo: state.deadlineTo,
  };
  const list = useTaskList(state);
  const jump = useJump();
  const [editor, setEditor] = useState<{ open: boolean; id?: number }>({ open: false });
  const [selected, setSelected] = useState<ProcurementTaskListItem[]>([]);
  const info = useTaskInfo(editor.id);
  const publish = usePublishTask();
  const closeQuote = useCloseQuote();
  const cancel = useCancelTask();
  const complete = useCompleteTask();
  const remove = useDeleteTask();
  const can = {
    edit: usePermission(procurementTaskApi.update),
    publish: usePermission(procurementTaskApi.publish),
    close: usePermission(procurementTaskApi.closeQuote),
    cancel: usePermission(procurementTaskApi.cancel),
    complete: usePermission(procurementTaskApi.complete),
    remove: usePermission(procurementTaskApi.delete),
    maintain: usePermission('procurementTaskMaintain'),
    viewPlan: usePermission('planningTaskDetail'),
  };
  const openMaintain = (id: number) => jump(detailPath('procurementTaskMaintain', id));

  const columns: ListColumns<ProcurementTaskListItem> = [
    { title: '任务编号', dataIndex: 'code', key: 'code', sorter: true, width: 140 },
    {
      title: '任务名称',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      width: 150,
      render: (name: string, row) => (
        <CellText width={134} text={name}>
          {can.maintain ? <Typography.Link onClick={() => openMaintain(row.id)}>{name}</Typography.Link> : undefined}
        </CellText>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 90,
      render: (v: string, row) => (
        <Space size={2} wrap>
          <DictTag code={DICT.procurementStatus} value={v} />
          {row.sealed && <SealedTag task={row} />}
        </Space>
      ),
    },
    {
      title: '到货成本(元)',
      dataIndex: 'awardedAmountFen',
      key: 'awardedAmountFen',
      sorter: true,
      align: 'right',
      width: 130,
      render: (fen: number | null, row) => (
        <Tooltip title={fen == null ? undefined : `定标货值 ${yuan(row.awardedGoodsFen)} + 运费 ${yuan(row.awardedFreightFen)}`}>
          <span>
            <Money fen={fen} />
          </span>
        </Tooltip>
      ),
    },
    { title: '采购员', dataIndex: 'buyerName', key: 'buyerName', width: 90, render: (name: string) => <CellText width={74} text={name} /> },
    {
      title: '报价截止',
      dataIndex: 'quoteDeadline',
      key: 'quoteDeadline',
      width: 150,
      sorter: true,
      render: (deadline: string, row) => <DeadlineCountdown deadline={deadline} active={row.status === 'quoting'} />,
    },
    {
      title: '来源计划',
      dataIndex: 'planCode',
      key: 'planCode',
      hideBelow: 1300,
      render: (code: string | null, row) =>
        code && can.viewPlan ? (
          <Typography.Link onClick={() => jump(pagePath('planningTaskDetail', { id: row.planId }))}>{code}</Typography.Link>
        ) : (
          (code ?? '-')
        ),
    },
    { title: '商品行', dataIndex: 'lineCount', key: 'lineCount', align: 'right', hideBelow: 1300 },
    { title: '邀请/已报价', key: 'suppliers', align: 'center', hideBelow: 1100, render: (_, row) => `${row.invitedCount} / ${row.quotedCount}` },
    {
      title: '定标货值(元)',
      dataIndex: 'awardedGoodsFen',
      key: 'awardedGoodsFen',
      align: 'right',
      width: 130,
      hideBelow: 1300,
      render: (fen: number | null) => <Money fen={fen} />,
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      // A third or fourth action wraps to a second line rather than widening the table.
      width: 160,
      render: (_, row) => {
        const body = { id: row.id, version: row.version };
        // The buttons follow the contract's status machine (PROCUREMENT_TRANSITIONS), as the server does.
        const allowed = (action: ProcurementAction) => procurementActionAllowed(action, row.status);
        return (
          <Space size={0} wrap>
            {can.edit && allowed('edit') && (
              <Button type="link" size="small" onClick={() => setEditor({ open: true, id: row.id })}>
                编辑
              </Button>
            )}
            {can.publish && allowed('publish') && (
              <ReasonedButton
                type="link"
                size="small"
                disabledReason={publishBlocked(row)}
                confirm={{ title: '发布后供应商开始报价，任务不能再编辑。确认发布？', onConfirm: () => publish.mutate(body) }}
              >
                发布
              </ReasonedButton>
            )}
            {/* A task still editable is worked in its form; once published, in 报价维护. */}
            {can.maintain && !allowed('edit') && (
              <Button type="link" size="small" onClick={() => openMaintain(row.id)}>
                报价维护
              </Button>
            )}
            {/* A sealed task's quoting ends by 提前开标 on the maintenance page. */}
            {can.close && allowed('close_quote') && !row.sealed && (
              <Popconfirm title="提前关闭报价后不能再录入报价，确认关闭？" onConfirm={() => closeQuote.mutate(body)}>
                <Button type="link" size="small">
                  关闭报价
                </Button>
              </Popconfirm>
            )}
            {can.complete && allowed('complete') && (
              <Popconfirm title="确认该任务已完成？" onConfirm={() => complete.mutate(body)}>
                <Button type="link" size="small">
                  完成
                </Button>
              </Popconfirm>
            )}
            {can.cancel && allowed('cancel') && (
              <Popconfirm title={`取消任务「${row.name}」？`} description="取消后不能恢复" onConfirm={() => cancel.mutate(body)}>
                <Button type="link" size="small" danger>
                  取消
                </Button>
              </Popconfirm>
            )}
            {can.remove && allowed('delete') && (
              <Popconfirm title={`删除草稿「${row.name}」？`} onConfirm={() => remove.mutate(body)}>
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  // The URL keeps the instants the filter sends; the picker shows their Shanghai days.
  const range = instantRange(state.deadlineFrom, state.deadlineTo);
  const editing = editor.id !== undefined && info.data?.id === editor.id ? info.data : undefined;
  return (
    <div className="page-stack">
      <FilterForm
        values={{ keyword: state.keyword, status: state.status, buyerId: state.buyerId, planCode: state.planCode, deadline: range }}
        onSearch={(values: FilterValues) =>
          update({
            keyword: values.keyword?.trim(),
            status: values.status,
            buyerId: values.buyerId,
            planCode: values.planCode,
            deadlineFrom: values.deadline?.[0] ? dayStartText(values.deadline[0]) : undefined,
            deadlineTo: values.deadline?.[1] ? dayEndText(values.deadline[1]) : undefined,
            page: 1,
          })
        }
        onReset={reset}
      >
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="任务编号 / 名称" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <DictSelect code={DICT.procurementStatus} placeholder="全部" style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="buyerId" label="采购员">
          <BuyerSelect allowClear placeholder="全部" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="planCode" label="来源计划">
          <SourcePlanFilter allowClear placeholder="搜索计划编号 / 名称" style={{ width: 200 }} popupMatchSelectWidth={320} />
        </Form.Item>
        <Form.Item name="deadline" label="报价截止">
          <DatePicker.RangePicker />
        </Form.Item>
      </FilterForm>
      <DataTable<ProcurementTaskListItem>
        tableId="procurementTaskList"
        title="采购任务列表"
        columns={columns}
        rowSelection={{ selectedRowKeys: selected.map((t) => t.id), onChange: (_keys, rows) => setSelected(rows) }}
        data={list.data}
        loading={list.isFetching}
        onRefresh={() => list.refetch()}
        onTableChange={update}
        toolbar={
          <>
            <BatchActions<ProcurementTaskListItem>
              selected={selected}
              describe={(task) => task.code}
              invalidates={[procurementTaskApi.list]}
              onDone={() => setSelected([])}
              actions={[
                {
                  key: 'cancel',
                  label: '取消',
                  call: procurementTaskApi.cancel,
                  danger: true,
                  confirm: '取消后任务不能恢复，已收到的报价作废。',
                  allowed: (task) => procurementActionAllowed('cancel', task.status),
                  run: (task) => callApi(procurementTaskApi.cancel, { id: task.id, version: task.version }),
                },
              ]}
            />
            <ExportButton
              endpoint={procurementTaskApi.export}
              filter={{ ids: selected.map((t) => t.id) }}
              label="导出选中"
              disabled={selected.length === 0}
              fileName="采购任务_选中"
            />
            <ExportButton endpoint={procurementTaskApi.export} filter={filter} fileName="采购任务" />
            <Can call={procurementTaskApi.create}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true })}>
                新建
              </Button>
            </Can>
          </>
        }
      />
      {editor.open && (
        <Suspense fallback={null}>
          <TaskForm open={editor.id === undefined || editing !== undefined} editing={editing} onClose={() => setEditor({ open: false })} />
        </Suspense>
      )}
    </div>
  );
}
