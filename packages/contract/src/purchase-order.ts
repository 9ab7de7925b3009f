import { z } from 'zod';
import {
  allowedActionsSchema,
  byIdRequest,
  calendarDate,
  fileResponse,
  idResponse,
  idSchema,
  multilineText,
  pageRequest,
  pageResponse,
  requiredMultilineText,
  text,
  versionSchema,
} from './common';
import { endpoint } from './endpoint';
import { PORTAL_PATHS } from './portal-paths';
import { deliveryAddressSchema } from './warehouse';
import { INVOICE_TYPES } from './procurement/vat';
import { PURCHASE_RETURN_STATUSES, RETURN_REASONS } from './purchase-return-vocabulary';
import { CONFIRM_CHANNELS, CONFIRMED_BY, PURCHASE_ORDER_ACTIONS, PURCHASE_ORDER_STATUSES } from './purchase-order-vocabulary';
import { shipmentLineSchema, shipmentStatusSchema } from './shipment';

export const purchaseOrderStatusSchema = z.enum(PURCHASE_ORDER_STATUSES);

const orderFilter = {
  keyword: text('关键字', 50).optional(),
  supplierId: idSchema.optional(),
  status: purchaseOrderStatusSchema.optional(),
  buyerId: idSchema.optional(),
  taskId: idSchema.optional(),
  /** Created on or after this Asia/Shanghai day… */
  createdFrom: calendarDate('开始日期').optional(),
  /** …and on or before this one. */
  createdTo: calendarDate('结束日期').optional(),
};
export const PURCHASE_ORDER_SORT_FIELDS = ['code', 'createdAt', 'requiredBy', 'totalFen'] as const;
export const purchaseOrderListRequest = pageRequest(PURCHASE_ORDER_SORT_FIELDS).extend(orderFilter);
export type PurchaseOrderListBody = z.input<typeof purchaseOrderListRequest>;
export const purchaseOrderExportRequest = z.strictObject(orderFilter);

export const purchaseOrderItemSchema = z.object({
  id: z.number(),
  code: z.string(),
  taskId: z.number(),
  taskCode: z.string(),
  supplierId: z.number(),
  supplierName: z.string(),
  status: purchaseOrderStatusSchema,
  /** 货值: Σ line amounts (tax-inclusive). */
  goodsFen: z.number(),
  freightFen: z.number(),
  /** 订单总额: goods + freight. */
  totalFen: z.number(),
  orderedQuantity: z.number(),
  receivedQuantity: z.number(),
  requiredBy: z.string().nullable(),
  buyerId: z.number(),
  buyerName: z.string(),
  createdAt: z.string(),
  version: z.number(),
});
export type PurchaseOrderItem = z.infer<typeof purchaseOrderItemSchema>;

