import type { PriceTemplateInput } from '@scm/contract';
import type { Db } from '../client';
import { priceTemplateChargeRows, priceTemplateFreeRows, priceTemplates } from '../schema';

const JZH = ['310000', '320000', '330000'];
const REMOTE = ['150000', '620000', '630000', '640000'];
const NO_DELIVERY = ['540000', '650000', '710000', '810000', '820000'];

const demoTemplates: PriceTemplateInput[] = [
  {
    name: '顺丰标准-按重量',
    chargeMode: 'weight',
    status: 'enabled',
    remark: '小件家居用品，首重1kg',
    chargeRows: [
      { regionCodes: JZH, isDefault: false, firstQty: 1000, firstFeeFen: 1200, additionalQty: 1000, additionalFeeFen: 200 },
      { regionCodes: ['440000'], isDefault: false, firstQty: 1000, firstFeeFen: 1300, additionalQty: 1000, additionalFeeFen: 300 },
      { regionCodes: ['440300'], isDefault: false, firstQty: 1000, firstFeeFen: 1100, additionalQty: 1000, additionalFeeFen: 200 },
      { regionCodes: REMOTE, isDefault: false, firstQty: 1000, firstFeeFen: 2000, additionalQty: 1000, additionalFeeFen: 1000 },
      { regionCodes: [], isDefault: true, firstQty: 1000, firstFeeFen: 1800, additionalQty: 1000, additionalFeeFen: 600 },
    ],
    freeRows: [
      { regionCodes: JZH, qtyLimit: 3000, minAmountFen: 9900, operator: 'and' },
      { regionCodes: [], minAmountFen: 29900, operator: 'or' },
    ],
    noDeliveryCodes: NO_DELIVERY,
  },
  {
    name: '德邦大件-按体积',
    chargeMode: 'volume',
    status: 'enabled',
    remark: '沙发、柜类等大件，首体积0.1m³',
    chargeRows: [
      { regionCodes: JZH, isDefault: false, firstQty: 100_000, firstFeeFen: 4000, additionalQty: 50_000, additionalFeeFen: 1000 },
      { regionCodes: ['440000'], isDefault: false, firstQty: 100_000, firstFeeFen: 4500, additionalQty: 50_000, additionalFeeFen: 1200 },
      { regionCodes: [], isDefault: true, firstQty: 100_000, firstFeeFen: 6000, additionalQty: 50_000, additionalFeeFen: 1500 },
    ],
    freeRows: [],
    noDeliveryCodes: NO_DELIVERY,
  },
  {
    name: '同城配送-按件数',
    chargeMode: 'piece',
    status: 'enabled',
    remark: '上海嘉定仓发出的同城配送',
    chargeRows: [
      { regionCodes: ['310000'], isDefault: false, firstQty: 1, firstFeeFen: 800, additionalQty: 1, additionalFeeFen: 300 },
      { regionCodes: [], isDefault: true, firstQty: 1, firstFeeFen: 2500, additionalQty: 1, additionalFeeFen: 1000 },
    ],
    freeRows: [{ regionCodes: ['310000'], qtyLimit: 10, minAmountFen: 50000, operator: 'or' }],
    noDeliveryCodes: [],
  },
  {
    name: '中通经济-按重量',
    chargeMode: 'weight',
    status: 'disabled',
    remark: '已停用的经济快递报价',
    chargeRows: [{ regionCodes: [], isDefault: true, firstQty: 1000, firstFeeFen: 800, additionalQty: 500, additionalFeeFen: 300 }],
    freeRows: [{ regionCodes: [], qtyLimit: 3000, minAmountFen: 20000, operator: 'and' }],
    noDeliveryCodes: NO_DELIVERY,
  },
];

export async function seedDemoPriceTemplates(tx: Db) {
  for (const template of demoTemplates) {
    const [{ id }] = await tx
      .insert(priceTemplates)
      .values({
        name: template.name,
        chargeMode: template.chargeMode,
        status: template.status,
        remark: template.remark,
        noDeliveryCodes: template.noDeliveryCodes,
        updatedBy: '系统',
      })
      .returning({ id: priceTemplates.id });
    await tx.insert(priceTemplateChargeRows).values(template.chargeRows.map((row, sort) => ({ ...row, templateId: id, sort })));
    if (template.freeRows.length > 0) {
      await tx.insert(priceTemplateFreeRows).values(
        template.freeRows.map((row, sort) => ({
          templateId: id,
          sort,
          regionCodes: row.regionCodes,
          qtyLimit: row.qtyLimit ?? null,
          minAmountFen: row.minAmountFen ?? null,
          operator: row.operator,
        })),
      );
    }
  }
}
