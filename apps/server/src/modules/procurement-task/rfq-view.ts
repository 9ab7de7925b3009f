import { type AwardOutcome, DICT, type rfqListRequest } from '@scm/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { clarifications, dictItems, dictTypes, procurementTaskLines, procurementTaskSuppliers, procurementTasks, quotations } from '../../db/schema';
import { notFound } from '../../lib/http/errors';
import { pageOffset, pageResult } from '../../lib/sql/paging';
import { iso } from '../../lib/sql/rows';
import {
  type SupplierAccess,
  supplierClarificationScope,
  supplierInvitation,
  supplierQuoteScope,
  supplierTaskScope,
} from '../../lib/access/supplier-scope';
import { ownLatestContent, taskRevisions } from '../sealing/quotes';
import { findTaskDetail } from './queries';
import type { QuoteContext } from './quote-access';
import { effectiveStatus, openPassedDeadlines } from './status';

/**
 * A task as its invited supplier reads it in the portal (docs/portal.md): 我的询价 and 询价详情. Every
 * query is bounded by the supplier's scope (`lib/access/supplier-scope.ts`): a task it was not invited to,
 * or one still a draft, does not exist for it (404).
 */

export async function listRfqs(ctx: QuoteContext, access: SupplierAccess, input: z.output<typeof rfqListRequest>) {
  await openPassedDeadlines(ctx.db, 'all', ctx.now());
  const where = and(eq(procurementTaskSuppliers.supplierId, access.supplierId), supplierTaskScope());
  const base = ctx.db
    .select({
      taskId: procurementTasks.id,
      code: procurementTasks.code,
      name: procurementTasks.name,
      quoteDeadline: procurementTasks.quoteDeadline,
      status: effectiveStatus(ctx.now()),
      sealed: procurementTasks.sealed,
      invitationStatus: procurementTaskSuppliers.status,
      lineCount: sql<number>`(select count(*)::int from ${procurementTaskLines} where ${procurementTaskLines.taskId} = ${procurementTasks.id})`,
      // Its own outcome once the task is awarded: what its quote's status says (no quote, or a withdrawn one, lost).
      outcome: sql<AwardOutcome | null>`case when ${procurementTasks.status} in ('awarded', 'completed') and ${procurementTaskSuppliers.status} <> 'declined' then
        coalesce((select case ${quotations.status} when 'awarded' then 'won' when 'partially_awarded' then 'partial' end from ${quotations}
                   where ${quotations.taskId} = ${procurementTasks.id} and ${quotations.supplierId} = ${procurementTaskSuppliers.supplierId}), 'lost') end`,
    })
    .from(procurementTaskSuppliers)
    .innerJoin(procurementTasks, eq(procurementTasks.id, procurementTaskSuppliers.taskId));
  const [rows, [{ total }]] = await Promise.all([
    base.where(where).orderBy(desc(procurementTasks.id)).limit(input.pageSize).offset(pageOffset(input)),
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(procurementTaskSuppliers)
      .innerJoin(procurementTasks, eq(procurementTasks.id, procurementTaskSuppliers.taskId))
      .where(where),
  ]);
  const list = rows.map((r) => ({ ...r, quoteDeadline: iso(r.quoteDeadline) as string, lineCount: Number(r.lineCount) }));
  return pageResult(list, Number(total), input);
}

/** The task and the caller's invitation, or 404 (another supplier's task, a draft, no such task). */
async function invitedTask(db: Db, supplierId: number, taskId: number) {
  const [row] = await db
    .select({ invitationStatus: procurementTaskSuppliers.status, declineReason: procurementTaskSuppliers.declineReason })
    .from(procurementTasks)
    .innerJoin(procurementTaskSuppliers, supplierInvitation(supplierId))
    .where(and(eq(procurementTasks.id, taskId), supplierTaskScope()));
  if (!row) throw notFound('询价不存在');
  return row;
}

