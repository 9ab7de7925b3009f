import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backUsers, roles } from '../../db/schema';
import { fieldError } from '../../lib/http/errors';
import { grantedCodes } from '../auth/granted-codes';

/**
 * Users who may be given work needing `codes`: enabled, with an enabled role that grants every one
 * of the codes right now (disabled menu entries left out, as at sign-in). The pickers list exactly
 * these users and `assertAssignable` accepts exactly them.
 */
export function assignableWhere(codes: readonly string[]): SQL {
  const wanted = sql`array[${sql.join(
    codes.map((code) => sql`${code}`),
    sql`, `,
  )}]::text[]`;
  return and(
    eq(backUsers.status, 'enabled'),
    sql`exists (select 1 from ${roles} where ${roles.id} = ${backUsers.roleId} and ${roles.status} = 'enabled'
      and coalesce(${grantedCodes(roles.id)}, '{}'::text[]) @> ${wanted})`,
  ) as SQL;
}

/**
 * A buyer or plan owner must be such a user; otherwise 400 with the message on `field`. A record may
 * keep the user it already has (`keepId`) after they lost the role, so old records stay editable.
 */
export async function assertAssignable(
  db: Db,
  userId: number,
  assignee: { field: string; label: string; codes: readonly string[]; keepId?: number | null },
) {
  if (userId === assignee.keepId) return;
  const [user] = await db
    .select({ status: backUsers.status, eligible: sql<boolean>`${assignableWhere(assignee.codes)}` })
    .from(backUsers)
    .where(eq(backUsers.id, userId));
  if (!user) throw fieldError(assignee.field, `${assignee.label}不存在`);
  if (user.status !== 'enabled') throw fieldError(assignee.field, `${assignee.label}已停用，请重新选择`);
  if (!user.eligible) throw fieldError(assignee.field, `该用户的角色没有${assignee.label}所需的权限，请重新选择`);
}
