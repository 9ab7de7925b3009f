import { DAY_MS, shanghaiDay } from '@scm/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config';
import { nextCode } from '../../lib/records/codes';
import { createPortalAccount } from '../../modules/portal/accounts';
import type { Db } from '../client';
import { backUsers, procurementTaskLines, procurementTaskSuppliers, procurementTasks, suppliers } from '../schema';
import { loadDemoGoods, pickGoods } from './demo-goods';

/** An activation link made by the demo seed, printed once by the start banner. */
export interface DemoPortalLink {
  supplierName: string;
  email: string;
  path: string;
}

/** Two demo suppliers that quote kitchen storage, each with a portal contact (docs/portal.md, "Demo"). */
const DEMO_PORTAL = [
  { supplier: '浙江义乌优品家居用品有限公司', email: 'chen@yiwu-youpin.com', name: '陈建国', phone: '13957912345' },
  { supplier: '广东佛山顺德美居制品厂', email: 'liang@shunde-meiju.com', name: '梁志强', phone: '13802221234' },
] as const;

/**
 * Portal accounts for two demo suppliers, opened by the administrator through the accounts' own
 * function (pending until their links are opened), and a sealed
 * task quoting for five days that invites both. Answers the links, or null when the suppliers or
 * the catalogue are not there (a database without the demo procurement data).
 */
export async function seedDemoPortal(tx: Db, now: Date, config: Config): Promise<DemoPortalLink[] | null> {
  const found = await tx
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(
      inArray(
        suppliers.name,
        DEMO_PORTAL.map((d) => d.supplier),
      ),
    );
  const goods = pickGoods(await loadDemoGoods(tx), ['CF0401', 'CF0402'], 3);
  const [buyer] = await tx.select({ id: backUsers.id }).from(backUsers).where(eq(backUsers.email, 'buyer@jiaju.com'));
  const [admin] = await tx.select().from(backUsers).orderBy(asc(backUsers.id)).limit(1);
  if (found.length !== DEMO_PORTAL.length || !goods || !admin) return null;

  const ctx = {
    db: tx,
    config,
    now: () => now,
    ip: '',
    userAgent: null,
    user: { ...admin, superAdmin: true, dataScope: 'all' as const, sessionId: 0, permissionCodes: new Set<string>() },
    actor: { userId: admin.id, userName: admin.username, ip: '' },
  };
  const links: DemoPortalLink[] = [];
  for (const demo of DEMO_PORTAL) {
    const supplier = found.find((s) => s.name === demo.supplier) as { id: number; name: string };
    const { activationUrl } = await createPortalAccount(ctx, { supplierId: supplier.id, email: demo.email, name: demo.name, phone: demo.phone });
    links.push({ supplierName: supplier.name, email: demo.email, path: activationUrl });
  }

  const deadline = new Date(now.getTime() + 5 * DAY_MS);
  const [task] = await tx
    .insert(procurementTasks)
    .values({
      code: await nextCode(tx, 'CG', now),
      name: '年货节收纳备货',
      buyerId: buyer?.id ?? admin.id,
      quoteDeadline: deadline,
      deliveryRegionCode: '440305',
      requiredBy: shanghaiDay(new Date(deadline.getTime() + 15 * DAY_MS)),
      status: 'quoting',
      sealed: true,
      remark: '供应商通过门户报价，截止前价格密封',
    })
    .returning({ id: procurementTasks.id });
  await tx.insert(procurementTaskLines).values(
    goods.map((good, sort) => ({
      taskId: task.id,
      sort,
      commodityId: good.id,
      quantity: [200, 120, 80][sort],
      targetPriceFen: Math.round((good.referencePriceFen * 9) / 10),
    })),
  );
  await tx.insert(procurementTaskSuppliers).values(found.map((s) => ({ taskId: task.id, supplierId: s.id })));
  return links;
}
