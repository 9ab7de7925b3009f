import { asc, eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../lib/http/context';
import { createStatement, sendStatement } from '../../modules/supplier-statement/service';
import { confirmStatement } from '../../modules/supplier-statement/supplier-acts';
import type { Db } from '../client';
import { backUsers, purchaseOrders, purchaseReceipts, supplierStatements, suppliers } from '../schema';

/**
 * A month end under way (docs/rules/statements.md, "Demo"), written through the statement
 * module's own functions: the supplier with the most received goods has confirmed its statement
 * (invoices still to come), the next has one waiting for its confirmation, a third a draft.
 */
export async function seedDemoStatements(tx: Db, now: Date): Promise<boolean> {
  const [buyer] = await tx.select().from(backUsers).where(eq(backUsers.email, 'buyer@jiaju.com'));
  const [creator] = buyer ? [buyer] : await tx.select().from(backUsers).orderBy(asc(backUsers.id)).limit(1);
  if (!creator) return false;
  const user: AuthUser = {
    id: creator.id,
    username: creator.username,
    email: creator.email,
    roleId: creator.roleId,
    superAdmin: false,
    dataScope: 'all',
    sessionId: 0,
    permissionCodes: new Set(),
  };
  const ctx = { db: tx, actor: { userId: creator.id, userName: creator.username, ip: '' }, now: () => now, user };
  const received = await tx
    .select({
      supplierId: purchaseOrders.supplierId,
      from: sql<string>`min(${purchaseReceipts.receivedOn})::text`,
      to: sql<string>`max(${purchaseReceipts.receivedOn})::text`,
    })
    .from(purchaseReceipts)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseReceipts.orderId))
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .groupBy(purchaseOrders.supplierId)
    .orderBy(sql`sum(${purchaseOrders.receivedQuantity}) desc`, asc(purchaseOrders.supplierId))
    .limit(3);
  for (const [index, r] of received.entries()) {
    const { id } = await createStatement(ctx, { supplierId: r.supplierId, periodFrom: r.from, periodTo: r.to, remark: '月结对账' });
    if (index === 2) continue;
    const version = async () =>
      (await tx.select({ v: supplierStatements.version }).from(supplierStatements).where(eq(supplierStatements.id, id)))[0].v;
    await sendStatement(ctx, { id, version: await version() });
    if (index === 0) {
      await confirmStatement(
        { db: tx, actor: { userId: null, userName: '供应商', ip: '' }, now: () => now },
        { id, version: await version() },
        { supplierId: r.supplierId },
      );
    }
  }
  return true;
}
