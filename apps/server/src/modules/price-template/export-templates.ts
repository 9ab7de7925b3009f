import {
  CHARGE_MODE_LABELS,
  type ChargeMode,
  fenToYuan,
  formatMeasure,
  type PriceTemplate,
  type priceTemplateExportRequest,
  STATUS_LABELS,
} from '@scm/contract';
import { and, asc, gt } from 'drizzle-orm';
import type { z } from 'zod';
import { priceTemplates } from '../../db/schema';
import type { AuthedContext } from '../../lib/http/context';
import { createXlsxStream, exportFileName, forEachBatch, shanghaiTime } from '../../lib/files/excel';
import { regionFullName } from '../region/regions';
import { loadTemplates, priceTemplateWhere } from './service';

const BATCH = 200;

const regionNames = (codes: readonly string[]) => codes.map((code) => regionFullName(code) || code).join('、');
const money = (fen: number | null | undefined) => (fen == null ? null : fenToYuan(fen));
const measure = (mode: ChargeMode, qty: number | null | undefined) => (qty == null ? null : formatMeasure(mode, qty));

/** "满3件" for piece templates, "3kg以内" for weight and volume (docs/rules/freight.md, "Templates": as on Taobao). */
const qtyCondition = (mode: ChargeMode, qty: number | null) =>
  qty == null ? null : mode === 'piece' ? `满${qty}件` : `${formatMeasure(mode, qty)}以内`;

/** The filtered templates with their rows in id order, a batch at a time (keyset: no deep OFFSET). */
const forEachTemplateBatch = (
  ctx: AuthedContext,
  filter: z.output<typeof priceTemplateExportRequest>,
  each: (templates: PriceTemplate[]) => Promise<void>,
) =>
  forEachBatch(
    (afterId, size) =>
      ctx.db
        .select({ id: priceTemplates.id })
        .from(priceTemplates)
        .where(and(priceTemplateWhere(filter), gt(priceTemplates.id, afterId)))
        .orderBy(asc(priceTemplates.id))
        .limit(size),
    BATCH,
    async (ids) =>
      each(
        await loadTemplates(
          ctx.db,
          ids.map((r) => r.id),
        ),
      ),
  );

/**
 * The templates matching the list filter as .xlsx: one row per template (its nationwide default
 * row, counts and no-delivery regions), then a sheet of every charge row and one of every
 * free-shipping row, regions by name.
 */
export function exportPriceTemplates(ctx: AuthedContext, filter: z.output<typeof priceTemplateExportRequest>) {
  const writer = createXlsxStream(exportFileName('配送价格模板', ctx.now()), '配送价格模板', [
    { header: '模板名称', width: 24 },
    { header: '计费方式', width: 10 },
    { header: '状态', width: 8 },
    { header: '默认首量', width: 10 },
    { header: '默认首费(元)', width: 12 },
    { header: '默认续量', width: 10 },
    { header: '默认续费(元)', width: 12 },
    { header: '计费规则数', width: 10 },
    { header: '包邮规则数', width: 10 },
    { header: '不配送地区', width: 36 },
    { header: '备注', width: 28 },
    { header: '更新人', width: 12 },
    { header: '更新时间', width: 20 },
  ]);
  const produce = async () => {
    await forEachTemplateBatch(ctx, filter, async (templates) => {
      for (const t of templates) {
        const d = t.chargeRows.find((row) => row.isDefault);
        writer.addRow([
          t.name,
          CHARGE_MODE_LABELS[t.chargeMode],
          STATUS_LABELS[t.status],
          measure(t.chargeMode, d?.firstQty),
          money(d?.firstFeeFen),
          measure(t.chargeMode, d?.additionalQty),
          money(d?.additionalFeeFen),
          t.chargeRows.length,
          t.freeRows.length,
          regionNames(t.noDeliveryCodes),
          t.remark,
          t.updatedBy,
          shanghaiTime(t.updatedAt),
        ]);
      }
      await writer.drained();
    });
    writer.nextSheet('计费规则', [
      { header: '模板名称', width: 24 },
      { header: '计费方式', width: 10 },
      { header: '规则序号', width: 8 },
      { header: '地区', width: 48 },
      { header: '地区编码', width: 30 },
      { header: '首量', width: 10 },
      { header: '首费(元)', width: 10 },
      { header: '续量', width: 10 },
      { header: '续费(元)', width: 10 },
    ]);
    await forEachTemplateBatch(ctx, filter, async (templates) => {
      for (const t of templates) {
        t.chargeRows.forEach((row, i) => {
          writer.addRow([
            t.name,
            CHARGE_MODE_LABELS[t.chargeMode],
            i + 1,
            row.isDefault ? '全国默认' : regionNames(row.regionCodes),
            row.regionCodes.join(',') || null,
            measure(t.chargeMode, row.firstQty),
            money(row.firstFeeFen),
            measure(t.chargeMode, row.additionalQty),
            money(row.additionalFeeFen),
          ]);
        });
      }
      await writer.drained();
    });
    writer.nextSheet('包邮规则', [
      { header: '模板名称', width: 24 },
      { header: '规则序号', width: 8 },
      { header: '地区', width: 48 },
      { header: '地区编码', width: 30 },
      { header: '数量条件', width: 12 },
      { header: '金额条件', width: 12 },
      { header: '条件关系', width: 8 },
    ]);
    await forEachTemplateBatch(ctx, filter, async (templates) => {
      for (const t of templates) {
        t.freeRows.forEach((row, i) => {
          const both = row.qtyLimit != null && row.minAmountFen != null;
          writer.addRow([
            t.name,
            i + 1,
            row.regionCodes.length === 0 ? '全部地区' : regionNames(row.regionCodes),
            row.regionCodes.join(',') || null,
            qtyCondition(t.chargeMode, row.qtyLimit),
            row.minAmountFen == null ? null : `满${money(row.minAmountFen)}元`,
            both ? (row.operator === 'and' ? '且' : '或') : null,
          ]);
        });
      }
      await writer.drained();
    });
    await writer.finish();
  };
  produce().catch((error) => writer.fail(error));
  return writer.reply;
}
