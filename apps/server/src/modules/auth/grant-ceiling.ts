import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rolePermissions, roles } from '../../db/schema';
import type { AuthUser } from '../../lib/http/context';
import { forbidden } from '../../lib/http/errors';

/**
 * The grant ceiling (docs/access-management.md): nobody gives what they do not hold. A super admin
 * holds every code by definition, so nothing is missing for them; anyone else is compared with the
 * codes they hold right now (disabled menu entries already left out).
 */
function missingCodes(actor: AuthUser, codes: Iterable<string>): string[] {
  if (actor.superAdmin) return [];
  return [...new Set(codes)].filter((code) => !actor.permissionCodes.has(code));
}

const listed = (codes: string[]) => `${codes.slice(0, 5).join('、')}${codes.length > 5 ? ` 等 ${codes.length} 项` : ''}`;

const SUPER_ADMIN_ONLY = '只有超级管理员可以操作超级管理员账号或内置的超级管理员角色';

interface RoleLike {
  id: number;
  name: string;
  builtIn: boolean;
}

async function storedCodes(db: Db, roleId: number): Promise<string[]> {
  const rows = await db.select({ code: rolePermissions.code }).from(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  return rows.map((r) => r.code);
}

/** Refuses giving `codes` to a role unless the actor holds every one of them. */
export function assertMayGrantCodes(actor: AuthUser, codes: Iterable<string>) {
  const missing = missingCodes(actor, codes);
  if (missing.length > 0) throw forbidden(`不能授予自己没有的权限：${listed(missing)}`);
}

/** Refuses widening a role's 数据范围 beyond the actor's own. */
export function assertMayGrantDataScope(actor: AuthUser, dataScope: 'all' | 'own') {
  if (dataScope === 'all' && actor.dataScope !== 'all' && !actor.superAdmin) {
    throw forbidden('你的数据范围是仅本人，不能授予全部数据');
  }
}

/**
 * A role is within the actor's reach when the actor holds every code it has: only then may they
 * give it to a user, change it, or act on the accounts that have it (resetting such an account's
 * password would hand its codes to the actor). The built-in role is a super admin's alone.
 */
export async function assertRoleWithinReach(db: Db, actor: AuthUser, role: RoleLike) {
  if (actor.superAdmin) return;
  if (role.builtIn) throw forbidden(SUPER_ADMIN_ONLY);
  const missing = missingCodes(actor, await storedCodes(db, role.id));
  if (missing.length > 0) throw forbidden(`角色「${role.name}」含有你没有的权限（${listed(missing)}），不能授予或操作`);
}

export async function assertRoleIdWithinReach(db: Db, actor: AuthUser, roleId: number) {
  const [role] = await db.select({ id: roles.id, name: roles.name, builtIn: roles.builtIn }).from(roles).where(eq(roles.id, roleId)).limit(1);
  if (role) await assertRoleWithinReach(db, actor, role);
}

/** The ids of the roles the actor may give or act on, for the web to offer only those. */
export async function rolesWithinReach(db: Db, actor: AuthUser): Promise<Set<number>> {
  const [all, codes] = await Promise.all([
    db.select({ id: roles.id, builtIn: roles.builtIn }).from(roles),
    db.select({ roleId: rolePermissions.roleId, code: rolePermissions.code }).from(rolePermissions),
  ]);
  if (actor.superAdmin) return new Set(all.map((r) => r.id));
  const outOfReach = new Set(all.filter((r) => r.builtIn).map((r) => r.id));
  for (const { roleId, code } of codes) if (!actor.permissionCodes.has(code)) outOfReach.add(roleId);
  return new Set(all.filter((r) => !outOfReach.has(r.id)).map((r) => r.id));
}
