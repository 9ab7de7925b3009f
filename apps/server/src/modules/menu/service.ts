import { ADMINISTRATION_CODES, type menuCreateActionRequest, type menuUpdateRequest } from '@scm/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { menus, rolePermissions, roles } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import { auditDiff } from '../../lib/audit/audit-diff';
import type { AuthedContext } from '../../lib/http/context';
import { iso } from '../../lib/sql/rows';
import { updateVersioned } from '../../lib/records/versioned-update';
import { conflict, fieldError, notFound, staleVersion } from '../../lib/http/errors';
import { assertAccessManagerRemains, lockAccessChanges } from '../auth/access-guard';

type UpdateInput = z.output<typeof menuUpdateRequest>;
type CreateActionInput = z.output<typeof menuCreateActionRequest>;
type MenuRow = typeof menus.$inferSelect;

/** Entries added by hand get ids from here, clear of the ids the seed tree hands out. */
const CUSTOM_ID_START = 10_000;

/** The pages that manage access stay reachable, or nobody could undo a mistake here. */
const ALWAYS_SHOWN = new Set(['permissionManagement', 'roleManagement', 'menuManagement', 'userManagement']);

const toMenuRow = (m: MenuRow) => ({
  id: m.id,
  parentId: m.parentId,
  key: m.key,
  label: m.label,
  path: m.path,
  type: m.type,
  icon: m.icon,
  sort: m.sort,
  isMenu: m.isMenu,
  status: m.status,
  builtIn: m.builtIn,
  version: m.version,
  updatedAt: iso(m.updatedAt)!,
});

export async function listMenus(ctx: AuthedContext) {
  const rows = await ctx.db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  return rows.map(toMenuRow);
}

async function findMenu(db: Db, id: number): Promise<MenuRow> {
  const [row] = await db.select().from(menus).where(eq(menus.id, id)).limit(1);
  if (!row) throw notFound('菜单不存在');
  return row;
}

/** The entry's key and the keys of everything under it (a group's pages, a page's actions). */
async function keysUnder(tx: Db, menu: MenuRow): Promise<string[]> {
  const rows = await tx.select({ id: menus.id, parentId: menus.parentId, key: menus.key }).from(menus);
  const keys = [menu.key];
  for (let ids = [menu.id]; ids.length > 0; ) {
    const children = rows.filter((r) => r.parentId !== null && ids.includes(r.parentId));
    keys.push(...children.map((c) => c.key));
    ids = children.map((c) => c.id);
  }
  return keys;
}

/**
 * Disabling an entry takes its codes, and those under it, from every role for real: enabling it again
 * gives them back to the built-in role only, and other roles get them again by hand (角色管理). The
 * entries needed to manage access and menus cannot be disabled, so the built-in administrator can
 * always undo a change here.
 */
async function applyStatusChange(tx: Db, menu: MenuRow, status: 'enabled' | 'disabled'): Promise<{ keys: string[]; roleIds: number[] }> {
  const keys = await keysUnder(tx, menu);
  if (status === 'disabled') {
    if (keys.some((key) => (ADMINISTRATION_CODES as readonly string[]).includes(key))) {
      throw conflict(`「${menu.label}」关系到角色、用户或菜单的管理，不能停用`);
    }
    const holders = await tx.delete(rolePermissions).where(inArray(rolePermissions.code, keys)).returning({ roleId: rolePermissions.roleId });
    return { keys, roleIds: [...new Set(holders.map((h) => h.roleId))] };
  }
  const builtInRoles = await tx.select({ id: roles.id }).from(roles).where(eq(roles.builtIn, true));
  const grants = builtInRoles.flatMap((r) => keys.map((code) => ({ roleId: r.id, code })));
  if (grants.length > 0) await tx.insert(rolePermissions).values(grants).onConflictDoNothing();
  return { keys, roleIds: builtInRoles.map((r) => r.id) };
}

