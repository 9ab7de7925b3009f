import {
  type EnablementAction,
  type PriceTemplate,
  type PriceTemplateInput,
  type priceTemplateExportRequest,
  type priceTemplateListRequest,
  priceTemplateUpdateRequest,
} from '@scm/contract';
import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { priceTemplateChargeRows, priceTemplateFreeRows, priceTemplates } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import { enablementTarget } from '../../lib/records/enablement';
import { findLookalikeName } from '../../lib/records/unique-name';
import type { AuthedContext } from '../../lib/http/context';
import { likePattern } from '../../lib/sql/keywords';
import { orderBy, pageOffset, pageResult } from '../../lib/sql/paging';
import { iso } from '../../lib/sql/rows';
import { updateVersioned } from '../../lib/records/versioned-update';
import { withCurrentValues } from '../../lib/records/unchanged-fields';
import { conflict, notFound, pgErrorCode, staleVersion } from '../../lib/http/errors';
import { assertKnownRegions } from '../region/regions';
import { describeTemplateUsage } from './usage';

type TemplateRow = typeof priceTemplates.$inferSelect;
type ChargeRowRecord = typeof priceTemplateChargeRows.$inferSelect;
type FreeRowRecord = typeof priceTemplateFreeRows.$inferSelect;

const chargeRowView = (row: ChargeRowRecord) => ({
  regionCodes: row.regionCodes,
  isDefault: row.isDefault,
  firstQty: row.firstQty,
  firstFeeFen: row.firstFeeFen,
  additionalQty: row.additionalQty,
  additionalFeeFen: row.additionalFeeFen,
});

function templateView(row: TemplateRow, charge: ChargeRowRecord[], free: FreeRowRecord[]): PriceTemplate {
  return {
    id: row.id,
    name: row.name,
    chargeMode: row.chargeMode,
    status: row.status,
    remark: row.remark,
    chargeRows: charge.map(chargeRowView),
    freeRows: free.map((f) => ({ regionCodes: f.regionCodes, qtyLimit: f.qtyLimit, minAmountFen: f.minAmountFen, operator: f.operator })),
    noDeliveryCodes: row.noDeliveryCodes,
    version: row.version,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    updatedBy: row.updatedBy,
  };
}

/** Templates with their rows, in the given order of ids (missing ids are left out). */
export async function loadTemplates(db: Db, ids: number[]): Promise<PriceTemplate[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(priceTemplates).where(inArray(priceTemplates.id, ids));
  const charge = await db
    .select()
    .from(priceTemplateChargeRows)
    .where(inArray(priceTemplateChargeRows.templateId, ids))
    .orderBy(asc(priceTemplateChargeRows.sort));
  const free = await db
    .select()
    .from(priceTemplateFreeRows)
    .where(inArray(priceTemplateFreeRows.templateId, ids))
    .orderBy(asc(priceTemplateFreeRows.sort));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .filter((id) => byId.has(id))
    .map((id) =>
      templateView(
        byId.get(id)!,
        charge.filter((c) => c.templateId === id),
        free.filter((f) => f.templateId === id),
      ),
    );
}

/** Every enabled template, for "compare all templates". */
export async function loadEnabledTemplates(db: Db): Promise<PriceTemplate[]> {
  const rows = await db
    .select({ id: priceTemplates.id })
    .from(priceTemplates)
    .where(eq(priceTemplates.status, 'enabled'))
    .orderBy(asc(priceTemplates.id));
  return loadTemplates(
    db,
    rows.map((r) => r.id),
  );
}

export async function getPriceTemplate(ctx: AuthedContext, id: number): Promise<PriceTemplate> {
  const [template] = await loadTemplates(ctx.db, [id]);
  if (!template) throw notFound('配送模板不存在');
  return template;
}

/** The list's filter (name keyword, charge mode, status), shared with the export. */
export function priceTemplateWhere(input: z.output<typeof priceTemplateExportRequest>): SQL | undefined {
  const where: SQL[] = [];
  if (input.keyword) where.push(ilike(priceTemplates.name, likePattern(input.keyword)));
  if (input.chargeMode) where.push(eq(priceTemplates.chargeMode, input.chargeMode));
  if (input.status) where.push(eq(priceTemplates.status, input.status));
  return and(...where);
}

