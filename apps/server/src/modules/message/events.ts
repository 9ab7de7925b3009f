import type { MessageKind } from '@scm/contract';
import { and, eq, inArray, notInArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backUsers, roles } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { assignableWhere } from '../back-user/assignable';

/*
 * The event table (docs/messages.md, "Events and recipients"): for each kind of event, who is told
 * and what they read. A module that causes an event passes what the event names; the rows here
 * decide the recipients by permission codes and data scope, so no caller picks them by hand. A new
 * event is one entry here and one kind in the contract.
 */

interface PlanRef {
  id: number;
  code: string;
  name: string;
  createdBy: number | null;
  ownerId: number | null;
}

interface TaskRef {
  id: number;
  code: string;
  name: string;
  buyerId: number | null;
}

export type MessageEvent =
  /** `participantIds`: who drew the plan up (planning's four-eyes rule), none of whom may approve it. */
  | { kind: 'plan_submitted'; plan: PlanRef & { participantIds: number[] } }
  | { kind: 'plan_approved'; plan: PlanRef }
  | { kind: 'plan_rejected'; plan: PlanRef; reason: string }
  | { kind: 'quote_closed'; task: TaskRef; byDeadline: boolean };

type EventOf<K extends MessageKind> = Extract<MessageEvent, { kind: K }>;

/** Who caused the event: never told of it; no user for the system (the deadline job). */
export type EventActor = Pick<Actor, 'userId' | 'userName'>;

interface EventRule<K extends MessageKind> {
  recipients(tx: Db, event: EventOf<K>): Promise<number[]>;
  message(event: EventOf<K>, actor: EventActor): { title: string; body: string; link: string };
}

const planLink = (id: number) => `/planningManagement/planningTaskDetail?id=${id}`;
const taskLink = (id: number) => `/procurementManagement/procurementTaskMaintain?id=${id}`;
const who = (actor: EventActor) => actor.userName ?? '系统';

/**
 * Enabled users whose enabled role grants `code` right now and who see the record under their data
 * scope: a role with 全部数据 sees every record, one with 仅本人 only those `own` names.
 */
async function holdersOf(tx: Db, code: string, own: (number | null)[], excluded: (number | null)[]): Promise<number[]> {
  const ownIds = own.filter((id): id is number => id !== null);
  const scope: SQL | undefined = ownIds.length ? or(eq(roles.dataScope, 'all'), inArray(backUsers.id, ownIds)) : eq(roles.dataScope, 'all');
  const notExcluded = excluded.filter((id): id is number => id !== null);
  const rows = await tx
    .select({ id: backUsers.id })
    .from(backUsers)
    .innerJoin(roles, eq(roles.id, backUsers.roleId))
    .where(and(assignableWhere([code]), scope, notExcluded.length ? notInArray(backUsers.id, notExcluded) : undefined))
    .orderBy(backUsers.id);
  return rows.map((row) => row.id);
}

/** The people a record names (its owner, creator, buyer), once each. */
const people = (...ids: (number | null)[]) => Promise.resolve([...new Set(ids.filter((id): id is number => id !== null))]);

export const EVENTS: { [K in MessageKind]: EventRule<K> } = {
  plan_submitted: {
    // Who may approve it: the approve code, the plan in scope, and none of those who drew it up (four-eyes).
    recipients: (tx, { plan }) => holdersOf(tx, 'planningTaskList:approve', [plan.ownerId, plan.createdBy], plan.participantIds),
    message: ({ plan }, actor) => ({
      title: `计划待审核：${plan.code}`,
      body: `${who(actor)} 提交了计划「${plan.name}」，请审核。`,
      link: planLink(plan.id),
    }),
  },
  plan_approved: {
    recipients: (_tx, { plan }) => people(plan.ownerId, plan.createdBy),
    message: ({ plan }, actor) => ({
      title: `计划已审核通过：${plan.code}`,
      body: `${who(actor)} 审核通过了计划「${plan.name}」。`,
      link: planLink(plan.id),
    }),
  },
  plan_rejected: {
    recipients: (_tx, { plan }) => people(plan.ownerId, plan.createdBy),
    message: ({ plan, reason }, actor) => ({
      title: `计划被驳回：${plan.code}`,
      body: `${who(actor)} 驳回了计划「${plan.name}」，原因：${reason}`,
      link: planLink(plan.id),
    }),
  },
  quote_closed: {
    recipients: (_tx, { task }) => people(task.buyerId),
    message: ({ task, byDeadline }, actor) => ({
      title: `报价已截止：${task.code}`,
      body: byDeadline
        ? `采购任务「${task.name}」已到报价截止时间，可以比价定标。`
        : `${who(actor)} 关闭了采购任务「${task.name}」的报价，可以比价定标。`,
      link: taskLink(task.id),
    }),
  },
};
