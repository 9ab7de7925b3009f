import { compareQuotes, creditCodeWithCheck, type InvoiceType, priceAward, DAY_MS, shanghaiDay } from '@scm/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { nextCode } from '../../lib/records/codes';
import { estimateFreightFor } from '../../modules/freight/service';
import type { Db } from '../client';
import {
  backUsers,
  categories,
  priceTemplates,
  procurementTaskLines,
  procurementTaskSuppliers,
  procurementTasks,
  quotationLines,
  quotations,
  supplierCategories,
  suppliers,
} from '../schema';
import { type DemoGood, loadDemoGoods, pickGoods } from './demo-goods';

/** `supplies`: the leaf categories (catalogue codes) each supplier is named for and quotes on. */
// biome-ignore format: a data table, one record per line
const DEMO_SUPPLIERS = [
  { name: '浙江义乌优品家居用品有限公司', shortName: '义乌优品', contact: '陈建国', phone: '13957912345', region: '330782', address: '义乌市稠江街道工业园区8号', credit: '91330782MA2E5K7Q1', grade: 'A', settlement: 'monthly', bank: '中国工商银行义乌分行', template: 0, status: 'enabled', supplies: ['SN0101', 'SN0102', 'CF0401', 'CF0402', 'QJ0201', 'QJ0202', 'QJ0203', 'QJ0301', 'JF0302', 'JF0303', 'JF0203', 'WY0202'] },
  { name: '广东佛山顺德美居制品厂', shortName: '顺德美居', contact: '梁志强', phone: '0757-22334455', region: '440606', address: '佛山市顺德区容桂街道华口工业区', credit: '92440606L12345678', grade: 'A', settlement: 'monthly', bank: '招商银行佛山顺德支行', template: 1, status: 'enabled', supplies: ['CF0101', 'CF0102', 'CF0103', 'CF0301', 'CF0302', 'CF0401', 'CF0402', 'WY0101', 'WY0102'] },
  { name: '苏州恒达塑胶制品有限公司', shortName: '恒达塑胶', contact: '周丽华', phone: '13862188888', region: '320506', address: '苏州市吴中区木渎镇金山路168号', credit: '91320506MA1N2X3Y4', grade: 'B', settlement: 'prepaid', bank: '中国银行苏州吴中支行', template: null, status: 'enabled', supplies: ['SN0101', 'SN0102', 'CF0401', 'QJ0202', 'QJ0203', 'WY0201', 'WY0103'] },
  { name: '山东潍坊华纺家纺有限公司', shortName: '华纺家纺', contact: '刘德明', phone: '15306361234', region: '370702', address: '潍坊市潍城区北宫西街99号', credit: '91370702MA3C4D5E6', grade: 'B', settlement: 'monthly', bank: '中国建设银行潍坊分行', template: 0, status: 'enabled', supplies: ['JF0101', 'JF0102', 'JF0103', 'JF0201', 'JF0202', 'JF0203', 'JF0204', 'JF0301', 'JF0302', 'JF0303'] },
  { name: '福建德化瓷艺餐具有限公司', shortName: '德化瓷艺', contact: '林雅芳', phone: '13905951122', region: '350526', address: '泉州市德化县浔中镇瓷都大道', credit: '91350526MA2Y8R6T2', grade: 'A', settlement: 'cash', bank: '中国农业银行德化支行', template: 3, status: 'enabled', supplies: ['CF0301', 'CF0302', 'CF0303', 'ZS0101', 'ZS0102'] },
  { name: '河北霸州金达木业有限公司', shortName: '金达木业', contact: '张卫东', phone: '13831611223', region: '131081', address: '霸州市胜芳镇家具产业园', credit: '91131081MA0D7E8F9', grade: 'C', settlement: 'prepaid', bank: '河北银行霸州支行', template: null, status: 'disabled', supplies: ['JJ0101', 'JJ0102', 'JJ0201', 'JJ0202', 'JJ0301', 'JJ0302', 'JJ0303', 'CF0202'] },
  { name: '江苏南通宏泰床品有限公司', shortName: '宏泰床品', contact: '吴海燕', phone: '0513-85551234', region: '320602', address: '南通市崇川区工农路288号', credit: '91320602MA1P2Q3R4', grade: 'D', settlement: 'cash', bank: '交通银行南通分行', template: null, status: 'blacklisted', supplies: ['JF0201', 'JF0202', 'JF0203', 'JF0204'] },
] as const;