async function unitLabels(db: Db, units: string[]) {
  if (units.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ value: dictItems.value, label: dictItems.label })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.id, dictItems.typeId))
    .where(and(eq(dictTypes.code, DICT.unit), inArray(dictItems.value, units)));
  return new Map(rows.map((r) => [r.value, r.label]));
}

export async function rfqInfo(ctx: QuoteContext, access: SupplierAccess, taskId: number) {
  const { supplierId } = access;
  const now = ctx.now();
  const invited = await invitedTask(ctx.db, supplierId, taskId);
  await openPassedDeadlines(ctx.db, [taskId], now);
  const found = await findTaskDetail(ctx.db, taskId, now);
  if (!found) throw notFound('询价不存在');
  const [units, revisions, own, [current], questions] = await Promise.all([
    unitLabels(ctx.db, [...new Set(found.lines.map((l) => l.unit))]),
    taskRevisions(ctx.db, found.task, supplierId),
    ownLatestContent(ctx.db, taskId, supplierId),
    ctx.db
      .select({ id: quotations.id })
      .from(quotations)
      .where(and(eq(quotations.taskId, taskId), supplierQuoteScope(supplierId))),
    ctx.db
      .select()
      .from(clarifications)
      .where(and(eq(clarifications.taskId, taskId), supplierClarificationScope(supplierId)))
      .orderBy(asc(clarifications.askedAt), asc(clarifications.id)),
  ]);
  const status = found.header.status;
  // Its own quote as it stands: withdrawn by a decline, shown again by a later submission.
  const quote =
    own && current && invited.invitationStatus === 'received'
      ? {
          id: current.id,
          revision: own.revision,
          submittedAt: own.submittedAt,
          validUntil: own.validUntil,
          invoiceType: own.invoiceType,
          taxRatePercent: own.taxRatePercent,
          freightMode: own.freightMode,
          freightFen: own.freightFen,
          freightFormula: own.freightFormula,
          remark: own.remark,
          enteredByBuyer: own.enteredByBuyer,
          lines: own.lines,
        }
      : null;
  const awarded = status === 'awarded' || status === 'completed';
  const ownPrice = new Map((quote?.lines ?? []).map((l) => [l.taskLineId, l.unitPriceFen]));
  return {
    task: {
      id: found.task.id,
      code: found.task.code,
      name: found.task.name,
      status,
      sealed: found.task.sealed,
      quoteDeadline: found.header.quoteDeadline,
      deliveryRegionCode: found.header.deliveryRegionCode,
      deliveryRegionName: found.header.deliveryRegionName,
      requiredBy: found.task.requiredBy,
      lines: found.lines.map((l) => ({
        id: l.id,
        commodityName: l.commodityName,
        spec: l.spec,
        unit: units.get(l.unit) ?? l.unit,
        quantity: l.quantity,
      })),
    },
    invitationStatus: invited.invitationStatus,
    declineReason: invited.declineReason,
    quote,
    revisions: revisions.map(({ supplierId: _s, receiptSha256, ...r }) => ({ ...r, receiptSha256: receiptSha256 as string })),
    // Answered questions of every supplier and its own open ones; never who asked someone else's.
    clarifications: questions.map((c) => ({
      id: c.id,
      question: c.question,
      answer: c.answer,
      askedAt: iso(c.askedAt) as string,
      answeredAt: iso(c.answeredAt),
      mine: c.supplierId === supplierId,
    })),
    // Only its own part of the award: won or not, the quantity, its own price.
    outcome: awarded
      ? {
          lines: found.lines.map((l) => {
            const won = l.awardedSupplierId === supplierId;
            return {
              taskLineId: l.id,
              won,
              quantity: won ? (l.awardedQuantity ?? l.quantity) : l.quantity,
              unitPriceFen: ownPrice.get(l.id) ?? null,
            };
          }),
        }
      : null,
    serverNow: now.toISOString(),
  };
}
