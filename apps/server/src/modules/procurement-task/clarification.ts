import type { clarificationAnswerRequest, clarificationAskRequest } from '@scm/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { clarifications, suppliers } from '../../db/schema';
import { writeAudit } from '../../lib/audit/audit';
import { conflict, notFound } from '../../lib/http/errors';
import { iso } from '../../lib/sql/rows';
import type { SupplierAccess } from '../../lib/access/supplier-scope';
import { updateVersioned } from '../../lib/records/versioned-update';
import { notify } from '../message/notify';
import { loadQuoteTask, openQuoting, type QuoteContext, type StaffAccess } from './quote-access';
import { writeTasks } from './task-write';

const MODULE = 'clarification';

/** 答疑: a supplier asks while the task is quoting (the same deadline and checks as a quote). */
export async function askClarification(ctx: QuoteContext, access: SupplierAccess, input: z.output<typeof clarificationAskRequest>) {
  return writeTasks(ctx.db, async (write) => {
    const now = ctx.now();
    const { found, invited } = await openQuoting(write, access, input.taskId, access.supplierId, now);
    const [row] = await write.tx
      .insert(clarifications)
      .values({ taskId: input.taskId, supplierId: access.supplierId, accountId: access.accountId, question: input.question, askedAt: now })
      .returning({ id: clarifications.id });
    await writeAudit(write.tx, ctx.actor, {
      module: MODULE,
      action: 'ask',
      recordId: row.id,
      summary: `${found.task.code} ${access.supplierName} 提问`,
      after: { taskId: input.taskId, question: input.question },
    });
    await notify(write.tx, ctx.actor, { kind: 'clarification_asked', task: found.task, supplier: { id: access.supplierId, name: invited.name } });
    return { id: row.id };
  });
}

export async function listClarifications(ctx: QuoteContext, access: StaffAccess, taskId: number) {
  await loadQuoteTask(ctx.db, access, taskId);
  const rows = await ctx.db
    .select({ c: clarifications, supplierName: suppliers.name })
    .from(clarifications)
    .innerJoin(suppliers, eq(suppliers.id, clarifications.supplierId))
    .where(eq(clarifications.taskId, taskId))
    .orderBy(asc(clarifications.askedAt), asc(clarifications.id));
  return rows.map(({ c, supplierName }) => ({
    id: c.id,
    supplierId: c.supplierId,
    supplierName,
    question: c.question,
    answer: c.answer,
    askedAt: iso(c.askedAt) as string,
    answeredAt: iso(c.answeredAt),
    version: c.version,
  }));
}

/** The answer is shown to every invited supplier, without the asker's name. */
export async function answerClarification(ctx: QuoteContext, access: StaffAccess, input: z.output<typeof clarificationAnswerRequest>) {
  await writeTasks(ctx.db, async ({ tx }) => {
    const [before] = await tx.select().from(clarifications).where(eq(clarifications.id, input.id));
    if (!before) throw notFound('问题不存在');
    const task = await loadQuoteTask(tx, access, before.taskId);
    if (task.status === 'draft' || task.status === 'cancelled') throw conflict('任务不在报价流程中，不能答复');
    await updateVersioned(tx, clarifications, input.id, input.version, { answer: input.answer, answeredAt: ctx.now(), answeredBy: access.user.id });
    await writeAudit(tx, ctx.actor, {
      module: MODULE,
      action: 'answer',
      recordId: input.id,
      summary: `${task.code} 答复提问`,
      before: { answer: before.answer },
      after: { answer: input.answer },
    });
    await notify(tx, ctx.actor, { kind: 'clarification_answered', task });
  });
  return { id: input.id };
}
