/**
 * How the operation log and the workbench name what the audit log recorded (docs/rules/vocabulary.md).
 * Each area's contract file declares one `AuditVocabulary` next to its statuses; AUDIT_VOCABULARIES
 * below lists them all, so a module, action, field or coded value is labelled in one place.
 */
export interface AuditVocabulary {
  /** The module name the server writes in the audit row (a resource name, docs/rules/codes-and-api.md). */
  module: string;
  label: string;
  /** Every audit action the area writes, with its Chinese label. */
  actions: Record<string, string>;
  /** Labels of the fields its audit rows hold, including the fields of their line rows. */
  fields: Record<string, string>;
  /** Labels of coded values, by field (statuses and other enumerations). */
  values?: Record<string, Record<string, string>>;
  /** Tag colours of the status values. */
  statusColors?: Record<string, string>;
}

/** Fields every area shares; an area's own `fields` win over these. */
export const COMMON_FIELD_LABELS: Record<string, string> = {
  id: 'ID',
  code: '编码',
  name: '名称',
  status: '状态',
  remark: '备注',
  sort: '排序',
  version: '版本',
  reason: '原因',
  createdAt: '创建时间',
  updatedAt: '更新时间',
  createdBy: '创建人',
  updatedBy: '更新人',
  builtIn: '内置',
  count: '数量',
  ids: '记录ID',
  lines: '明细',
};

export const ENABLED_STATUS_LABELS: Record<string, string> = { enabled: '启用', disabled: '停用' };
export const ENABLED_STATUS_COLORS: Record<string, string> = { enabled: 'success', disabled: 'default' };

/** Labels for a module whose records only switch between 启用 and 停用. */
export const enabledStatusValues = { status: ENABLED_STATUS_LABELS };

/** Money fields are integer fen and end in `Fen` (docs/rules/money-and-formats.md). */
export const isMoneyField = (field: string) => /Fen$/.test(field);
