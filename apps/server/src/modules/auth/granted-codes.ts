import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../lib/sql/rows';
import { menus, rolePermissions } from '../../db/schema';

/**
 * The codes a role grants right now: its stored codes less every code whose menu entry, or that
 * entry's page or group, is disabled. Disabling an entry also removes its codes from every role
 * (modules/menu/service.ts); this keeps the built-in role, which every start grants every code,
 * from holding a disabled one meanwhile.
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

/** Those of `codes` whose menu entry, or that entry's page or group, is disabled: nobody may grant them. */
export async function disabledCodes(db: Db, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select m.key from ${menus} m
        left join ${menus} p on p.id = m.parent_id
        left join ${menus} g on g.id = p.parent_id
        where m.key in (${sql.join(
          codes.map((c) => sql`${c}`),
          sql`, `,
        )}) and 'disabled' in (m.status, p.status, g.status)`,
  );
  return rows.map((r) => r.key).sort();
}
