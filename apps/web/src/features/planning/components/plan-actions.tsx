import { type PlanAction, type PlanStatus, planActionAllowed, detailPath, planningApi } from '@scm/contract';
import { DownOutlined } from '@ant-design/icons';
import { App, Button, type ButtonProps, Dropdown, Space } from 'antd';
import { useState } from 'react';
import { useJump } from '@/shared/navigation/use-jump';
import { usePermission } from '@/shared/permission/can';
import { feedback } from '@/shared/ui/feedback';
import { ReasonedButton } from '@/shared/ui/reasoned-button';
import {
  useApprovePlan,
  useCancelPlan,
  useClosePlan,
  useDeletePlan,
  useGenerateProcurement,
  useRejectPlan,
  useSubmitPlan,
} from '@/features/planning/api/plan';
import { GenerateModal } from './generate-modal';
import { ReasonModal } from '@/shared/ui/reason-modal';
import { ReviewModal } from './review-modal';

interface PlanRef {
  id: number;
  version: number;
  status: PlanStatus;
  code: string;
  name: string;
  owner: { id: number; username: string } | null;
  /** The server's four-eyes answer for the signed-in user: 审核 shows disabled with it. */
  reviewBlockedReason: string | null;
  /** The detail's answer: what the signed-in user may do to the plan now (a list row has none). */
  allowedActions?: readonly PlanAction[];
}

interface PlanActionsProps {
  plan: PlanRef;
  /** Row links in the list, buttons on the detail page. */
  variant: 'list' | 'detail';
  /** Unsaved edits on the detail page: state changes wait for 保存. */
  disabled?: boolean;
  onDeleted?: () => void;
}

type Dialog = 'review' | 'generate' | 'close' | 'cancel' | null;

/**
 * The state changes a plan allows, each shown to users holding its permission code: on a list row
 * where the contract's status machine (PLAN_TRANSITIONS) allows it, on the detail page where the
 * server's `allowedActions` does (the server checks both again). 审核 shows wherever the status
 * allows it, disabled with the four-eyes reason when the user may not review.
 */
