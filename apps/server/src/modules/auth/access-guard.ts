import { ACCESS_MANAGER_CODES, MENU_MANAGER_CODES } from '@scm/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backUsers, rolePermissions, roles } from '../../db/schema';
import { conflict } from '../../lib/http/errors';

/** One lock for every change to who may manage access, so two such changes cannot both remove the last manager. */
const ACCESS_LOCK = 4_200_001;

export async function lockAccessChanges(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCESS_LOCK})`);
}

/** Is some enabled user, with an enabled role, holding every one of `codes`? */
async function someoneHolds(tx: Db, codes: readonly string[]): Promise<boolean> {
  const holders = tx
    .select({ roleId: rolePermissions.roleId })
    .from(rolePermissions)
    .where(inArray(rolePermissions.code, [...codes]))
    .groupBy(rolePermissions.roleId)
    .having(sql`count(distinct ${rolePermissions.code}) = ${codes.length}`);
  const [holder] = await tx
    .select({ id: backUsers.id })
    .from(backUsers)
    .innerJoin(roles, eq(roles.id, backUsers.roleId))
    .where(and(eq(backUsers.status, 'enabled'), eq(roles.status, 'enabled'), inArray(backUsers.roleId, holders)))
    .limit(1);
  return !!holder;
}

/**
 * Refuses the transaction's change when it would leave no enabled user, with an enabled role,
 * holding every code needed to manage roles and users, or every code needed to manage menus. Call
 * after the change, inside the transaction that made it (and after lockAccessChanges).
 */
export async function assertAccessManagerRemains(tx: Db) {
  if (!(await someoneHolds(tx, ACCESS_MANAGER_CODES))) throw conflict('操作后将没有可管理角色和用户的启用账号，已拒绝');
  if (!(await someoneHolds(tx, MENU_MANAGER_CODES))) throw conflict('操作后将没有可管理菜单的启用账号，已拒绝');
}
