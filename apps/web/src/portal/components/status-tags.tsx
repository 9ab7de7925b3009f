import {
  INVITATION_STATUS_COLORS,
  INVITATION_STATUS_LABELS,
  type InvitationStatus,
  PROCUREMENT_STATUS_COLORS,
  PROCUREMENT_STATUS_LABELS,
  type ProcurementStatus,
  PURCHASE_ORDER_STATUS_COLORS,
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderStatus,
} from '@scm/contract';
import { Tag } from 'antd';

// The portal reads its labels from the contract's vocabulary: the dictionaries are back-office routes.

export const TaskStatusTag = ({ status }: { status: ProcurementStatus }) => (
  <Tag color={PROCUREMENT_STATUS_COLORS[status]}>{PROCUREMENT_STATUS_LABELS[status]}</Tag>
);

export const InvitationTag = ({ status }: { status: InvitationStatus }) => (
  <Tag color={INVITATION_STATUS_COLORS[status]}>{INVITATION_STATUS_LABELS[status]}</Tag>
);

export const SealedTag = () => <Tag color="purple">密封报价</Tag>;

export const OrderStatusTag = ({ status }: { status: PurchaseOrderStatus }) => (
  <Tag color={PURCHASE_ORDER_STATUS_COLORS[status]}>{PURCHASE_ORDER_STATUS_LABELS[status]}</Tag>
);
