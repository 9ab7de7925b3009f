import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { menus, rolePermissions } from '../../db/schema';

/**
 * The codes a role grants right now: its stored codes less every code whose menu entry, or that
 * entry's page or group, is disabled. Menu management disables an entry once and it stops working
 * for every role at the next request, without touching the roles' stored choices.
 */
export function grantedCodes(roleId: AnyColumn | SQL): SQL<string[] | null> {
  return sql<string[] | null>`(
    select array_agg(rp.code order by rp.code) from ${rolePermissions} rp
    where rp.role_id = ${roleId}
      and not exists (
        select 1 from ${menus} m
        left join ${menus} p on p.id = m.parent_id
        left join ${menus} g on g.id = p.parent_id
        where m.key = rp.code and 'disabled' in (m.status, p.status, g.status)
      )
  )`;
}
