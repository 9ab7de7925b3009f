import type { CompanyInfo, companyInfoUpdateRequest } from '@scm/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { companyInfo } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import type { Actor } from '../../lib/http/context';
import { staleVersion } from '../../lib/http/errors';

/** The one row of 公司信息 (the migration creates it empty). */
const ROW_ID = 1;

/**
 * 公司信息 as the printed papers' buyer block and the invoice check read it; empty strings until
 * someone fills it in. Other modules read the company through this function.
 */
export async function getCompanyInfo(db: Db): Promise<CompanyInfo> {
  const [row] = await db.select().from(companyInfo).where(eq(companyInfo.id, ROW_ID));
  if (!row) return { name: '', creditCode: '', address: '', phone: '', bankName: '', bankAccount: '', version: 0 };
  const { name, creditCode, address, phone, bankName, bankAccount, version } = row;
  return { name, creditCode, address, phone, bankName, bankAccount, version };
}

export async function updateCompanyInfo(ctx: { db: Db; actor: Actor }, input: z.output<typeof companyInfoUpdateRequest>) {
  const { version, ...values } = input;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(companyInfo).values({ id: ROW_ID }).onConflictDoNothing();
    const [before] = await tx.select().from(companyInfo).where(eq(companyInfo.id, ROW_ID)).for('update');
    if (before.version !== version) throw staleVersion();
    await tx
      .update(companyInfo)
      .set({ ...values, version: before.version + 1, updatedAt: new Date() })
      .where(eq(companyInfo.id, ROW_ID));
    await writeAudit(tx, ctx.actor, { module: 'company_info', action: 'update', recordId: ROW_ID, summary: values.name, before, after: values });
  });
  return { id: ROW_ID };
}
