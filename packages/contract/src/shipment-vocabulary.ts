import type { AuditVocabulary } from './audit';
import { actionsOf, type StatusMachine, transitionAllowed } from './status-machine';

// 发货通知's statuses, machine and words, apart from the schemas: the portal reads them without zod.

/** Values of the `shipment_status` dictionary (docs/rules/orders.md, "Shipping notices"). */
export const SHIPMENT_STATUSES = ['in_transit', 'received', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = { in_transit: '在途', received: '已收货', cancelled: '已取消' };
export const SHIPMENT_STATUS_COLORS: Record<ShipmentStatus, string> = { in_transit: 'processing', received: 'success', cancelled: 'default' };

/** A receipt naming the shipment takes it in; either side cancels it before that, with a reason. */
export const SHIPMENT_TRANSITIONS = {
  receive: { from: ['in_transit'], to: 'received' },
  cancel: { from: ['in_transit'], to: 'cancelled' },
} as const satisfies StatusMachine<ShipmentStatus>;
export type ShipmentAction = keyof typeof SHIPMENT_TRANSITIONS;
export const SHIPMENT_ACTIONS = actionsOf(SHIPMENT_TRANSITIONS);
export const SHIPMENT_ACTION_LABELS: Record<ShipmentAction, string> = { receive: '收货', cancel: '取消' };
export const shipmentActionAllowed = (action: ShipmentAction, status: ShipmentStatus) => transitionAllowed(SHIPMENT_TRANSITIONS, action, status);

/** Who recorded a shipping notice. */
export const SHIPMENT_SIDE_LABELS: Record<'supplier' | 'buyer', string> = { supplier: '供应商', buyer: '采购员代录' };

export const SHIPMENT_AUDIT: AuditVocabulary = {
  module: 'shipment',
  label: '发货通知',
  actions: { create: '登记发货', ...SHIPMENT_ACTION_LABELS },
  fields: {
    orderId: '采购订单',
    supplierId: '供应商',
    shipDate: '发货日期',
    expectedArrival: '预计到货',
    deliveryNoteNo: '送货单号',
    carrier: '承运商',
    vehiclePlate: '车牌号',
    driverPhone: '司机电话',
    createdBySide: '登记方',
    createdByName: '登记人',
    cancelReason: '取消原因',
    receiptId: '收货记录',
    orderLineId: '订单明细',
    quantity: '发货数量',
    receivedQuantity: '实收数量',
  },
  values: { status: SHIPMENT_STATUS_LABELS, createdBySide: SHIPMENT_SIDE_LABELS },
  statusColors: SHIPMENT_STATUS_COLORS,
};
