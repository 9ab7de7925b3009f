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
import { INVOICE_TYPES } from './procurement/vat';
import { PURCHASE_RETURN_ACTIONS, PURCHASE_RETURN_STATUSES, RETURN_REASONS } from './purchase-return-vocabulary';

// Returns 采购退货 (docs/rules/orders.md, "Returns"): goods sent back to the supplier of an order.

export const purchaseReturnStatusSchema = z.enum(PURCHASE_RETURN_STATUSES);
export const returnReasonSchema = z.enum(RETURN_REASONS, '请选择退货原因');

export const returnQuantitySchema = z.int('退货数量须为整数').min(1, '退货数量须大于0').max(100_000_000, '退货数量过大');
export const purchaseReturnLineInput = z.strictObject({
  orderLineId: idSchema,
  quantity: returnQuantitySchema,
  reason: multilineText('退货原因说明', 200).nullish(),
});
const returnLines = z.array(purchaseReturnLineInput).min(1, '请至少填写一行退货数量').max(200, '退货明细不能超过200行');

export const purchaseReturnCreateRequest = z.strictObject({
  orderId: idSchema,
  reasonType: returnReasonSchema,
  /** 补发: the supplier sends the goods again (the quantity re-opens on the order); 不补发 settles the line short. */
  replacement: z.boolean('请选择是否补发'),
  remark: multilineText('备注', 200).nullish(),
  lines: returnLines,
});
export type PurchaseReturnCreateBody = z.input<typeof purchaseReturnCreateRequest>;
export const purchaseReturnUpdateRequest = z.strictObject({
  id: idSchema,
  version: versionSchema,
  remark: multilineText('备注', 200).nullish(),
  lines: returnLines,
});
export type PurchaseReturnUpdateBody = z.input<typeof purchaseReturnUpdateRequest>;
export const purchaseReturnConfirmRequest = z.strictObject({ id: idSchema, version: versionSchema });
export const purchaseReturnShipRequest = z.strictObject({
  id: idSchema,
  version: versionSchema,
  /** The day the goods left, not after today (Asia/Shanghai). */
  shippedOn: calendarDate('退货日期'),
});
export const purchaseReturnCancelRequest = z.strictObject({ id: idSchema, version: versionSchema, reason: requiredMultilineText('取消原因', 200) });
export const purchaseReturnDisputeRequest = z.strictObject({ id: idSchema, version: versionSchema, reason: requiredMultilineText('异议原因', 200) });

const returnFilter = {
  keyword: text('关键字', 50).optional(),
  orderId: idSchema.optional(),
  supplierId: idSchema.optional(),
  status: purchaseReturnStatusSchema.optional(),
};
export const PURCHASE_RETURN_SORT_FIELDS = ['code', 'createdAt', 'amountFen'] as const;
export const purchaseReturnListRequest = pageRequest(PURCHASE_RETURN_SORT_FIELDS).extend(returnFilter);
export type PurchaseReturnListBody = z.input<typeof purchaseReturnListRequest>;
export const purchaseReturnExportRequest = z.strictObject(returnFilter);

export const purchaseReturnItemSchema = z.object({
  id: z.number(),
  code: z.string(),
  orderId: z.number(),
  orderCode: z.string(),
  supplierId: z.number(),
  supplierName: z.string(),
  reasonType: returnReasonSchema,
  replacement: z.boolean(),
  status: purchaseReturnStatusSchema,
  /** Σ of the lines. */
  quantity: z.number(),
  amountFen: z.number(),
  createdAt: z.string(),
  version: z.number(),
});
export type PurchaseReturnItem = z.infer<typeof purchaseReturnItemSchema>;

export const purchaseReturnLineSchema = z.object({
  id: z.number(),
  orderLineId: z.number(),
  commodityName: z.string(),
  skuCode: z.string(),
  unit: z.string(),
  quantity: z.number(),
  unitPriceFen: z.number(),
  amountFen: z.number(),
  reason: z.string().nullable(),
  /** What the line may still hold: its current quantity plus the order line's net received not held by other returns. */
  returnableQuantity: z.number(),
});

export const purchaseReturnDetailSchema = purchaseReturnItemSchema.extend({
  lines: z.array(purchaseReturnLineSchema),
  disputeReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  shippedOn: z.string().nullable(),
  remark: z.string().nullable(),
  buyerName: z.string(),
  createdByName: z.string().nullable(),
  invoiceType: z.enum(INVOICE_TYPES),
  taxRatePercent: z.number(),
  /** The caller's possible actions now (the status machine; in the portal only 确认 and 有异议). */
  allowedActions: allowedActionsSchema(PURCHASE_RETURN_ACTIONS),
});
export type PurchaseReturnDetail = z.infer<typeof purchaseReturnDetailSchema>;

export const idCodeResponse = z.object({ id: z.number(), code: z.string() });

/** Columns of the return export, in order. */
export const PURCHASE_RETURN_EXPORT_COLUMNS = ['退货单号', '采购订单', '供应商', '退货原因', '补发', '状态', '数量', '金额(元)', '创建时间'] as const;

export const purchaseReturnApi = {
  list: endpoint('/admin/purchase_return/list', purchaseReturnListRequest, pageResponse(purchaseReturnItemSchema)),
  info: endpoint('/admin/purchase_return/info', byIdRequest, purchaseReturnDetailSchema),
  create: endpoint('/admin/purchase_return/create', purchaseReturnCreateRequest, idCodeResponse),
  update: endpoint('/admin/purchase_return/update', purchaseReturnUpdateRequest, idResponse),
  confirm: endpoint('/admin/purchase_return/confirm', purchaseReturnConfirmRequest, idResponse),
  ship: endpoint('/admin/purchase_return/ship', purchaseReturnShipRequest, idResponse),
  cancel: endpoint('/admin/purchase_return/cancel', purchaseReturnCancelRequest, idResponse),
  export: endpoint('/admin/purchase_return/export', purchaseReturnExportRequest, fileResponse),
};

export const portalPurchaseReturnListRequest = z.strictObject({
  page: z.int().min(1).max(1_000_000).default(1),
  pageSize: z.int().min(1).max(200).default(20),
});

export const portalPurchaseReturnApi = {
  list: endpoint(PORTAL_PATHS.returnList, portalPurchaseReturnListRequest, pageResponse(purchaseReturnItemSchema)),
  info: endpoint(PORTAL_PATHS.returnInfo, byIdRequest, purchaseReturnDetailSchema),
  confirm: endpoint(PORTAL_PATHS.returnConfirm, purchaseReturnConfirmRequest, idResponse),
  dispute: endpoint(PORTAL_PATHS.returnDispute, purchaseReturnDisputeRequest, idResponse),
};
