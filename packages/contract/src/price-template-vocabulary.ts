import { type AuditVocabulary, ENABLED_STATUS_COLORS, enabledStatusValues } from './audit';
import { CHARGE_MODE_LABELS } from './freight/units';

// The price templates' words (the operation log's vocabulary), apart from the schemas: the shell and the
// workbench read them without loading zod (docs/web-guide.md, "Loading").

/** The price template area as the operation log and the workbench show it (docs/rules/vocabulary.md). */
export const PRICE_TEMPLATE_AUDIT: AuditVocabulary = {
  module: 'price_template',
  label: '配送价格模板',
  actions: { create: '新建', update: '编辑', copy: '复制', enable: '启用', disable: '停用', delete: '删除' },
  fields: {
    name: '模板名称',
    chargeMode: '计费方式',
    chargeRows: '计费规则',
    freeRows: '包邮规则',
    noDeliveryCodes: '不配送地区',
    sourceId: '复制自模板',
    regionCodes: '地区',
    isDefault: '默认规则',
    firstQty: '首件/首重/首体积',
    firstFeeFen: '首费',
    additionalQty: '续件/续重/续体积',
    additionalFeeFen: '续费',
    qtyLimit: '数量门槛',
    minAmountFen: '金额门槛',
    operator: '条件关系',
  },
  values: {
    ...enabledStatusValues,
    chargeMode: CHARGE_MODE_LABELS,
    operator: { and: '且', or: '或' },
  },
  statusColors: ENABLED_STATUS_COLORS,
};
