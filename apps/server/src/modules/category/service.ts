import {
  type EnablementAction,
  type categoryCreateRequest,
  type categoryListRequest,
  type categoryMoveRequest,
  categoryUpdateRequest,
} from '@scm/contract';
import { CATEGORY_MAX_LEVEL } from '@scm/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { categories, commodities, commodityCounts } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import { enablementTarget } from '../../lib/records/enablement';
import { findLookalikeName } from '../../lib/records/unique-name';
import type { AuthedContext } from '../../lib/http/context';
import { conflict, fieldError, notFound, staleVersion } from '../../lib/http/errors';
import { iso } from '../../lib/sql/rows';
import { updateVersioned } from '../../lib/records/versioned-update';
import { withCurrentValues } from '../../lib/records/unchanged-fields';

type CategoryRow = typeof categories.$inferSelect;
const MODULE = 'category';

async function loadAll(db: Db): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.level), asc(categories.sort), asc(categories.id));
}

/** Ids of a category and everything below it, from a loaded list. */
function subtreeIds(all: readonly CategoryRow[], rootId: number): number[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) {
    for (const c of all) if (c.parentId === ids[i]) ids.push(c.id);
  }
  return ids;
}

async function findCategory(db: Db, id: number): Promise<CategoryRow> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  if (!row) throw notFound('分类不存在');
  return row;
}

async function hasCommodities(db: Db, categoryId: number): Promise<boolean> {
  const rows = await db.select({ id: commodities.id }).from(commodities).where(eq(commodities.categoryId, categoryId)).limit(1);
  return rows.length > 0;
}

/** Tree changes are rare; serialising them rules out two concurrent moves building a cycle. */
async function lockTree(tx: Db) {
  await tx.execute(sql`lock table ${categories} in share row exclusive mode`);
}

async function assertUnique(tx: Db, input: { code: string; name: string; parentId: number | null }, exceptId?: number) {
  const sameCode = await tx.select({ id: categories.id }).from(categories).where(eq(categories.code, input.code));
  if (sameCode.some((r) => r.id !== exceptId)) throw conflict('分类编码已存在');
  const siblings = sql`coalesce(${categories.parentId}, 0) = ${input.parentId ?? 0}`;
  const sameName = await findLookalikeName(
    tx,
    { table: categories, id: categories.id, name: categories.name, among: siblings },
    input.name,
    exceptId,
  );
  if (sameName) throw conflict('同级分类名称已存在');
}

/** A parent that already holds commodities cannot get children: commodities sit on leaves. */
async function assertCanHoldChildren(tx: Db, parent: CategoryRow, extraLevels: number) {
  if (parent.level + extraLevels > CATEGORY_MAX_LEVEL) {
    throw fieldError('parent_id', `分类最多${CATEGORY_MAX_LEVEL}级`);
  }
  if (await hasCommodities(tx, parent.id)) throw conflict('上级分类下已有商品，不能再添加子分类');
}

