import { eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { quotationRevisions } from '../../db/schema';
import { seal, unseal } from './cipher';
import { revisionContext } from './quotes';

/**
 * Re-encrypts every revision still sealed from `oldKey` to `newKey` in one transaction: all of them
 * or none (docs/portal.md, "The sealing key"). Answers how many were re-encrypted.
 */
export async function rotateSealKey(db: Db, oldKey: Buffer, newKey: Buffer): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: quotationRevisions.id,
        taskId: quotationRevisions.taskId,
        supplierId: quotationRevisions.supplierId,
        revision: quotationRevisions.revision,
        sealedContent: quotationRevisions.sealedContent,
      })
      .from(quotationRevisions)
      .where(isNotNull(quotationRevisions.sealedContent))
      .for('update');
    for (const row of rows) {
      const context = revisionContext(row.taskId, row.supplierId, row.revision);
      const plain = unseal(row.sealedContent as string, context, oldKey);
      await tx
        .update(quotationRevisions)
        .set({ sealedContent: seal(plain, context, newKey) })
        .where(eq(quotationRevisions.id, row.id));
    }
    return rows.length;
  });
}
