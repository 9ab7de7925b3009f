import {
  CONFIRM_CHANNEL_COLORS,
  CONFIRM_CHANNEL_LABELS,
  CONFIRM_CHANNELS,
  DICT,
  INVOICE_TYPE_COLORS,
  INVOICE_TYPE_LABELS,
  INVOICE_TYPES,
  RETURN_REASON_COLORS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  STATUS_DICTIONARIES,
  type TAG_COLORS,
  TAXPAYER_TYPE_LABELS,
} from '@scm/contract';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { dictItems, dictTypes, dictVersion } from '../schema';

type Color = (typeof TAG_COLORS)[number];
type Item = [value: string, label: string, color: Color, isDefault?: boolean];

/** Items from an area's vocabulary (docs/rules/vocabulary.md); the first value is the default. */
const statusItems = <S extends string>(statuses: readonly S[], labels: Record<S, string>, colors: Record<S, string>): Item[] =>
  statuses.map((status, index) => [status, labels[status], colors[status] as Color, index === 0]);

interface BuiltInDictionary {
  code: string;
  name: string;
  remark: string;
  items: Item[];
  /** A status dictionary: its items are rewritten from the contract on every start (STATUS_DICTIONARIES). */
  system?: true;
}

const statusDictionary = (code: keyof typeof STATUS_DICTIONARIES): BuiltInDictionary => {
  const { name, remark, statuses, labels, colors } = STATUS_DICTIONARIES[code];
  return { code, name, remark, items: statusItems(statuses, labels, colors), system: true };
};

/** The built-in types with their items; labels as docs/rules/base-data.md lists them. */
const BUILT_IN_DICTIONARIES: BuiltInDictionary[] = [
  {
    code: DICT.planType,
    name: '计划类型',
    remark: '计划任务的类型',
    items: [
      ['regular', '常规补货', 'blue', true],
      ['promotion', '促销备货', 'magenta'],
      ['new_product', '新品首采', 'cyan'],
      ['seasonal', '季节备货', 'orange'],
    ],
  },
  statusDictionary(DICT.planStatus),
  statusDictionary(DICT.procurementStatus),
  statusDictionary(DICT.quoteStatus),
  statusDictionary(DICT.quotationStatus),
  statusDictionary(DICT.purchaseOrderStatus),
  statusDictionary(DICT.purchaseReturnStatus),
  {
    code: DICT.returnReason,
    name: '退货原因',
    remark: '采购退货的原因类型',
    items: statusItems(RETURN_REASONS, RETURN_REASON_LABELS, RETURN_REASON_COLORS),
  },
  statusDictionary(DICT.shipmentStatus),
  {
    code: DICT.confirmChannel,
    name: '确认渠道',
    remark: '采购员代供应商确认订单时，供应商答复的渠道',
    items: statusItems(CONFIRM_CHANNELS, CONFIRM_CHANNEL_LABELS, CONFIRM_CHANNEL_COLORS),
  },
  {
    // Its items are the enabled warehouses of 收货仓库 (docs/rules/base-data.md, "Warehouses").
    code: DICT.warehouse,
    name: '仓库',
    remark: '由收货仓库维护',
    items: [],
  },
  {
    code: DICT.unit,
    name: '计量单位',
    remark: '商品的计量单位',
    items: [
      ['piece', '件', 'default', true],
      ['box', '箱', 'default'],
      ['bag', '袋', 'default'],
      ['bottle', '瓶', 'default'],
      ['set', '套', 'default'],
      ['kg', '千克', 'default'],
      ['each', '个', 'default'],
      ['roll', '卷', 'default'],
      ['sheet', '张', 'default'],
      ['pack', '包', 'default'],
      ['strip', '条', 'default'],
      ['handle', '把', 'default'],
      ['pair', '双', 'default'],
      ['case', '盒', 'default'],
    ],
  },
  {
    code: DICT.settlementType,
    name: '结算方式',
    remark: '供应商结算方式',
    items: [
      ['monthly', '月结', 'blue', true],
      ['cash', '现结', 'green'],
      ['prepaid', '预付', 'orange'],
    ],
  },
  {
    code: DICT.supplierGrade,
    name: '供应商等级',
    remark: '供应商评级',
    items: [
      ['A', 'A级', 'success'],
      ['B', 'B级', 'blue', true],
      ['C', 'C级', 'warning'],
      ['D', 'D级', 'error'],
    ],
  },
  statusDictionary(DICT.supplierStatus),
  {
    code: DICT.chargeMode,
    name: '计费方式',
    remark: '配送价格模板的计费方式',
    items: [
      ['piece', '按件数', 'blue', true],
      ['weight', '按重量', 'green'],
      ['volume', '按体积', 'purple'],
    ],
  },
  {
    code: DICT.invoiceType,
    name: '发票类型',
    remark: '报价的发票类型；专用发票的进项税可抵扣',
    items: statusItems(INVOICE_TYPES, INVOICE_TYPE_LABELS, INVOICE_TYPE_COLORS),
  },
  {
    // The default item is the company's current setting; 一般纳税人 until someone changes it in 数据字典.
    code: DICT.companyTaxpayer,
    name: '纳税人类型',
    remark: '本公司的纳税人类型：默认项即当前设置，一般纳税人可抵扣专用发票的进项税',
    items: [
      ['general', TAXPAYER_TYPE_LABELS.general, 'blue', true],
      ['small', TAXPAYER_TYPE_LABELS.small, 'default'],
    ],
  },
  {
    // No item: the approval is off until someone adds an amount and makes it the default in 数据字典.
    code: DICT.awardApprovalThreshold,
    name: '定标审批金额',
    remark: '默认项的值（元）即定标审批门槛：到货成本达到该金额的定标须由他人审批；无启用的默认项则不审批',
    items: [],
  },
  statusDictionary(DICT.statementStatus),
  {
    // The default item's value (yuan) is the current tolerance; 1.00 until someone changes it in 数据字典.
    code: DICT.invoiceTaxTolerance,
    name: '发票税额容差',
    remark: '三单匹配时发票税额与对账单税额允许的差额（元）：默认项的值即当前设置',
    items: [['1.00', '1.00元', 'blue', true]],
  },
  {
    code: DICT.commonStatus,
    name: '启用状态',
    remark: '通用的启用 / 停用状态',
    items: [
      ['enabled', '启用', 'success', true],
      ['disabled', '停用', 'default'],
    ],
  },
];

