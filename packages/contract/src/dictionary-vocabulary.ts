import { type AuditVocabulary, ENABLED_STATUS_COLORS, enabledStatusValues } from './audit';

// The data dictionary's words (the operation log's vocabulary), apart from the schemas: the shell and the
// workbench read them without loading zod (docs/web-guide.md, "Loading").

/** Tag colours an item may use (antd preset colours). */
export const TAG_COLORS = [
  'default',
  'processing',
  'success',
  'warning',
  'error',
  'blue',
  'cyan',
  'green',
  'gold',
  'orange',
  'red',
  'magenta',
  'purple',
  'geekblue',
  'lime',
  'volcano',
] as const;

/** Chinese names of the tag colours (the item form, the detail list and the Excel export). */
export const TAG_COLOR_LABELS: Record<(typeof TAG_COLORS)[number], string> = {
  default: '默认',
  processing: '进行中',
  success: '成功',
  warning: '警告',
  error: '错误',
  blue: '蓝',
  cyan: '青',
  green: '绿',
  gold: '金',
  orange: '橙',
  red: '红',
  magenta: '品红',
  purple: '紫',
  geekblue: '极客蓝',
  lime: '青柠',
  volcano: '火山',
};

/** The dictionary area as the operation log and the workbench show it (docs/rules/vocabulary.md). */
export const DICT_TYPE_AUDIT: AuditVocabulary = {
  module: 'dict_type',
  label: '数据字典',
  actions: { create: '新建', update: '编辑', enable: '启用', disable: '停用', delete: '删除' },
  fields: { code: '字典编码', name: '字典名称' },
  values: enabledStatusValues,
  statusColors: ENABLED_STATUS_COLORS,
};

export const DICT_ITEM_AUDIT: AuditVocabulary = {
  module: 'dict_item',
  label: '字典项',
  actions: { create: '新建', update: '编辑', enable: '启用', disable: '停用', delete: '删除' },
  fields: { typeId: '所属字典', label: '标签', value: '值', tagColor: '标签颜色', isDefault: '默认项' },
  values: { ...enabledStatusValues, tagColor: TAG_COLOR_LABELS },
  statusColors: ENABLED_STATUS_COLORS,
};