export async function updateMenu(ctx: AuthedContext, input: UpdateInput) {
  return ctx.db.transaction(async (tx) => {
    await lockAccessChanges(tx);
    const menu = await findMenu(tx, input.id);
    if (menu.version !== input.version) throw staleVersion();
    if (ALWAYS_SHOWN.has(menu.key) && (input.status !== 'enabled' || !input.isMenu)) {
      throw conflict(`「${menu.label}」是权限管理的入口，不能停用或隐藏`);
    }
    if (menu.type === 'action' && input.isMenu) throw fieldError('is_menu', '操作项不能显示在菜单中');
    const statusChange = input.status !== menu.status ? await applyStatusChange(tx, menu, input.status) : null;
    const values = {
      label: input.label,
      icon: menu.type === 'action' ? null : input.icon === undefined ? menu.icon : input.icon || null,
      sort: input.sort,
      isMenu: input.isMenu,
      status: input.status,
    };
    await updateVersioned(tx, menus, menu.id, input.version, values);
    if (statusChange) await assertAccessManagerRemains(tx);
    const diff = auditDiff(menu, values);
    await writeAudit(tx, ctx.actor, {
      module: 'menu',
      action: 'update',
      recordId: menu.id,
      summary:
        statusChange && input.status === 'disabled'
          ? `停用菜单 ${menu.key}（${statusChange.roleIds.length} 个角色失去 ${statusChange.keys.length} 项权限）`
          : `编辑菜单 ${menu.key}`,
      ...diff,
      ...(statusChange ? { after: { ...diff.after, roleIds: statusChange.roleIds } } : {}),
    });
    return null;
  });
}

/** Adds an action entry `pageKey:action` under a page; the built-in administrator role receives it too. */
export async function createMenuAction(ctx: AuthedContext, input: CreateActionInput) {
  return ctx.db.transaction(async (tx) => {
    const page = await findMenu(tx, input.parentId);
    if (page.type !== 'page') throw fieldError('parent_id', '操作项只能添加在页面下');
    const key = `${page.key}:${input.action}`;
    const [clash] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.key, key)).limit(1);
    if (clash) throw conflict(`权限编码 ${key} 已存在`);
    await tx.execute(sql`lock table ${menus} in share row exclusive mode`);
    const [{ maxId }] = await tx.select({ maxId: sql<number>`coalesce(max(${menus.id}), 0)` }).from(menus);
    const id = Math.max(CUSTOM_ID_START, Number(maxId) + 1);
    const values = { id, parentId: page.id, key, label: input.label, path: '', type: 'action' as const, sort: input.sort, isMenu: false };
    await tx.insert(menus).values(values);
    const builtInRoles = await tx.select({ id: roles.id }).from(roles).where(eq(roles.builtIn, true));
    if (builtInRoles.length > 0) {
      await tx
        .insert(rolePermissions)
        .values(builtInRoles.map((r) => ({ roleId: r.id, code: key })))
        .onConflictDoNothing();
    }
    await writeAudit(tx, ctx.actor, { module: 'menu', action: 'create', recordId: id, summary: `新增操作项 ${key}`, after: values });
    return { id };
  });
}

/** Only entries added by hand can go; the roles that held the code lose it in the same transaction. */
export async function deleteMenu(ctx: AuthedContext, input: { id: number; version: number }) {
  return ctx.db.transaction(async (tx) => {
    const menu = await findMenu(tx, input.id);
    if (menu.version !== input.version) throw staleVersion();
    if (menu.builtIn) throw conflict('系统内置的菜单项不能删除');
    const [child] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.parentId, menu.id)).limit(1);
    if (child) throw conflict('请先删除下级菜单项');
    const holders = await tx
      .delete(rolePermissions)
      .where(inArray(rolePermissions.code, [menu.key]))
      .returning({ roleId: rolePermissions.roleId });
    await tx.delete(menus).where(eq(menus.id, menu.id));
    await writeAudit(tx, ctx.actor, {
      module: 'menu',
      action: 'delete',
      recordId: menu.id,
      summary: `删除菜单项 ${menu.key}（${holders.length} 个角色失去该权限）`,
      before: { key: menu.key, label: menu.label, parentId: menu.parentId, roleIds: holders.map((h) => h.roleId) },
    });
    return null;
  });
}