export function PlanActions({ plan, variant, disabled, onDeleted }: PlanActionsProps) {
  const jump = useJump();
  const { modal } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const byStatus = (action: PlanAction) => planActionAllowed(action, plan.status);
  const allowed = (action: PlanAction) => (plan.allowedActions ? plan.allowedActions.includes(action) : byStatus(action));
  const can = {
    edit: usePermission(planningApi.update) && allowed('edit'),
    submit: usePermission(planningApi.submit) && allowed('submit'),
    approve: usePermission(planningApi.approve) && byStatus('approve'),
    generate: usePermission(planningApi.generate) && allowed('generate'),
    close: usePermission(planningApi.close) && allowed('close'),
    cancel: usePermission(planningApi.cancel) && allowed('cancel'),
    delete: usePermission(planningApi.delete) && allowed('delete'),
  };
  // The reason says why; on the detail page allowedActions decides even where it says nothing.
  const reviewBlocked = plan.reviewBlockedReason ?? (allowed('approve') ? null : '当前不能审核该计划');
  const done = () => setDialog(null);
  const submit = useSubmitPlan();
  const approve = useApprovePlan({ onSuccess: done });
  const reject = useRejectPlan({ onSuccess: done });
  const generate = useGenerateProcurement({
    onSuccess: (data) => {
      done();
      feedback.message?.success(`已生成${data.taskIds.length}个采购任务（草稿）`);
    },
  });
  const close = useClosePlan({ onSuccess: done });
  const cancel = useCancelPlan({ onSuccess: done });
  const remove = useDeletePlan({ onSuccess: () => onDeleted?.() });
  const ref = { id: plan.id, version: plan.version };
  const label = `${plan.code} ${plan.name}`;

  const list = variant === 'list';
  const unsaved = disabled ? '有未保存的修改，请先保存或放弃修改' : null;
  const button = (text: string, props: ButtonProps & { disabledReason?: string | null; confirm?: { title: string; onConfirm: () => void } } = {}) => (
    <ReasonedButton type={list ? 'link' : 'default'} size={list ? 'small' : 'middle'} disabledReason={unsaved} {...props}>
      {text}
    </ReasonedButton>
  );
  const planPath = detailPath('planningTaskDetail', plan.id);

  return (
    <>
      <Space size={list ? 0 : 8} wrap>
        {list && button('详情', { onClick: () => jump(planPath), disabledReason: null })}
        {list && can.edit && button('编辑', { onClick: () => jump(planPath) })}
        {can.submit &&
          button('提交', {
            type: list ? 'link' : 'primary',
            loading: submit.isPending,
            confirm: { title: '提交后计划将进入审核，确定提交？', onConfirm: () => submit.mutate(ref) },
          })}
        {can.approve &&
          button('审核', {
            type: list ? 'link' : 'primary',
            onClick: () => setDialog('review'),
            disabledReason: unsaved ?? reviewBlocked,
          })}
        {can.generate &&
          button('生成采购任务', {
            type: list ? 'link' : 'primary',
            onClick: () => {
              generate.reset();
              setDialog('generate');
            },
          })}
        {list ? (
          <ListMore
            items={[
              can.close && { key: 'close', label: '关闭', onClick: () => setDialog('close') },
              can.cancel && { key: 'cancel', label: '作废', danger: true, onClick: () => setDialog('cancel') },
              can.delete && {
                key: 'delete',
                label: '删除',
                danger: true,
                onClick: () =>
                  modal.confirm({
                    title: '删除计划',
                    content: `删除后不可恢复，确定删除 ${label}？`,
                    okButtonProps: { danger: true },
                    okText: '删除',
                    onOk: () => remove.mutateAsync(ref),
                  }),
              },
            ]}
          />
        ) : (
          <>
            {can.close && button('关闭', { onClick: () => setDialog('close') })}
            {can.cancel && button('作废', { danger: true, onClick: () => setDialog('cancel') })}
            {can.delete &&
              button('删除', {
                danger: true,
                loading: remove.isPending,
                confirm: { title: '删除后不可恢复，确定删除该计划？', onConfirm: () => remove.mutate(ref) },
              })}
          </>
        )}
      </Space>
      <ReviewModal
        open={dialog === 'review'}
        planId={plan.id}
        planLabel={label}
        loading={approve.isPending || reject.isPending}
        onApprove={(comment) => approve.mutate({ ...ref, comment })}
        onReject={(reason) => reject.mutate({ ...ref, reason })}
        onCancel={done}
      />
      {/* Mounted only while open: it reads the plan's lines and the user list. */}
      {dialog === 'generate' && (
        <GenerateModal
          open
          planId={plan.id}
          planLabel={label}
          loading={generate.isPending}
          error={generate.error}
          onOk={(values) => generate.mutate({ ...ref, ...values })}
          onCancel={done}
        />
      )}
      <ReasonModal
        open={dialog === 'close'}
        title="手动关闭计划"
        description="关闭后计划变为已完成，未定标的数量不再采购。"
        required
        okText="关闭计划"
        loading={close.isPending}
        onOk={(reason) => close.mutate({ ...ref, reason })}
        onCancel={done}
      />
      <ReasonModal
        open={dialog === 'cancel'}
        title="作废计划"
        description={`确定作废 ${label}？作废后不可恢复。`}
        required={false}
        okText="作废"
        danger
        loading={cancel.isPending}
        onOk={(reason) => cancel.mutate({ ...ref, reason: reason || null })}
        onCancel={done}
      />
    </>
  );
}

interface MoreItem {
  key: string;
  label: string;
  danger?: boolean;
  onClick: () => void;
}

/** The less frequent row actions (关闭, 作废, 删除) behind 更多, so the list stays narrow. */
function ListMore({ items }: { items: (MoreItem | false)[] }) {
  const shown = items.filter((item): item is MoreItem => Boolean(item));
  if (shown.length === 0) return null;
  return (
    <Dropdown menu={{ items: shown.map(({ key, label, danger, onClick }) => ({ key, label, danger, onClick })) }}>
      <Button type="link" size="small">
        更多 <DownOutlined />
      </Button>
    </Dropdown>
  );
}
