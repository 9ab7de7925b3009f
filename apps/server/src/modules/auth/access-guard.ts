import { ACCESS_MANAGER_CODES } from '@scm/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backUsers, rolePermissions, roles } from '../../db/schema';
import { conflict } from '../../lib/errors';

/** One lock for every change to who may manage access, so two such changes cannot both remove the last manager. */
const ACCESS_LOCK = 4_200_001;

export async function lockAccessChanges(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCESS_LOCK})`);
}

/**
 * Refuses the transaction's change when it would leave no enabled user, with an enabled role,
 * holding every code needed to manage roles and users. Call after the change, inside the
 * transaction that made it (and after lockAccessChanges).
 */
export async function assertAccessManagerRemains(tx: Db) {
  const holders = tx
    .select({ roleId: rolePermissions.roleId })
    .from(rolePermissions)
    .where(inArray(rolePermissions.code, [...ACCESS_MANAGER_CODES]))
    .groupBy(rolePermissions.roleId)
    .having(sql`count(distinct ${rolePermissions.code}) = ${ACCESS_MANAGER_CODES.length}`);
  const [manager] = await tx
    .select({ id: backUsers.id })
    .from(backUsers)
    .innerJoin(roles, eq(roles.id, backUsers.roleId))
    .where(and(eq(backUsers.status, 'enabled'), eq(roles.status, 'enabled'), inArray(backUsers.roleId, holders)))
    .limit(1);
  if (!manager) throw conflict('操作后将没有可管理角色和用户的启用账号，已拒绝');
}