interface DemoTask {
  name: string;
  status: 'draft' | 'quoting' | 'evaluating' | 'awarded' | 'completed' | 'cancelled';
  deadlineDays: number;
  region: string;
  /** Leaf categories (catalogue codes) of the lines, which fit the task's name. */
  leaves: string[];
  lineCount: number;
  /** Supplier indexes; each supplies the task's categories. */
  invite: number[];
  declined?: number[];
  pending?: number[];
  /** Per supplier index: line positions it does not quote. */
  gaps?: Record<number, number[]>;
  /**
   * Per supplier index: a quote under another invoice than the 13 % special one, priced `percent`
   * of supplier `under`'s prices: cheaper tax-inclusive, yet dearer once the special invoice's
   * input VAT is deducted.
   */
  invoice?: Record<number, { type: InvoiceType; rate: number; under: number; percent: number }>;
  remark?: string;
}

// biome-ignore format: a data table, one record per line
const DEMO_TASKS: DemoTask[] = [
  { name: '卫浴用品月度补货', status: 'draft', deadlineDays: 7, region: '310114', leaves: ['WY0101', 'WY0102', 'WY0201'], lineCount: 3, invite: [1, 2] },
  { name: '厨房收纳双十二促销备货', status: 'quoting', deadlineDays: 3, region: '440305', leaves: ['CF0401', 'CF0402'], lineCount: 4, invite: [0, 1, 2], pending: [1], declined: [2] },
  { name: '客厅家纺换季采购', status: 'evaluating', deadlineDays: -1, region: '330106', leaves: ['JF0301', 'JF0302', 'JF0303'], lineCount: 6, invite: [0, 3], gaps: { 0: [0, 3] }, invoice: { 0: { type: 'ordinary', rate: 3, under: 3, percent: 95 } }, remark: '秋冬换季，优先考虑交期' },
  { name: '餐具新品首采', status: 'awarded', deadlineDays: -6, region: '110105', leaves: ['CF0301', 'CF0302', 'CF0303'], lineCount: 3, invite: [1, 4], gaps: { 1: [2] } },
  { name: '收纳箱常规补货（九月）', status: 'completed', deadlineDays: -25, region: '510107', leaves: ['SN0101', 'SN0102'], lineCount: 2, invite: [0, 2] },
  { name: '洗护用品试采（已取消）', status: 'cancelled', deadlineDays: -10, region: '420106', leaves: ['WY0202'], lineCount: 2, invite: [0], remark: '品类调整，取消本次采购' },
  { name: '冬季床品补货', status: 'completed', deadlineDays: -40, region: '320106', leaves: ['JF0201', 'JF0202', 'JF0203'], lineCount: 3, invite: [3, 0], gaps: { 0: [0, 1] } },
  { name: '清洁用品季度补货', status: 'awarded', deadlineDays: -15, region: '330106', leaves: ['QJ0202', 'QJ0203', 'QJ0201'], lineCount: 3, invite: [0, 2], gaps: { 2: [2] } },
];

/** A stable pseudo-random factor per (supplier, line), so the demo looks the same on every start. */
const factor = (s: number, l: number) => 0.86 + (((s * 37 + l * 53) % 23) / 23) * 0.24;