export const purchaseOrderLineSchema = z.object({
  id: z.number(),
  taskLineId: z.number(),
  commodityId: z.number(),
  skuCode: z.string(),
  commodityName: z.string(),
  spec: z.string().nullable(),
  unit: z.string(),
  quantity: z.number(),
  unitPriceFen: z.number(),
  amountFen: z.number(),
  /** Net received (docs/rules/orders.md, "The net ledger"): accepted − reversed − returned and shipped back. */
  receivedQuantity: z.number(),
  /** Refused at the dock over every receipt (a reversed receipt's refusals are taken back with it). */
  rejectedQuantity: z.number(),
  /** Returned and shipped back to the supplier. */
  returnedQuantity: z.number(),
  /** Net received × unit price: what the company owes for the line, past the ordered quantity too. */
  receivedAmountFen: z.number(),
  /** Still expected: quantity − returned without 补发 − net received, not below 0. */
  openQuantity: z.number(),
  /** What a new return may take: net received less what returns hold and have not shipped. */
  returnableQuantity: z.number(),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLineSchema>;

export const purchaseReceiptSchema = z.object({
  id: z.number(),
  /** The reversal's version check (`purchase_receipt/reverse`). */
  version: z.number(),
  receivedOn: z.string(),
  remark: z.string().nullable(),
  /** Why a line passed its ordered quantity by more than 10 %; on a mirror receipt, why it reversed. */
  reason: z.string().nullable(),
  /** On a mirror receipt 冲销单: the receipt it reverses. */
  reversalOf: z.number().nullable(),
  /** On a reversed receipt: its mirror receipt. */
  reversedBy: z.number().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  /** The shipping notice the receipt took in, when it named one. */
  shipmentId: z.number().nullable(),
  /** A mirror receipt's quantities are the reversed receipt's, negated. */
  lines: z.array(
    z.object({
      id: z.number(),
      orderLineId: z.number(),
      quantity: z.number(),
      rejectedQuantity: z.number(),
      rejectReason: z.string().nullable(),
    }),
  ),
});
export type PurchaseReceipt = z.infer<typeof purchaseReceiptSchema>;

/** What the printed order shows of its supplier. */
export const orderPartySchema = z.object({
  name: z.string(),
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  creditCode: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
});

export const purchaseOrderDetailSchema = purchaseOrderItemSchema.extend({
  invoiceType: z.enum(INVOICE_TYPES),
  taxRatePercent: z.number(),
  deliveryRegionCode: z.string(),
  deliveryRegionName: z.string(),
  /** Where to deliver, as the order was made (docs/rules/orders.md); null when its task named no warehouse. */
  deliveryAddress: deliveryAddressSchema.nullable(),
  planId: z.number().nullable(),
  planCode: z.string().nullable(),
  taskName: z.string(),
  closeReason: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  /** 承诺到货日期 of the supplier's answer (the required-by date when it named none). */
  promisedDate: z.string().nullable(),
  confirmedBy: z.enum(CONFIRMED_BY).nullable(),
  confirmedByName: z.string().nullable(),
  /** How the buyer heard the answer it confirmed on the supplier's behalf (`confirm_channel`). */
  confirmChannel: z.enum(CONFIRM_CHANNELS).nullable(),
  confirmRemark: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** The supplier's 结算方式 (`settlement_type`), printed in the terms. */
  settlementType: z.string(),
  shipments: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      status: shipmentStatusSchema,
      shipDate: z.string(),
      expectedArrival: z.string(),
      deliveryNoteNo: z.string(),
      carrier: z.string().nullable(),
      vehiclePlate: z.string().nullable(),
      version: z.number(),
      lines: z.array(shipmentLineSchema),
    }),
  ),
  supplier: orderPartySchema,
  lines: z.array(purchaseOrderLineSchema),
  /** Σ of the lines' received amounts + freight: what is payable for what was kept; 订单总额 stays as ordered. */
  receivedTotalFen: z.number(),
  receipts: z.array(purchaseReceiptSchema),
  /** The order's returns 采购退货, oldest first. */
  returns: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      status: z.enum(PURCHASE_RETURN_STATUSES),
      reasonType: z.enum(RETURN_REASONS),
      replacement: z.boolean(),
      quantity: z.number(),
      amountFen: z.number(),
      shippedOn: z.string().nullable(),
      version: z.number(),
    }),
  ),
  /**
   * The actions the caller may perform on the order now: the status machine, and in the portal
   * only 确认 and 拒绝 (a supplier neither receives nor closes), as the server checks them when the
   * call comes. Permission codes are not counted: the page asks `<Can>` for those.
   */
  allowedActions: allowedActionsSchema(PURCHASE_ORDER_ACTIONS),
});
export type PurchaseOrderDetail = z.infer<typeof purchaseOrderDetailSchema>;

export const receiptQuantitySchema = z.int('收货数量须为整数').min(0, '收货数量不能为负数').max(100_000_000, '收货数量过大');
export const rejectedQuantitySchema = z.int('拒收数量须为整数').min(0, '拒收数量不能为负数').max(100_000_000, '拒收数量过大');

/** One line of a receipt: accepted, and refused at the dock with a reason (docs/rules/orders.md, "Receipts"). */
export const receiptLineSchema = z
  .strictObject({
    orderLineId: idSchema,
    quantity: receiptQuantitySchema,
    rejectedQuantity: rejectedQuantitySchema.nullish(),
    rejectReason: multilineText('拒收原因', 200).nullish(),
  })
  .superRefine((line, ctx) => {
    const rejected = line.rejectedQuantity ?? 0;
    if (line.quantity + rejected <= 0) ctx.addIssue({ code: 'custom', path: ['quantity'], message: '收货数量与拒收数量不能都为0' });
    if (rejected > 0 && !line.rejectReason) ctx.addIssue({ code: 'custom', path: ['rejectReason'], message: '请填写拒收原因' });
  });
