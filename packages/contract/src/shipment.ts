import { z } from 'zod';
import {
  byIdRequest,
  calendarDate,
  idSchema,
  multilineText,
  pageRequest,
  pageResponse,
  requiredMultilineText,
  requiredText,
  text,
  versionSchema,
} from './common';
import { endpoint } from './endpoint';
import { PORTAL_PATHS } from './portal-paths';
import { SHIPMENT_ACTIONS, SHIPMENT_STATUSES } from './shipment-vocabulary';
import { allowedActionsSchema } from './common';
import { deliveryAddressSchema } from './warehouse';
import { PHONE_PATTERN } from './validation';

export const shipmentStatusSchema = z.enum(SHIPMENT_STATUSES);

export const shipmentLineInput = z.strictObject({
  orderLineId: idSchema,
  quantity: z.int('发货数量须为整数').min(1, '发货数量须大于0').max(100_000_000, '发货数量过大'),
});

/** 发货通知 (docs/rules/orders.md, "Shipping notices"): the supplier's, or the buyer's on its behalf. */
export const shipmentCreateRequest = z.strictObject({
  orderId: idSchema,
  shipDate: calendarDate('发货日期'),
  expectedArrival: calendarDate('预计到货日期'),
  deliveryNoteNo: requiredText('送货单号', 50),
  carrier: text('承运商', 50).nullish(),
  vehiclePlate: text('车牌号', 20).nullish(),
  driverPhone: z
    .string()
    .trim()
    .regex(PHONE_PATTERN, '请输入有效的手机号或固话')
    .nullish()
    .or(z.literal('').transform(() => null)),
  remark: multilineText('备注', 200).nullish(),
  lines: z.array(shipmentLineInput).min(1, '请至少填写一行发货数量').max(200, '发货明细不能超过200行'),
});
export type ShipmentCreateBody = z.input<typeof shipmentCreateRequest>;
export const shipmentCancelRequest = z.strictObject({ id: idSchema, version: versionSchema, reason: requiredMultilineText('取消原因', 200) });

export const shipmentListRequest = pageRequest(['expectedArrival', 'createdAt']).extend({
  orderId: idSchema.optional(),
  supplierId: idSchema.optional(),
  status: shipmentStatusSchema.optional(),
  /** Expected to arrive on or after this Asia/Shanghai day… */
  expectedFrom: calendarDate('开始日期').optional(),
  /** …and on or before this one. */
  expectedTo: calendarDate('结束日期').optional(),
});
export const portalShipmentListRequest = z.strictObject({
  page: z.int().min(1).max(1_000_000).default(1),
  pageSize: z.int().min(1).max(200).default(20),
  orderId: idSchema.optional(),
});

export const shipmentItemSchema = z.object({
  id: z.number(),
  code: z.string(),
  orderId: z.number(),
  orderCode: z.string(),
  supplierId: z.number(),
  supplierName: z.string(),
  status: shipmentStatusSchema,
  shipDate: z.string(),
  expectedArrival: z.string(),
  deliveryNoteNo: z.string(),
  carrier: z.string().nullable(),
  vehiclePlate: z.string().nullable(),
  createdBySide: z.enum(['supplier', 'buyer']),
  createdAt: z.string(),
  version: z.number(),
});
export type ShipmentItem = z.infer<typeof shipmentItemSchema>;

/** A line as shipped and, once a receipt named the shipment, as received (差异 = received − shipped). */
export const shipmentLineSchema = z.object({
  orderLineId: z.number(),
  quantity: z.number(),
  receivedQuantity: z.number().nullable(),
});
export const shipmentDetailSchema = shipmentItemSchema.extend({
  driverPhone: z.string().nullable(),
  remark: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdByName: z.string().nullable(),
  receiptId: z.number().nullable(),
  /** The order's delivery address, which the notice shows in full. */
  deliveryAddress: deliveryAddressSchema.nullable(),
  deliveryRegionName: z.string(),
  lines: z.array(shipmentLineSchema.extend({ skuCode: z.string(), commodityName: z.string(), spec: z.string().nullable(), unit: z.string() })),
  allowedActions: allowedActionsSchema(SHIPMENT_ACTIONS),
});
export type ShipmentDetail = z.infer<typeof shipmentDetailSchema>;

export const shipmentCreateResponse = z.object({ id: z.number(), code: z.string() });

export const shipmentApi = {
  create: endpoint('/admin/shipment/create', shipmentCreateRequest, shipmentCreateResponse),
  list: endpoint('/admin/shipment/list', shipmentListRequest, pageResponse(shipmentItemSchema)),
  info: endpoint('/admin/shipment/info', byIdRequest, shipmentDetailSchema),
  cancel: endpoint('/admin/shipment/cancel', shipmentCancelRequest, z.object({ id: z.number() })),
};

export const portalShipmentApi = {
  create: endpoint(PORTAL_PATHS.shipmentCreate, shipmentCreateRequest, shipmentCreateResponse),
  list: endpoint(PORTAL_PATHS.shipmentList, portalShipmentListRequest, pageResponse(shipmentItemSchema)),
  info: endpoint(PORTAL_PATHS.shipmentInfo, byIdRequest, shipmentDetailSchema),
  cancel: endpoint(PORTAL_PATHS.shipmentCancel, shipmentCancelRequest, z.object({ id: z.number() })),
};
