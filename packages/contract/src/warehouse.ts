import { z } from 'zod';
import {
  byIdRequest,
  byIdVersionRequest,
  fileResponse,
  idResponse,
  idSchema,
  multilineText,
  pageRequest,
  pageResponse,
  requiredText,
  statusSchema,
  text,
  versionSchema,
} from './common';
import { endpoint } from './endpoint';
import { PHONE_PATTERN, REGION_CODE_6 } from './validation';

const PHONE_MESSAGE = '请输入有效的手机号或固话（如 13800138000、0571-88886666）';
/** A required mainland mobile or landline number (warehouses, 公司信息). */
export const phoneField = (label: string) => z.string(`请输入${label}`).trim().min(1, `请输入${label}`).regex(PHONE_PATTERN, PHONE_MESSAGE);

/** A warehouse code: letters, digits and `_` (the value plans keep in `warehouse`). */
export const warehouseCodeSchema = z
  .string('请输入仓库编码')
  .trim()
  .min(1, '请输入仓库编码')
  .max(40, '仓库编码不能超过40个字符')
  .regex(/^[A-Za-z0-9_]+$/, '仓库编码只能包含字母、数字和下划线');

const warehouseFields = {
  name: requiredText('仓库名称', 50),
  regionCode: z.string('请选择所在地区').regex(REGION_CODE_6, '请选择所在地区'),
  address: requiredText('详细地址', 200),
  consignee: requiredText('收货人', 50),
  phone: phoneField('联系电话'),
  receivingHours: text('收货时间', 100).nullish(),
  status: statusSchema.default('enabled'),
  remark: multilineText('备注', 500).nullish(),
};

export const warehouseCreateRequest = z.strictObject({ code: warehouseCodeSchema, ...warehouseFields });
/** The code is fixed after creation: an update may repeat it, never change it. */
export const warehouseUpdateRequest = z.strictObject({
  id: idSchema,
  version: versionSchema,
  code: warehouseCodeSchema.optional(),
  ...warehouseFields,
  status: statusSchema.optional(),
});
const warehouseFilter = { keyword: text('关键字', 50).optional(), status: statusSchema.optional() };
export const warehouseListRequest = pageRequest(['code', 'name', 'updatedAt']).extend(warehouseFilter);
export const warehouseExportRequest = z.strictObject(warehouseFilter);

export const warehouseSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  regionCode: z.string(),
  regionName: z.string(),
  address: z.string(),
  consignee: z.string(),
  phone: z.string(),
  receivingHours: z.string().nullable(),
  status: statusSchema,
  remark: z.string().nullable(),
  version: z.number(),
});
export type Warehouse = z.infer<typeof warehouseSchema>;
export const warehouseOptionSchema = z.object({ code: z.string(), name: z.string(), regionCode: z.string() });
export type WarehouseOption = z.infer<typeof warehouseOptionSchema>;

/** Columns of the warehouse export, in order. */
export const WAREHOUSE_EXPORT_COLUMNS = ['仓库编码', '仓库名称', '所在地区', '详细地址', '收货人', '联系电话', '收货时间', '状态', '备注'] as const;

export const warehouseApi = {
  list: endpoint('/admin/warehouse/list', warehouseListRequest, pageResponse(warehouseSchema)),
  /** Enabled warehouses for selectors (any signed-in user). */
  options: endpoint('/admin/warehouse/options', z.strictObject({}), z.array(warehouseOptionSchema)),
  info: endpoint('/admin/warehouse/info', byIdRequest, warehouseSchema),
  create: endpoint('/admin/warehouse/create', warehouseCreateRequest, idResponse),
  update: endpoint('/admin/warehouse/update', warehouseUpdateRequest, idResponse),
  enable: endpoint('/admin/warehouse/enable', byIdVersionRequest, idResponse),
  disable: endpoint('/admin/warehouse/disable', byIdVersionRequest, idResponse),
  delete: endpoint('/admin/warehouse/delete', byIdVersionRequest, z.null()),
  export: endpoint('/admin/warehouse/export', warehouseExportRequest, fileResponse),
};

/**
 * Where an order is delivered, copied from its task's warehouse when the order was made, so a later
 * edit of the warehouse never changes an order already sent (docs/rules/orders.md).
 */
export const deliveryAddressSchema = z.object({
  warehouseCode: z.string(),
  warehouseName: z.string(),
  regionCode: z.string(),
  regionName: z.string(),
  address: z.string(),
  consignee: z.string(),
  phone: z.string(),
  receivingHours: z.string().nullable(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;