export const purchaseOrderReceiveRequest = z.strictObject({
  id: idSchema,
  version: versionSchema,
  /** Not after today (Asia/Shanghai); the server checks it against its clock. */
  receivedOn: calendarDate('收货日期'),
  remark: multilineText('备注', 200).nullish(),
  /** Required when a line passes its ordered quantity by more than 10 %. */
  reason: multilineText('超收原因', 200).nullish(),
  lines: z.array(receiptLineSchema).min(1, '请至少填写一行收货数量').max(200, '收货明细不能超过200行'),
  /** The shipping notice this receipt takes in (its 差异 against what was shipped is kept). */
  shipmentId: idSchema.nullish(),
});
export type PurchaseOrderReceiveBody = z.input<typeof purchaseOrderReceiveRequest>;
export const purchaseOrderCloseRequest = z.strictObject({ id: idSchema, version: versionSchema, reason: requiredMultilineText('关闭原因', 200) });
/** Not before today in Asia/Shanghai (the server checks it against its clock); the required-by date when left out. */
const promisedDate = calendarDate('承诺到货日期').nullish();
/** The buyer confirms on the supplier's behalf and says how the supplier answered. */
export const purchaseOrderConfirmRequest = z.strictObject({
  id: idSchema,
  version: versionSchema,
  promisedDate,
  channel: z.enum(CONFIRM_CHANNELS, '请选择确认渠道').nullish(),
});
/** The supplier's own 确认 in the portal, with a promise and a remark. */
export const portalOrderConfirmRequest = z.strictObject({
  id: idSchema,
  version: versionSchema,
  promisedDate,
  remark: multilineText('备注', 200).nullish(),
});
export const purchaseOrderRejectRequest = z.strictObject({ id: idSchema, version: versionSchema, reason: requiredMultilineText('拒绝原因', 200) });

/** Columns of the order export's first sheet, in order (amounts and quantities as numbers, dates as dates). */
export const PURCHASE_ORDER_EXPORT_COLUMNS = [
  '订单编号',
  '采购任务',
  '供应商',
  '状态',
  '货值(元)',
  '运费(元)',
  '订单总额(元)',
  '订购数量',
  '已收数量',
  '需求日期',
  '承诺到货日期',
  '收货仓库',
  '采购员',
  '创建时间',
] as const;

/** Columns of the export's second sheet: one row per order line. */
export const PURCHASE_ORDER_LINE_EXPORT_COLUMNS = [
  '订单编号',
  '供应商',
  '状态',
  'SKU',
  '商品名称',
  '规格',
  '单位',
  '订购数量',
  '含税单价(元)',
  '含税金额(元)',
  '已收数量',
  '未收数量',
  '发票类型',
  '税率(%)',
  '关闭原因',
] as const;

export const purchaseOrderApi = {
  list: endpoint('/admin/purchase_order/list', purchaseOrderListRequest, pageResponse(purchaseOrderItemSchema)),
  info: endpoint('/admin/purchase_order/info', byIdRequest, purchaseOrderDetailSchema),
  confirm: endpoint('/admin/purchase_order/confirm', purchaseOrderConfirmRequest, idResponse),
  /** The refusal the supplier gave by phone or mail, recorded by the buyer (`purchaseOrder:confirm`). */
  reject: endpoint('/admin/purchase_order/reject', purchaseOrderRejectRequest, idResponse),
  receive: endpoint('/admin/purchase_order/receive', purchaseOrderReceiveRequest, idResponse),
  close: endpoint('/admin/purchase_order/close', purchaseOrderCloseRequest, idResponse),
  export: endpoint('/admin/purchase_order/export', purchaseOrderExportRequest, fileResponse),
};

/** 冲销: a whole receipt reversed by a mirror receipt, with a reason (docs/rules/orders.md, "Reversal"). */
export const purchaseReceiptReverseRequest = z.strictObject({ id: idSchema, version: versionSchema, reason: requiredMultilineText('冲销原因', 200) });
export const purchaseReceiptApi = {
  reverse: endpoint('/admin/purchase_receipt/reverse', purchaseReceiptReverseRequest, idResponse),
};

/** The supplier portal's orders (docs/portal.md, "Orders"): the same shapes, only the caller's supplier's orders. */
export const portalPurchaseOrderListRequest = z.strictObject({
  page: z.int().min(1).max(1_000_000).default(1),
  pageSize: z.int().min(1).max(200).default(20),
});

export const portalPurchaseOrderApi = {
  list: endpoint(PORTAL_PATHS.orderList, portalPurchaseOrderListRequest, pageResponse(purchaseOrderItemSchema)),
  info: endpoint(PORTAL_PATHS.orderInfo, byIdRequest, purchaseOrderDetailSchema),
  confirm: endpoint(PORTAL_PATHS.orderConfirm, portalOrderConfirmRequest, idResponse),
  reject: endpoint(PORTAL_PATHS.orderReject, purchaseOrderRejectRequest, idResponse),
};