export async function listPriceTemplates(ctx: AuthedContext, input: z.output<typeof priceTemplateListRequest>) {
  const filter = priceTemplateWhere(input);
  const columns = { name: priceTemplates.name, updatedAt: priceTemplates.updatedAt, createdAt: priceTemplates.createdAt };
  const rows = await ctx.db
    .select()
    .from(priceTemplates)
    .where(filter)
    .orderBy(...orderBy(input, columns, [], priceTemplates.id))
    .limit(input.pageSize)
    .offset(pageOffset(input));
  const [{ total }] = await ctx.db.select({ total: count() }).from(priceTemplates).where(filter);
  const full = new Map(
    (
      await loadTemplates(
        ctx.db,
        rows.map((r) => r.id),
      )
    ).map((t) => [t.id, t]),
  );
  const list = rows.map((row) => {
    const template = full.get(row.id)!;
    return {
      id: row.id,
      name: row.name,
      chargeMode: row.chargeMode,
      status: row.status,
      remark: row.remark,
      defaultRow: template.chargeRows.find((r) => r.isDefault) ?? null,
      chargeRowCount: template.chargeRows.length,
      freeRowCount: template.freeRows.length,
      noDeliveryCount: template.noDeliveryCodes.length,
      version: row.version,
      updatedAt: iso(row.updatedAt)!,
      updatedBy: row.updatedBy,
    };
  });
  return pageResult(list, total, input);
}

export async function priceTemplateOptions(ctx: AuthedContext, input: { includeDisabled?: boolean; keyword?: string }) {
  const rows = await ctx.db
    .select({ id: priceTemplates.id, name: priceTemplates.name, chargeMode: priceTemplates.chargeMode, status: priceTemplates.status })
    .from(priceTemplates)
    .where(
      and(
        input.includeDisabled ? undefined : eq(priceTemplates.status, 'enabled'),
        input.keyword ? ilike(priceTemplates.name, likePattern(input.keyword)) : undefined,
      ),
    )
    .orderBy(asc(priceTemplates.name));
  return rows.map((r) => ({ value: r.id, label: r.name, chargeMode: r.chargeMode, status: r.status }));
}

function assertRegions(input: PriceTemplateInput) {
  assertKnownRegions([
    ...input.chargeRows.map((row, i) => ({ field: `charge_rows.${i}.region_codes`, codes: row.regionCodes })),
    ...input.freeRows.map((row, i) => ({ field: `free_rows.${i}.region_codes`, codes: row.regionCodes })),
    { field: 'no_delivery_codes', codes: input.noDeliveryCodes },
  ]);
}

async function assertNameFree(tx: Db, name: string, exceptId?: number) {
  const other = await findLookalikeName(tx, { table: priceTemplates, id: priceTemplates.id, name: priceTemplates.name }, name, exceptId);
  if (other) throw conflict(`模板名称「${other.name}」已存在`);
}

async function writeRows(tx: Db, templateId: number, input: Pick<PriceTemplateInput, 'chargeRows' | 'freeRows'>) {
  await tx.insert(priceTemplateChargeRows).values(input.chargeRows.map((row, sort) => ({ ...row, templateId, sort })));
  if (input.freeRows.length > 0) {
    await tx.insert(priceTemplateFreeRows).values(
      input.freeRows.map((row, sort) => ({
        templateId,
        sort,
        regionCodes: row.regionCodes,
        qtyLimit: row.qtyLimit ?? null,
        minAmountFen: row.minAmountFen ?? null,
        operator: row.operator,
      })),
    );
  }
}

async function insertTemplate(tx: Db, ctx: AuthedContext, input: PriceTemplateInput) {
  const [row] = await tx
    .insert(priceTemplates)
    .values({
      name: input.name,
      chargeMode: input.chargeMode,
      status: input.status,
      remark: input.remark ?? null,
      noDeliveryCodes: input.noDeliveryCodes,
      updatedBy: ctx.user.username,
    })
    .returning({ id: priceTemplates.id });
  await writeRows(tx, row.id, input);
  return row.id;
}

