import { type AuditVocabulary, ENABLED_STATUS_COLORS, enabledStatusValues } from './audit';

// The commodity area's words (the operation log's vocabulary), apart from the schemas: the shell and the
// workbench read them without loading zod (docs/web-guide.md, "Loading").

/** The category area as the operation log and the workbench show it (docs/rules/vocabulary.md). */
export const CATEGORY_AUDIT: AuditVocabulary = {
  module: 'category',
  label: '商品分类',
  actions: { create: '新建', update: '编辑', move: '移动', enable: '启用', disable: '停用', delete: '删除' },
  fields: { name: '分类名称', code: '分类编码', parentId: '上级分类', level: '层级' },
  values: enabledStatusValues,
  statusColors: ENABLED_STATUS_COLORS,
};

/** The commodity area as the operation log and the workbench show it (docs/rules/vocabulary.md). */
export const COMMODITY_AUDIT: AuditVocabulary = {
  module: 'commodity',
  label: '商品',
  actions: { create: '新建', update: '编辑', delete: '删除', enable: '启用', disable: '停用', import: '导入' },
  fields: {
    skuCode: 'SKU编码',
    name: '商品名称',
    categoryId: '商品分类',
    brand: '品牌',
    spec: '规格',
    unit: '单位',
    barcode: '条码',
    weightG: '重量(克)',
    volumeCm3: '体积(立方厘米)',
    referencePriceFen: '参考价',
    priceTemplateId: '配送价格模板',
    defaultSupplierId: '默认供应商',
    skipped: '跳过行数',
    skuCodes: 'SKU编码',
  },
  values: enabledStatusValues,
  statusColors: ENABLED_STATUS_COLORS,
};
