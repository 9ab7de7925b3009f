import { type AuditVocabulary, ENABLED_STATUS_COLORS, enabledStatusValues } from './audit';

// 收货仓库 and 公司信息 as the operation log names them, apart from the schemas (docs/rules/vocabulary.md).

export const WAREHOUSE_AUDIT: AuditVocabulary = {
  module: 'warehouse',
  label: '收货仓库',
  actions: { create: '新建', update: '编辑', enable: '启用', disable: '停用', delete: '删除' },
  fields: {
    regionCode: '所在地区',
    address: '详细地址',
    consignee: '收货人',
    phone: '联系电话',
    receivingHours: '收货时间',
  },
  values: enabledStatusValues,
  statusColors: ENABLED_STATUS_COLORS,
};

export const COMPANY_INFO_AUDIT: AuditVocabulary = {
  module: 'company_info',
  label: '公司信息',
  actions: { update: '编辑' },
  fields: {
    name: '公司名称',
    creditCode: '统一社会信用代码',
    address: '地址',
    phone: '电话',
    bankName: '开户银行',
    bankAccount: '银行账号',
  },
};

/** What the papers say when an order names no warehouse. */
export const DELIVERY_PLACE_PENDING = '交货地点以采购方通知为准';