export async function createPriceTemplate(ctx: AuthedContext, input: PriceTemplateInput) {
  assertRegions(input);
  return ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, input.name);
    const id = await insertTemplate(tx, ctx, input);
    await writeAudit(tx, ctx.actor, { module: 'price_template', action: 'create', recordId: id, summary: input.name, after: input });
    return { id };
  });
}

export async function updatePriceTemplate(ctx: AuthedContext, input: z.output<typeof priceTemplateUpdateRequest>) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await loadTemplates(tx, [input.id]);
    if (!before) throw notFound('配送模板不存在');
    const merged = withCurrentValues(priceTemplateUpdateRequest, input, before);
    assertRegions(merged);
    await assertNameFree(tx, merged.name, input.id);
    await updateVersioned(tx, priceTemplates, input.id, input.version, {
      name: merged.name,
      chargeMode: merged.chargeMode,
      status: merged.status,
      remark: merged.remark ?? null,
      noDeliveryCodes: merged.noDeliveryCodes,
      updatedBy: ctx.user.username,
    });
    await tx.delete(priceTemplateChargeRows).where(eq(priceTemplateChargeRows.templateId, input.id));
    await tx.delete(priceTemplateFreeRows).where(eq(priceTemplateFreeRows.templateId, input.id));
    await writeRows(tx, input.id, merged);
    const { id, version, ...after } = merged;
    await writeAudit(tx, ctx.actor, { module: 'price_template', action: 'update', recordId: id, summary: merged.name, before, after });
    return { id };
  });
}

/** A disabled copy named "… 副本" (numbered when taken), so it can be edited before use. */
export async function copyPriceTemplate(ctx: AuthedContext, id: number) {
  return ctx.db.transaction(async (tx) => {
    const [source] = await loadTemplates(tx, [id]);
    if (!source) throw notFound('配送模板不存在');
    const taken = new Set(
      (
        await tx
          .select({ name: priceTemplates.name })
          .from(priceTemplates)
          .where(ilike(priceTemplates.name, likePattern(source.name)))
      ).map((r) => r.name),
    );
    let name = `${source.name} 副本`;
    for (let n = 2; taken.has(name); n++) name = `${source.name} 副本${n}`;
    const newId = await insertTemplate(tx, ctx, { ...source, name: name.slice(0, 50), status: 'disabled' });
    await writeAudit(tx, ctx.actor, {
      module: 'price_template',
      action: 'copy',
      recordId: newId,
      summary: `${source.name} → ${name}`,
      after: { sourceId: id },
    });
    return { id: newId };
  });
}

export async function setPriceTemplateStatus(ctx: AuthedContext, input: { id: number; version: number }, action: EnablementAction) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(priceTemplates).where(eq(priceTemplates.id, input.id));
    if (!before) throw notFound('配送模板不存在');
    const status = enablementTarget('配送模板', action, before.status);
    await updateVersioned(tx, priceTemplates, input.id, input.version, { status, updatedBy: ctx.user.username });
    await writeAudit(tx, ctx.actor, {
      module: 'price_template',
      action,
      recordId: input.id,
      summary: before.name,
      before: { status: before.status },
      after: { status },
    });
    return { id: input.id };
  });
}

export async function deletePriceTemplate(ctx: AuthedContext, input: { id: number; version: number }) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await loadTemplates(tx, [input.id]);
    if (!before) throw notFound('配送模板不存在');
    if (before.version !== input.version) throw staleVersion();
    const usage = await describeTemplateUsage(tx, input.id);
    if (usage) throw conflict(`该模板正被 ${usage}使用，不能删除`);
    const deleted = await tx
      .delete(priceTemplates)
      .where(and(eq(priceTemplates.id, input.id), eq(priceTemplates.version, input.version)))
      .returning({ id: priceTemplates.id })
      .catch((error: unknown) => {
        // A commodity took the template after the usage count above: its foreign key refuses.
        if (pgErrorCode(error) === '23503') throw conflict('该模板正被使用，不能删除');
        throw error;
      });
    if (deleted.length === 0) throw staleVersion();
    await writeAudit(tx, ctx.actor, { module: 'price_template', action: 'delete', recordId: input.id, summary: before.name, before });
    return null;
  });
}