/**
 * Adds the built-in types and items that are missing; edits made since are kept, except in the status
 * dictionaries, whose items are the contract's statuses: a label, colour or order that differs is
 * written back, and an item that is no status goes.
 */
export async function seedBuiltInDictionaries(tx: Db) {
  let changed = 0;
  for (const dictionary of BUILT_IN_DICTIONARIES) {
    await tx
      .insert(dictTypes)
      .values({ code: dictionary.code, name: dictionary.name, remark: dictionary.remark, builtIn: true, updatedBy: '系统' })
      .onConflictDoNothing({ target: dictTypes.code });
    if (dictionary.items.length === 0) continue;
    const [type] = await tx.select({ id: dictTypes.id }).from(dictTypes).where(sql`${dictTypes.code} = ${dictionary.code}`);
    const rows = dictionary.items.map(([value, label, tagColor, isDefault], index) => ({
      typeId: type.id,
      value,
      label,
      tagColor,
      isDefault: isDefault ?? false,
      sort: (index + 1) * 10,
    }));
    if (!dictionary.system) {
      changed += (await tx.insert(dictItems).values(rows).onConflictDoNothing().returning({ id: dictItems.id })).length;
      continue;
    }
    const written = await tx
      .insert(dictItems)
      .values(rows)
      .onConflictDoUpdate({
        target: [dictItems.typeId, dictItems.value],
        set: {
          label: sql`excluded.label`,
          tagColor: sql`excluded.tag_color`,
          sort: sql`excluded.sort`,
          isDefault: sql`excluded.is_default`,
          status: 'enabled',
          version: sql`${dictItems.version} + 1`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`(${dictItems.label}, ${dictItems.tagColor}, ${dictItems.sort}, ${dictItems.isDefault}, ${dictItems.status}) is distinct from (excluded.label, excluded.tag_color, excluded.sort, excluded.is_default, 'enabled')`,
      })
      .returning({ id: dictItems.id });
    const strays = await tx
      .delete(dictItems)
      .where(
        and(
          eq(dictItems.typeId, type.id),
          notInArray(
            dictItems.value,
            rows.map((row) => row.value),
          ),
        ),
      )
      .returning({ id: dictItems.id });
    changed += written.length + strays.length;
  }
  // The version tells browsers to reload their dictionaries: bump it only when something changed.
  if (changed === 0) return;
  await tx
    .insert(dictVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: dictVersion.id, set: { version: sql`${dictVersion.version} + 1` } });
}