export async function seedDemoProcurement(tx: Db, now: Date) {
  const [buyer] = await tx.select({ id: backUsers.id }).from(backUsers).where(eq(backUsers.email, 'buyer@jiaju.com'));
  const [admin] = await tx.select({ id: backUsers.id }).from(backUsers).orderBy(asc(backUsers.id)).limit(1);
  const buyerId = buyer?.id ?? admin?.id;
  const goods = await loadDemoGoods(tx);
  const taskGoods = DEMO_TASKS.map((demo) => pickGoods(goods, demo.leaves, demo.lineCount));
  if (!buyerId || taskGoods.some((g) => g === null)) return false;
  const templates = await tx.select({ id: priceTemplates.id }).from(priceTemplates).orderBy(asc(priceTemplates.id));
  const leafRows = await tx.select({ id: categories.id, code: categories.code }).from(categories);
  const categoryIdOf = new Map(leafRows.map((c) => [c.code, c.id]));

  const supplierIds: number[] = [];
  for (const [i, s] of DEMO_SUPPLIERS.entries()) {
    const code = await nextCode(tx, 'GYS', now);
    const [row] = await tx
      .insert(suppliers)
      .values({
        code,
        name: s.name,
        shortName: s.shortName,
        contactPerson: s.contact,
        phone: s.phone,
        email: `sales${i + 1}@${['yiwuyoupin', 'sdmeiju', 'hengda', 'huafang', 'dehuaciyi', 'jinda', 'hongtai'][i]}.com`,
        regionCode: s.region,
        address: s.address,
        creditCode: creditCodeWithCheck(s.credit),
        bankName: s.bank,
        bankAccount: `62220${String(2024000000 + i * 7919).padStart(14, '0')}`,
        settlementType: s.settlement,
        grade: s.grade,
        priceTemplateId: s.template == null ? null : (templates[s.template]?.id ?? null),
        status: s.status,
        remark: s.status === 'blacklisted' ? '2025年两次延期交货且质量不合格，列入黑名单' : null,
      })
      .returning({ id: suppliers.id });
    supplierIds.push(row.id);
    const supplied = s.supplies.flatMap((code) => categoryIdOf.get(code) ?? []);
    if (supplied.length) await tx.insert(supplierCategories).values(supplied.map((categoryId) => ({ supplierId: row.id, categoryId })));
  }

  for (const [taskIndex, demo] of DEMO_TASKS.entries()) {
    const items = taskGoods[taskIndex] as DemoGood[];
    const code = await nextCode(tx, 'CG', now);
    const deadline = new Date(now.getTime() + demo.deadlineDays * DAY_MS);
    const [task] = await tx
      .insert(procurementTasks)
      .values({
        code,
        name: demo.name,
        buyerId,
        quoteDeadline: deadline,
        deliveryRegionCode: demo.region,
        requiredBy: shanghaiDay(new Date(deadline.getTime() + 15 * DAY_MS)),
        status: demo.status === 'awarded' || demo.status === 'completed' ? 'evaluating' : demo.status,
        remark: demo.remark ?? null,
        statusReason: demo.status === 'cancelled' ? '品类调整' : null,
        // Their quotes are written as plain rows below: these tasks were quoted in the open.
        sealed: false,
      })
      .returning({ id: procurementTasks.id });
    const lineRows = await tx
      .insert(procurementTaskLines)
      .values(
        items.map((c, sort) => {
          return {
            taskId: task.id,
            sort,
            commodityId: c.id,
            quantity: [60, 120, 40, 200, 100, 30][(taskIndex * 3 + sort) % 6],
            targetPriceFen: sort % 4 === 3 ? null : Math.round((c.referencePriceFen * 0.95) / 10) * 10,
          };
        }),
      )
      .returning();
    await tx.insert(procurementTaskSuppliers).values(
      demo.invite.map((s) => ({
        taskId: task.id,
        supplierId: supplierIds[s],
        status:
          demo.status === 'draft' || demo.pending?.includes(s)
            ? ('pending' as const)
            : demo.declined?.includes(s)
              ? ('declined' as const)
              : ('received' as const),
        declineReason: demo.declined?.includes(s) ? '该批次产能已排满' : null,
      })),
    );
    if (demo.status === 'draft') continue;

    const quoted = demo.invite.filter((s) => !demo.pending?.includes(s) && !demo.declined?.includes(s));
    const quoteDay = shanghaiDay(new Date(deadline.getTime() - 2 * DAY_MS));
    for (const s of quoted) {
      const gaps = demo.gaps?.[s] ?? [];
      const invoice = demo.invoice?.[s];
      const priceOf = (supplier: number, pos: number) => Math.round((items[pos].referencePriceFen * factor(supplier, pos + taskIndex)) / 10) * 10;
      const prices = lineRows.map((_line, pos) => {
        if (gaps.includes(pos)) return null;
        return invoice ? Math.round((priceOf(invoice.under, pos) * invoice.percent) / 1000) * 10 : priceOf(s, pos);
      });
      let freightFen = 1500 + ((s * 700 + taskIndex * 300) % 3000);
      let freightFormula: string | null = null;
      let freightMode: 'manual' | 'estimated' = 'manual';
      const templateId = DEMO_SUPPLIERS[s].template == null ? undefined : templates[DEMO_SUPPLIERS[s].template as number]?.id;
      if (templateId) {
        const estimate = await estimateFreightFor(tx, {
          destination: demo.region,
          items: lineRows.flatMap((line, pos) => {
            const c = items[pos];
            const price = prices[pos];
            return price == null
              ? []
              : [
                  {
                    templateId,
                    quantity: line.quantity,
                    weightG: c.weightG ?? undefined,
                    volumeCm3: c.volumeCm3 ?? undefined,
                    amountFen: price * line.quantity,
                  },
                ];
          }),
        }).catch(() => null);
        const group = estimate?.groups[0];
        if (group && !group.error) {
          freightFen = group.feeFen;
          freightFormula = `${group.templateName}：${group.formula}`;
          freightMode = 'estimated';
        }
      }
      const [quote] = await tx
        .insert(quotations)
        .values({
          code: await nextCode(tx, 'BJ', now),
          taskId: task.id,
          supplierId: supplierIds[s],
          quoteDate: quoteDay,
          validUntil: shanghaiDay(new Date(deadline.getTime() + 30 * DAY_MS)),
          invoiceType: invoice?.type ?? 'special',
          taxRatePercent: invoice?.rate ?? 13,
          freightMode,
          freightFen,
          freightFormula,
          remark: invoice ? `含包装，开${invoice.rate}%增值税普票` : s === 0 ? '含包装，可开13%增值税专票' : null,
        })
        .returning({ id: quotations.id });
      await tx.insert(quotationLines).values(
        lineRows.map((line, pos) => ({
          quotationId: quote.id,
          taskLineId: line.id,
          unitPriceFen: prices[pos],
          moq: prices[pos] == null ? null : [50, 100, 200, 20][(s + pos) % 4],
          leadTimeDays: prices[pos] == null ? null : 5 + ((s * 3 + pos * 2) % 12),
          remark: prices[pos] == null ? '暂无现货' : null,
        })),
      );
    }

    if (demo.status !== 'awarded' && demo.status !== 'completed') continue;
    // Award the recommended (lowest landed cost) supplier on each line, as the page pre-selects.
    const quoteRows = await tx.select().from(quotations).where(eq(quotations.taskId, task.id));
    const qLines = await tx
      .select()
      .from(quotationLines)
      .where(
        inArray(
          quotationLines.quotationId,
          quoteRows.map((q) => q.id),
        ),
      );
    const compareInput = quoteRows.map((q) => ({
      supplierId: q.supplierId,
      eligible: true,
      freightFen: q.freightFen,
      invoiceType: q.invoiceType,
      taxRatePercent: q.taxRatePercent,
      lines: qLines
        .filter((l) => l.quotationId === q.id)
        .map((l) => ({ lineId: l.taskLineId, unitPriceFen: l.unitPriceFen, moq: l.moq, leadTimeDays: l.leadTimeDays })),
    }));
    const comparison = compareQuotes(
      lineRows.map((l) => ({ id: l.id, quantity: l.quantity, targetPriceFen: l.targetPriceFen })),
      compareInput,
    );
    const award = priceAward(
      comparison,
      compareInput,
      comparison.rows.flatMap((r) => (r.recommendedSupplierId == null ? [] : [{ lineId: r.lineId, supplierId: r.recommendedSupplierId }])),
    );
    for (const line of award.lines) {
      await tx
        .update(procurementTaskLines)
        .set({
          awardedSupplierId: line.supplierId,
          awardedUnitPriceFen: line.unitPriceFen,
          awardedFreightFen: line.freightShareFen,
          awardedDeductibleVatFen: line.deductibleVatFen,
        })
        .where(eq(procurementTaskLines.id, line.lineId));
    }
    const outcome = { won: 'awarded', partial: 'partially_awarded', lost: 'lost' } as const;
    for (const [supplierId, result] of award.quoteOutcome) {
      await tx
        .update(quotations)
        .set({ status: outcome[result] })
        .where(and(eq(quotations.taskId, task.id), eq(quotations.supplierId, supplierId)));
    }
    await tx
      .update(procurementTasks)
      .set({ status: demo.status, awardedAmountFen: award.totalFen, awardedAt: new Date(deadline.getTime() + DAY_MS), awardedBy: '李采购' })
      .where(eq(procurementTasks.id, task.id));
  }
  return true;
}
