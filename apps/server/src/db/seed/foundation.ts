import { ALL_PERMISSION_CODES, SUPER_ADMIN_ROLE_CODE, seedMenuRecords } from '@scm/contract';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/access/passwords';
import type { Db } from '../client';
import { backUsers, menus, rolePermissions, roles } from '../schema';

const ADMIN_ROLE_CODE = SUPER_ADMIN_ROLE_CODE;

/** Menu entries missing from the table (new ones appear as the product grows; edited ones are kept). */
export async function seedMenus(tx: Db) {
  await tx
    .insert(menus)
    .values(seedMenuRecords().map((m) => ({ ...m, builtIn: true })))
    .onConflictDoNothing({ target: menus.id });
}

/** The built-in 超级管理员 role holds every code, including codes added since the last start. */
export async function seedAdminRole(tx: Db): Promise<number> {
  const [existing] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, ADMIN_ROLE_CODE));
  const roleId =
    existing?.id ??
    (
      await tx
        .insert(roles)
        .values({ name: '超级管理员', code: ADMIN_ROLE_CODE, description: '拥有系统全部权限', sort: 0, builtIn: true })
        .returning({ id: roles.id })
    )[0].id;
  await tx
    .insert(rolePermissions)
    .values(ALL_PERMISSION_CODES.map((code) => ({ roleId, code })))
    .onConflictDoNothing();
  return roleId;
}

/** Creates the administrator when no user exists; returns the password when it was generated here. */
export async function seedAdminUser(tx: Db, roleId: number, email: string, password: string): Promise<boolean> {
  const [anyUser] = await tx.select({ id: backUsers.id }).from(backUsers).limit(1);
  if (anyUser) return false;
  await tx.insert(backUsers).values({
    email,
    username: '系统管理员',
    passwordHash: await hashPassword(password),
    roleId,
    phone: '13800000000',
  });
  return true;
}
