import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { fenToYuan, type MaintainView, procurementTaskApi } from '@scm/contract';
import { Alert, Space } from 'antd';
import { useState } from 'react';
import { usePermission } from '@/shared/permission/can';
import { useSession } from '@/shared/session/use-session';
import { ReasonModal } from '@/shared/ui/reason-modal';
import { ReasonedButton } from '@/shared/ui/reasoned-button';
import { useApproveAward, useRejectAward } from '@/features/procurement/api/task';

/** Why the user cannot approve or reject this award now, or null (the server checks the same). */
function approvalRefusal(canApprove: boolean, ownAward: boolean): string | null {
  if (!canApprove) return '需要「审批定标」权限（如采购经理）';
  if (ownAward) return '定标人不能审批自己的定标，请由其他有审批权限的人处理';
  return null;
}

/**
 * 定标待审批: the award reached the approval threshold and waits. Someone holding
 * procurementTaskMaintain:approveAward who did not make it approves it (the orders are made then)
 * or rejects it with a reason (back to 待定标). The comparison and the award summary are on the page.
 */
export function AwardApproval({ view }: { view: MaintainView }) {
  const { task, award } = view;
  const canApprove = usePermission(procurementTaskApi.approveAward);
  const canReject = usePermission(procurementTaskApi.rejectAward);
  const me = useSession().userInfo?.id;
  const approve = useApproveAward();
  const reject = useRejectAward();
  const [rejecting, setRejecting] = useState(false);
  const ownAward = award?.awardedById != null && award.awardedById === me;
  const approveRefusal = approvalRefusal(canApprove, ownAward);
  const rejectRefusal = approvalRefusal(canReject, ownAward);
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="award-approval"
      message={`定标待审批：${award?.awardedBy ?? ''} 的定标（到货成本 ¥${fenToYuan(task.awardedAmountFen ?? 0, true)}）达到审批金额，须由定标人以外有审批权限的人审批`}
      description="审批通过后生成采购订单并通知中标供应商；驳回后任务回到待定标，可重新定标。"
      action={
        <Space direction="vertical">
          <ReasonedButton
            type="primary"
            icon={<CheckOutlined />}
            disabledReason={approveRefusal}
            loading={approve.isPending}
            confirm={{
              title: '审批通过该定标？',
              description: '通过后立即生成采购订单，不可撤销。',
              onConfirm: () => approve.mutate({ id: task.id, version: task.version }),
            }}
          >
            审批通过
          </ReasonedButton>
          <ReasonedButton danger icon={<CloseOutlined />} disabledReason={rejectRefusal} onClick={() => setRejecting(true)}>
            驳回
          </ReasonedButton>
          <ReasonModal
            open={rejecting}
            title="驳回定标"
            description="驳回后定标结果作废，任务回到待定标。"
            required
            okText="确认驳回"
            danger
            loading={reject.isPending}
            onOk={(reason) => reject.mutate({ id: task.id, version: task.version, reason }, { onSuccess: () => setRejecting(false) })}
            onCancel={() => setRejecting(false)}
          />
        </Space>
      }
    />
  );
}
