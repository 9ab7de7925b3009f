import {
  AWARD_OUTCOME_COLORS,
  AWARD_OUTCOME_LABELS,
  type AwardOutcome,
  INVITATION_STATUS_COLORS,
  INVITATION_STATUS_LABELS,
  type InvitationStatus,
  PROCUREMENT_STATUS_COLORS,
  PROCUREMENT_STATUS_LABELS,
  type ProcurementStatus,
  PURCHASE_ORDER_STATUS_COLORS,
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderStatus,
  PURCHASE_RETURN_STATUS_COLORS,
  PURCHASE_RETURN_STATUS_LABELS,
  type PurchaseReturnStatus,
  STATEMENT_STATUS_COLORS,
  STATEMENT_STATUS_LABELS,
  type StatementStatus,
} from '@scm/contract';
import { Tag } from '@/shared/ui/plain-controls';

// The portal reads its labels from the contract's vocabulary: the dictionaries are back-office routes.

function StatusTag<S extends string>({ value, labels, colors }: { value: S; labels: Record<S, string>; colors: Record<S, string> }) {
  return <Tag color={colors[value]}>{labels[value]}</Tag>;
}

export const TaskStatusTag = ({ status }: { status: ProcurementStatus }) => (
  <StatusTag value={status} labels={PROCUREMENT_STATUS_LABELS} colors={PROCUREMENT_STATUS_COLORS} />
);

export const InvitationTag = ({ status }: { status: InvitationStatus }) => (
  <StatusTag value={status} labels={INVITATION_STATUS_LABELS} colors={INVITATION_STATUS_COLORS} />
);

/** 中标 / 部分中标 / 未中标: this supplier's own outcome of an awarded task. */
export const OutcomeTag = ({ outcome }: { outcome: AwardOutcome }) => (
  <StatusTag value={outcome} labels={AWARD_OUTCOME_LABELS} colors={AWARD_OUTCOME_COLORS} />
);

export const SealedTag = () => <Tag color="purple">密封报价</Tag>;

export const OrderStatusTag = ({ status }: { status: PurchaseOrderStatus }) => (
  <StatusTag value={status} labels={PURCHASE_ORDER_STATUS_LABELS} colors={PURCHASE_ORDER_STATUS_COLORS} />
);

export const ReturnStatusTag = ({ status }: { status: PurchaseReturnStatus }) => (
  <StatusTag value={status} labels={PURCHASE_RETURN_STATUS_LABELS} colors={PURCHASE_RETURN_STATUS_COLORS} />
);

export const StatementStatusTag = ({ status }: { status: StatementStatus }) => (
  <StatusTag value={status} labels={STATEMENT_STATUS_LABELS} colors={STATEMENT_STATUS_COLORS} />
);
