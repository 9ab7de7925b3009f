import { type AuditVocabulary, COMMON_FIELD_LABELS, isMoneyField } from './audit';
import { AUTH_AUDIT, BACK_USER_AUDIT, MENU_AUDIT, ROLE_AUDIT } from './access-vocabulary';
import { CATEGORY_AUDIT, COMMODITY_AUDIT } from './commodity-vocabulary';
import { DICT_ITEM_AUDIT, DICT_TYPE_AUDIT } from './dictionary-vocabulary';
import { fenToYuan } from './format';
import { PLAN_AUDIT } from './planning-vocabulary';
import { PRICE_TEMPLATE_AUDIT } from './price-template-vocabulary';
import { PROCUREMENT_TASK_AUDIT, QUOTATION_AUDIT, SUPPLIER_AUDIT } from './procurement/vocabulary';
import { PURCHASE_ORDER_AUDIT } from './purchase-order-vocabulary';
import { PURCHASE_RETURN_AUDIT } from './purchase-return-vocabulary';
import { SUPPLIER_STATEMENT_AUDIT } from './supplier-statement-vocabulary';
import { CLARIFICATION_AUDIT, PORTAL_ACCOUNT_AUDIT } from './portal-vocabulary';
import { COMPANY_INFO_AUDIT, WAREHOUSE_AUDIT } from './warehouse-vocabulary';
import { SHIPMENT_AUDIT } from './shipment-vocabulary';

/** Every area's vocabulary, in the order the operation log's module filter lists them. */
export const AUDIT_VOCABULARIES: readonly AuditVocabulary[] = [
  PLAN_AUDIT,
  PROCUREMENT_TASK_AUDIT,
  QUOTATION_AUDIT,
  PURCHASE_ORDER_AUDIT,
  PURCHASE_RETURN_AUDIT,
  SHIPMENT_AUDIT,
  SUPPLIER_STATEMENT_AUDIT,
  CLARIFICATION_AUDIT,
  SUPPLIER_AUDIT,
  PORTAL_ACCOUNT_AUDIT,
  COMMODITY_AUDIT,
  CATEGORY_AUDIT,
  PRICE_TEMPLATE_AUDIT,
  WAREHOUSE_AUDIT,
  COMPANY_INFO_AUDIT,
  DICT_TYPE_AUDIT,
  DICT_ITEM_AUDIT,
  BACK_USER_AUDIT,
  ROLE_AUDIT,
  MENU_AUDIT,
  AUTH_AUDIT,
];

const byModule = new Map(AUDIT_VOCABULARIES.map((v) => [v.module, v]));

/** Labels for an action named without its module (the action filter before a module is chosen). */
const GENERIC_ACTION_LABELS: Record<string, string> = {
  create: '新建',
  update: '编辑',
  delete: '删除',
  enable: '启用',
  disable: '停用',
  import: '导入',
};

export const auditVocabulary = (module: string): AuditVocabulary | undefined => byModule.get(module);

export const auditModuleLabel = (module: string) => byModule.get(module)?.label ?? module;

/** The action's label in its module; without a module, the common label or the first area's that has one. */
export function auditActionLabel(module: string | null | undefined, action: string): string {
  const own = module ? byModule.get(module)?.actions[action] : undefined;
  return own ?? GENERIC_ACTION_LABELS[action] ?? AUDIT_VOCABULARIES.find((v) => v.actions[action])?.actions[action] ?? action;
}

export const auditFieldLabel = (module: string, field: string) => byModule.get(module)?.fields[field] ?? COMMON_FIELD_LABELS[field] ?? field;

/** The label of a coded value (a status, a charge mode…), or undefined when the field has none. */
export const auditCodeLabel = (module: string, field: string, value: string): string | undefined => byModule.get(module)?.values?.[field]?.[value];

export const auditStatusColor = (module: string, status: string): string | undefined => byModule.get(module)?.statusColors?.[status];

/**
 * A scalar value of an audit row as text: money as ¥ with thousands separators, coded values by
 * their label, booleans as 是 / 否, lists of scalars joined. Objects are left to the caller (the
 * operation log draws them as tables).
 */
export function auditValueText(module: string, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '（空）';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'number' && isMoneyField(field) && Number.isInteger(value)) return `¥${fenToYuan(value, true)}`;
  if (typeof value === 'string') return auditCodeLabel(module, field, value) ?? value;
  if (Array.isArray(value)) return value.length === 0 ? '（空）' : value.map((v) => auditValueText(module, field, v)).join('、');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