function toCategory(row: CategoryRow, commodityCount: number) {
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    code: row.code,
    level: row.level,
    sort: row.sort,
    status: row.status,
    remark: row.remark,
    commodityCount,
    version: row.version,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

/** Commodity counts per category including descendants. */
async function countsWithDescendants(db: Db, all: readonly CategoryRow[]): Promise<Map<number, number>> {
  const own = await db
    .select({ id: commodityCounts.categoryId, n: sql<number>`sum(${commodityCounts.n})::int` })
    .from(commodityCounts)
    .groupBy(commodityCounts.categoryId);
  const totals = new Map<number, number>(own.map((r) => [r.id, r.n]));
  const byId = new Map(all.map((c) => [c.id, c]));
  const deepestFirst = [...all].sort((a, b) => b.level - a.level);
  for (const c of deepestFirst) {
    const parent = c.parentId == null ? undefined : byId.get(c.parentId);
    if (parent) totals.set(parent.id, (totals.get(parent.id) ?? 0) + (totals.get(c.id) ?? 0));
  }
  return totals;
}

/** The whole tree, flat and ordered (level, sort); a keyword keeps matching nodes and their ancestors. */
export async function listCategories(ctx: AuthedContext, input: z.output<typeof categoryListRequest>) {
  const all = await loadAll(ctx.db);
  const counts = await countsWithDescendants(ctx.db, all);
  const byId = new Map(all.map((c) => [c.id, c]));
  let keep: Set<number> | null = null;
  if (input.keyword || input.status) {
    keep = new Set();
    const keyword = input.keyword?.toLowerCase();
    for (const c of all) {
      const matches =
        (!keyword || c.name.toLowerCase().includes(keyword) || c.code.toLowerCase().includes(keyword)) &&
        (!input.status || c.status === input.status);
      if (!matches) continue;
      for (let at: CategoryRow | undefined = c; at; at = at.parentId == null ? undefined : byId.get(at.parentId)) {
        keep.add(at.id);
      }
    }
  }
  return all.filter((c) => !keep || keep.has(c.id)).map((c) => toCategory(c, counts.get(c.id) ?? 0));
}

export async function categoryOptions(ctx: AuthedContext) {
  const all = await loadAll(ctx.db);
  return all.map((c) => ({ value: c.id, label: c.name, code: c.code, parentId: c.parentId, level: c.level, status: c.status }));
}

export async function getCategory(ctx: AuthedContext, id: number) {
  const row = await findCategory(ctx.db, id);
  const all = await loadAll(ctx.db);
  const ids = subtreeIds(all, id);
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${commodityCounts.n}), 0)::int` })
    .from(commodityCounts)
    .where(inArray(commodityCounts.categoryId, ids));
  return toCategory(row, n);
}

export async function createCategory(ctx: AuthedContext, input: z.output<typeof categoryCreateRequest>) {
  return ctx.db.transaction(async (tx) => {
    await lockTree(tx);
    const parentId = input.parentId ?? null;
    let level = 1;
    if (parentId != null) {
      const parent = await findCategory(tx, parentId).catch(() => {
        throw fieldError('parent_id', '上级分类不存在');
      });
      await assertCanHoldChildren(tx, parent, 1);
      level = parent.level + 1;
    }
    await assertUnique(tx, { code: input.code, name: input.name, parentId });
    const values = {
      parentId,
      name: input.name,
      code: input.code,
      level,
      sort: input.sort,
      status: input.status,
      remark: input.remark || null,
    };
    const [row] = await tx.insert(categories).values(values).returning({ id: categories.id });
    await writeAudit(tx, ctx.actor, { module: MODULE, action: 'create', recordId: row.id, summary: input.name, after: values });
    return { id: row.id };
  });
}

export async function updateCategory(ctx: AuthedContext, input: z.output<typeof categoryUpdateRequest>) {
  await ctx.db.transaction(async (tx) => {
    const before = await findCategory(tx, input.id);
    const merged = withCurrentValues(categoryUpdateRequest, input, before);
    await assertUnique(tx, { code: merged.code, name: merged.name, parentId: before.parentId }, input.id);
    const values = { name: merged.name, code: merged.code, sort: merged.sort, status: merged.status, remark: merged.remark || null };
    await updateVersioned(tx, categories, input.id, input.version, values);
    await writeAudit(tx, ctx.actor, { module: MODULE, action: 'update', recordId: input.id, summary: input.name, before, after: values });
  });
  return null;
}

export async function moveCategory(ctx: AuthedContext, input: z.output<typeof categoryMoveRequest>) {
  await ctx.db.transaction(async (tx) => {
    await lockTree(tx);
    const all = await loadAll(tx);
    const moving = all.find((c) => c.id === input.id);
    if (!moving) throw notFound('分类不存在');
    const subtree = subtreeIds(all, moving.id);
    let newLevel = 1;
    if (input.parentId != null) {
      if (subtree.includes(input.parentId)) throw fieldError('parent_id', '不能移动到自身或其下级分类之下');
      const parent = all.find((c) => c.id === input.parentId);
      if (!parent) throw fieldError('parent_id', '上级分类不存在');
      const height = Math.max(...all.filter((c) => subtree.includes(c.id)).map((c) => c.level)) - moving.level + 1;
      await assertCanHoldChildren(tx, parent, height);
      newLevel = parent.level + 1;
    }
    await assertUnique(tx, { code: moving.code, name: moving.name, parentId: input.parentId }, moving.id);
    await updateVersioned(tx, categories, moving.id, input.version, { parentId: input.parentId });
    const delta = newLevel - moving.level;
    if (delta !== 0) {
      await tx
        .update(categories)
        .set({ level: sql`${categories.level} + ${delta}` })
        .where(inArray(categories.id, subtree));
    }
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'move',
      recordId: moving.id,
      summary: moving.name,
      before: { parentId: moving.parentId },
      after: { parentId: input.parentId },
    });
  });
  return null;
}

export async function setCategoryStatus(ctx: AuthedContext, input: { id: number; version: number }, action: EnablementAction) {
  await ctx.db.transaction(async (tx) => {
    const before = await findCategory(tx, input.id);
    const status = enablementTarget('分类', action, before.status);
    await updateVersioned(tx, categories, input.id, input.version, { status });
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action,
      recordId: input.id,
      summary: before.name,
      before: { status: before.status },
      after: { status },
    });
  });
  return null;
}

export async function deleteCategory(ctx: AuthedContext, input: { id: number; version: number }) {
  await ctx.db.transaction(async (tx) => {
    await lockTree(tx);
    const before = await findCategory(tx, input.id);
    if (before.version !== input.version) throw staleVersion();
    const [child] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, input.id)).limit(1);
    if (child) throw conflict('该分类下有子分类，不能删除');
    if (await hasCommodities(tx, input.id)) throw conflict('该分类下有商品，不能删除');
    await tx.delete(categories).where(and(eq(categories.id, input.id), eq(categories.version, input.version)));
    await writeAudit(tx, ctx.actor, { module: MODULE, action: 'delete', recordId: input.id, summary: before.name, before });
  });
  return null;
}
