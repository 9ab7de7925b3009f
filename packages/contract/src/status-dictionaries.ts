import { PLAN_STATUS_COLORS, PLAN_STATUS_LABELS, PLAN_STATUSES } from './planning-vocabulary';
import {
  INVITATION_STATUS_COLORS,
  INVITATION_STATUS_LABELS,
  INVITATION_STATUSES,
  PROCUREMENT_STATUS_COLORS,
  PROCUREMENT_STATUS_LABELS,
  PROCUREMENT_STATUSES,
  QUOTE_STATUS_COLORS,
  QUOTE_STATUS_LABELS,
  QUOTE_STATUSES,
  SUPPLIER_STATUS_COLORS,
  SUPPLIER_STATUS_LABELS,
  SUPPLIER_STATUSES,
} from './procurement/vocabulary';
import { PURCHASE_ORDER_STATUS_COLORS, PURCHASE_ORDER_STATUS_LABELS, PURCHASE_ORDER_STATUSES } from './purchase-order-vocabulary';
import { PURCHASE_RETURN_STATUS_COLORS, PURCHASE_RETURN_STATUS_LABELS, PURCHASE_RETURN_STATUSES } from './purchase-return-vocabulary';
import { SHIPMENT_STATUS_COLORS, SHIPMENT_STATUS_LABELS, SHIPMENT_STATUSES } from './shipment-vocabulary';
import { STATEMENT_STATUS_COLORS, STATEMENT_STATUS_LABELS, STATEMENT_STATUSES } from './supplier-statement-vocabulary';

/*
 * The status dictionaries are the system's (docs/rules/base-data.md, "Status dictionaries"): their
 * items are each area's statuses with the vocabulary's labels and colours, written on every start,
 * and 数据字典 shows them read-only. So a tag on a page (read from the dictionary), an audit summary, a
 * 409's words and the operation log (read from the vocabulary) always say the same.
 */

export interface StatusDictionary {
  readonly name: string;
  readonly remark: string;
  readonly statuses: readonly string[];
  readonly labels: Readonly<Record<string, string>>;
  readonly colors: Readonly<Record<string, string>>;
}

const dictionary = <S extends string>(
  name: string,
  remark: string,
  statuses: readonly S[],
  labels: Record<S, string>,
  colors: Record<S, string>,
): StatusDictionary => ({ name, remark, statuses, labels, colors });

/** By dictionary type code (the `DICT` values), in the order 数据字典 lists them. */
export const STATUS_DICTIONARIES = {
  plan_status: dictionary('计划状态', '计划任务的状态流转', PLAN_STATUSES, PLAN_STATUS_LABELS, PLAN_STATUS_COLORS),
  procurement_status: dictionary('采购任务状态', '采购任务的状态流转', PROCUREMENT_STATUSES, PROCUREMENT_STATUS_LABELS, PROCUREMENT_STATUS_COLORS),
  quote_status: dictionary('报价状态', '受邀供应商的报价状态', INVITATION_STATUSES, INVITATION_STATUS_LABELS, INVITATION_STATUS_COLORS),
  quotation_status: dictionary('报价单状态', '报价单的状态', QUOTE_STATUSES, QUOTE_STATUS_LABELS, QUOTE_STATUS_COLORS),
  purchase_order_status: dictionary(
    '采购订单状态',
    '采购订单的状态流转',
    PURCHASE_ORDER_STATUSES,
    PURCHASE_ORDER_STATUS_LABELS,
    PURCHASE_ORDER_STATUS_COLORS,
  ),
  purchase_return_status: dictionary(
    '采购退货状态',
    '采购退货单的状态流转',
    PURCHASE_RETURN_STATUSES,
    PURCHASE_RETURN_STATUS_LABELS,
    PURCHASE_RETURN_STATUS_COLORS,
  ),
  shipment_status: dictionary(
    '发货通知状态',
    '供应商的发货通知：在途、已收货、已取消',
    SHIPMENT_STATUSES,
    SHIPMENT_STATUS_LABELS,
    SHIPMENT_STATUS_COLORS,
  ),
  supplier_status: dictionary('供应商状态', '停用或黑名单的供应商不能被邀请报价', SUPPLIER_STATUSES, SUPPLIER_STATUS_LABELS, SUPPLIER_STATUS_COLORS),
  statement_status: dictionary('对账单状态', '供应商对账单的状态流转', STATEMENT_STATUSES, STATEMENT_STATUS_LABELS, STATEMENT_STATUS_COLORS),
} as const satisfies Record<string, StatusDictionary>;

/** Whether a dictionary type is a status dictionary: its items are the system's, not editable in 数据字典. */
export const isStatusDictionary = (code: string): code is keyof typeof STATUS_DICTIONARIES => Object.hasOwn(STATUS_DICTIONARIES, code);

/** The refusal of an item write in a status dictionary. */
export const STATUS_DICTIONARY_READ_ONLY = '状态字典由系统按业务流程维护，不能在数据字典中修改';
