import type { clarificationAnswerRequest, clarificationAskRequest } from '@scm/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { clarifications, suppliers } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { notify } from '../message/notify';
import type { AuthedContext, PortalContext } from '../../lib/context';
import { iso } from '../../lib/rows';
import { updateVersioned } from '../../lib/versioned-update';
import { conflict, notFound } from '../../lib/errors';
import { loadTaskForUser } from '../procurement-task/scope';
import { writeTasks } from '../procurement-task/task-write';
import { openQuoting, portalSupplier } from './rfq';

const MODULE = 'clarification';

/** 答疑: a supplier asks while the task is quoting (the same deadline as a quote). */
export async function askClarification(ctx: PortalContext, input: z.output<typeof clarificationAskRequest>) {
  return writeTasks(ctx.db, async (write) => {
    const { found, now } = await openQuoting(write, ctx, input.taskId);
    const [row] = await write.tx
      .insert(clarifications)
      .values({ taskId: input.taskId, supplierId: ctx.portal.supplierId, accountId: ctx.portal.accountId, question: input.question, askedAt: now })
      .returning({ id: clarifications.id });
    await writeAudit(write.tx, ctx.actor, {
      module: MODULE,
      action: 'ask',
      recordId: row.id,
      summary: `${found.task.code} ${ctx.portal.supplierName} 提问`,
      after: { taskId: input.taskId, question: input.question },
    });
    await notify(write.tx, ctx.actor, { kind: 'clarification_asked', task: found.task, supplier: portalSupplier(ctx) });
    return { id: row.id };
  });
}

export async function listClarifications(ctx: AuthedContext, taskId: number) {
  await loadTaskForUser(ctx.db, ctx.user, taskId);
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
export async function answerClarification(ctx: AuthedContext, input: z.output<typeof clarificationAnswerRequest>) {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(clarifications).where(eq(clarifications.id, input.id));
    if (!before) throw notFound('问题不存在');
    const task = await loadTaskForUser(tx, ctx.user, before.taskId);
    if (task.status === 'draft' || task.status === 'cancelled') throw conflict('任务不在报价流程中，不能答复');
    await updateVersioned(tx, clarifications, input.id, input.version, { answer: input.answer, answeredAt: ctx.now(), answeredBy: ctx.user.id });
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
