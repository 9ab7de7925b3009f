import { STATUS_LABELS, TAG_COLOR_LABELS, type dictTypeExportRequest } from '@scm/contract';
import { and, asc, count, gt, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { dictItems, dictTypes } from '../../db/schema';
import type { AuthedContext } from '../../lib/http/context';
import { createXlsxStream, exportFileName, forEachBatch, shanghaiTime } from '../../lib/files/excel';
import { dictTypeWhere } from './service';

const BATCH = 500;

type TypeRow = typeof dictTypes.$inferSelect;
type Filter = z.output<typeof dictTypeExportRequest>;

/** The filtered types in id order, a batch at a time. */
const forEachTypeBatch = (db: Db, filter: Filter, each: (types: TypeRow[]) => Promise<void>) =>
  forEachBatch(
    (afterId, size) =>
      db
        .select()
        .from(dictTypes)
        .where(and(dictTypeWhere(filter), gt(dictTypes.id, afterId)))
        .orderBy(asc(dictTypes.id))
        .limit(size),
    BATCH,
    each,
  );

/**
 * The dictionary types matching the list filter on sheet 字典类型, and the items of those types on
 * sheet 字典项 (type by type, in their display order), streamed as .xlsx.
 */
export function exportDictionary(ctx: AuthedContext, filter: Filter) {
  const writer = createXlsxStream(exportFileName('数据字典', ctx.now()), '字典类型', [
    { header: '字典编码', width: 22 },
    { header: '字典名称', width: 18 },
    { header: '状态', width: 8 },
    { header: '类型', width: 8 },
    { header: '字典项数量', width: 10 },
    { header: '备注', width: 30 },
    { header: '更新时间', width: 20 },
  ]);
  const produce = async () => {
    await forEachTypeBatch(ctx.db, filter, async (types) => {
      const counted = await ctx.db
        .select({ typeId: dictItems.typeId, n: count() })
        .from(dictItems)
        .where(
          inArray(
            dictItems.typeId,
            types.map((t) => t.id),
          ),
        )
        .groupBy(dictItems.typeId);
      const counts = new Map(counted.map((c) => [c.typeId, c.n]));
      for (const t of types) {
        writer.addRow([
          t.code,
          t.name,
          STATUS_LABELS[t.status],
          t.builtIn ? '内置' : '自定义',
          counts.get(t.id) ?? 0,
          t.remark,
          shanghaiTime(t.updatedAt),
        ]);
      }
      await writer.drained();
    });
    writer.nextSheet('字典项', [
      { header: '字典编码', width: 22 },
      { header: '字典名称', width: 18 },
      { header: '字典标签', width: 16 },
      { header: '字典值', width: 16 },
      { header: '排序', width: 8 },
      { header: '标签颜色', width: 10 },
      { header: '默认', width: 8 },
      { header: '状态', width: 8 },
      { header: '备注', width: 30 },
    ]);
    await forEachTypeBatch(ctx.db, filter, async (types) => {
      const byId = new Map(types.map((t) => [t.id, t]));
      const items = await ctx.db
        .select()
        .from(dictItems)
        .where(inArray(dictItems.typeId, [...byId.keys()]))
        .orderBy(asc(dictItems.typeId), asc(dictItems.sort), asc(dictItems.id));
      for (const item of items) {
        const type = byId.get(item.typeId)!;
        const color = TAG_COLOR_LABELS[item.tagColor as keyof typeof TAG_COLOR_LABELS] ?? item.tagColor;
        writer.addRow([
          type.code,
          type.name,
          item.label,
          item.value,
          item.sort,
          color,
          item.isDefault ? '是' : '否',
          STATUS_LABELS[item.status],
          item.remark,
        ]);
      }
      await writer.drained();
    });
    await writer.finish();
  };
  produce().catch((error) => writer.fail(error));
  return writer.reply;
}
