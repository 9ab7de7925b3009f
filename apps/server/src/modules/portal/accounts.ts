import {
  ACTIVATION_LINK_HOURS,
  type PortalAccountAction,
  portalAccountActionAllowed,
  portalPath,
  type portalAccountCreateRequest,
  type portalAccountListRequest,
} from '@scm/contract';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { portalAccounts, suppliers } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import type { AuthedContext } from '../../lib/http/context';
import { pageOffset, pageResult } from '../../lib/sql/paging';
import { iso } from '../../lib/sql/rows';
import { updateVersioned } from '../../lib/records/versioned-update';
import { conflict, duplicateField, notFound, pgErrorCode, staleVersion } from '../../lib/http/errors';
import { hashToken, newToken } from '../../lib/access/tokens';
import { revokePortalSessions } from '../../lib/access/portal-sessions';
import { notify } from '../message/notify';

const MODULE = 'portal_account';
const EMAIL_TAKEN = '该邮箱已开通门户账号';

/** A fresh one-time link: only its hash is kept, so the link is shown once and a newer one voids it. */
function activationLink(now: Date) {
  const token = newToken();
  return {
    url: portalPath('activate', { token }),
    columns: { activationTokenHash: hashToken(token), activationExpiresAt: new Date(now.getTime() + ACTIVATION_LINK_HOURS * 3600_000) },
  };
}

async function supplierOf(db: Db, supplierId: number) {
  const [supplier] = await db
    .select({ id: suppliers.id, code: suppliers.code, name: suppliers.name })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  if (!supplier) throw notFound('供应商不存在');
  return supplier;
}

export async function createPortalAccount(ctx: AuthedContext, input: z.output<typeof portalAccountCreateRequest>) {
  const now = ctx.now();
  // Two creators racing past the check meet the unique index; the loser gets the same answer.
  return insertOnce(() =>
    ctx.db.transaction(async (tx) => {
      const supplier = await supplierOf(tx, input.supplierId);
      const email = input.email.toLowerCase();
      const [taken] = await tx.select({ id: portalAccounts.id }).from(portalAccounts).where(sql`lower(${portalAccounts.email}) = ${email}`);
      if (taken) throw duplicateField('email', EMAIL_TAKEN);
      const link = activationLink(now);
      const values = { supplierId: supplier.id, email, name: input.name, phone: input.phone || null };
      const [row] = await tx
        .insert(portalAccounts)
        .values({ ...values, ...link.columns })
        .returning({ id: portalAccounts.id });
      await writeAudit(tx, ctx.actor, {
        module: MODULE,
        action: 'create',
        recordId: row.id,
        summary: `${supplier.code} ${supplier.name} ${email}`,
        after: { ...values, status: 'pending' },
      });
      return { id: row.id, activationUrl: link.url };
    }),
  );
}

async function insertOnce<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw duplicateField('email', EMAIL_TAKEN);
    throw error;
  }
}

export async function listPortalAccounts(db: Db, input: z.output<typeof portalAccountListRequest>) {
  await supplierOf(db, input.supplierId);
  const where = eq(portalAccounts.supplierId, input.supplierId);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(portalAccounts).where(where).orderBy(desc(portalAccounts.id)).limit(input.pageSize).offset(pageOffset(input)),
    db.select({ total: count() }).from(portalAccounts).where(where),
  ]);
  const list = rows.map((a) => ({
    id: a.id,
    supplierId: a.supplierId,
    email: a.email,
    name: a.name,
    phone: a.phone,
    status: a.status,
    lastLoginAt: iso(a.lastLoginAt),
    activationExpiresAt: iso(a.activationExpiresAt),
    createdAt: iso(a.createdAt) as string,
    version: a.version,
  }));
  return pageResult(list, Number(total), input);
}

/** Why `action` is refused from the account's status now (the contract's PORTAL_ACCOUNT_TRANSITIONS). */
const REFUSALS: Record<PortalAccountAction, string> = {
  disable: '该门户账号已停用',
  enable: '该门户账号未停用',
  reissue: '该门户账号已停用，请先启用',
};

/** The account locked for `action`: 404, a stale version, or 409 when its status does not allow the action. */
async function lockAccount(tx: Db, id: number, version: number, action: PortalAccountAction) {
  const [account] = await tx.select().from(portalAccounts).where(eq(portalAccounts.id, id)).for('update');
  if (!account) throw notFound('门户账号不存在');
  if (account.version !== version) throw staleVersion();
  if (!portalAccountActionAllowed(action, account.status)) throw conflict(REFUSALS[action]);
  return account;
}

/** 停用 ends every session at once; 启用 returns an account to 已启用, or to 待激活 if it never set a password. */
export async function setPortalAccountEnabled(ctx: AuthedContext, input: { id: number; version: number }, enabled: boolean) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const account = await lockAccount(tx, input.id, input.version, enabled ? 'enable' : 'disable');
    const status = enabled ? (account.passwordHash ? 'active' : 'pending') : 'disabled';
    await updateVersioned(tx, portalAccounts, account.id, input.version, { status });
    if (!enabled) await revokePortalSessions(tx, { accountId: account.id }, now);
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: enabled ? 'enable' : 'disable',
      recordId: account.id,
      summary: account.email,
      before: { status: account.status },
      after: { status },
    });
  });
  return { id: input.id };
}

/**
 * 重新生成激活链接: the old link stops working; the new one is shown once. On an active account it
 * also takes the account back (docs/portal.md, "Accounts"): its password is cleared, its sessions and
 * streams end at once, it is 待激活 until the new link is used, and the supplier's other accounts are
 * told, so a link handed to the wrong person cannot take the account over quietly.
 */
export async function reissueActivation(ctx: AuthedContext, input: { id: number; version: number }) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const account = await lockAccount(tx, input.id, input.version, 'reissue');
    const link = activationLink(now);
    const wasActive = account.status === 'active';
    await updateVersioned(tx, portalAccounts, account.id, input.version, {
      ...link.columns,
      ...(wasActive ? { status: 'pending' as const, passwordHash: null } : {}),
    });
    if (wasActive) {
      await revokePortalSessions(tx, { accountId: account.id }, now);
      await notify(tx, ctx.actor, {
        kind: 'portal_account_reissued',
        account: { id: account.id, supplierId: account.supplierId, email: account.email, name: account.name },
      });
    }
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'reissue',
      recordId: account.id,
      summary: wasActive
        ? `${ctx.user.username} 重新生成激活链接：${account.email}（原为已启用，已退出登录并改为待激活）`
        : `${ctx.user.username} 重新生成激活链接：${account.email}`,
      before: { status: account.status },
      after: { status: wasActive ? 'pending' : account.status },
    });
    return { id: account.id, activationUrl: link.url };
  });
}
