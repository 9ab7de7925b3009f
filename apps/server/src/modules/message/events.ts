import { detailPath, fenToYuan, type MessageKind, portalPath } from '@scm/contract';
import { and, eq, inArray, notInArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backUsers, portalAccounts, procurementTaskSuppliers, roles, suppliers } from '../../db/schema';
import type { Actor } from '../../lib/http/context';
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

interface OrderRef {
  id: number;
  code: string;
  supplierId: number;
  buyerId: number | null;
}

interface ReturnRef {
  id: number;
  code: string;
  supplierId: number;
}

interface StatementRef {
  id: number;
  code: string;
  supplierId: number;
  createdBy: number;
}

/** A supplier's deed in the portal, as staff read it: the supplier's name, never a price. */
interface SupplierRef {
  id: number;
  name: string;
}

export type MessageEvent =
  /** `participantIds`: who drew the plan up (planning's four-eyes rule), none of whom may approve it. */
  | { kind: 'plan_submitted'; plan: PlanRef & { participantIds: number[] } }
  | { kind: 'plan_approved'; plan: PlanRef }
  | { kind: 'plan_rejected'; plan: PlanRef; reason: string }
  | { kind: 'quote_closed'; task: TaskRef; byDeadline: boolean }
  | { kind: 'quote_submitted'; task: TaskRef; supplier: SupplierRef; revision: number }
  | { kind: 'quote_declined'; task: TaskRef; supplier: SupplierRef; reason: string }
  | { kind: 'clarification_asked'; task: TaskRef; supplier: SupplierRef }
  | { kind: 'order_confirmed'; order: OrderRef; supplier: SupplierRef }
  | { kind: 'rfq_published'; task: TaskRef }
  | { kind: 'clarification_answered'; task: TaskRef }
  | { kind: 'order_created'; order: OrderRef }
  /** `edited`: the buyer changed the lines (or answered a dispute) and sends it again. */
  | { kind: 'return_created'; ret: ReturnRef; order: OrderRef; edited: boolean }
  /** The supplier confirmed (`disputeReason` null) or disputed a return. */
  | { kind: 'return_answered'; ret: ReturnRef; order: OrderRef; supplier: SupplierRef; disputeReason: string | null }
  | { kind: 'receipt_reversed'; order: OrderRef; receivedOn: string; reason: string }
  | { kind: 'plan_receipt_reversed'; plan: PlanRef; order: OrderRef; receivedOn: string; reason: string }
  /** `planOwnerId`: the owner of the order's source plan, whose line stays open. */
  | { kind: 'order_rejected'; order: OrderRef & { planOwnerId: number | null }; supplier: SupplierRef; reason: string }
  | { kind: 'shipment_created'; order: OrderRef; supplier: SupplierRef; shipment: { code: string; expectedArrival: string } }
  | { kind: 'order_confirmed_for_supplier'; order: OrderRef & { promisedDate: string | null } }
  /** `difference`: the words of what a shipping notice said and the receipt found otherwise, if anything. */
  | { kind: 'goods_received'; order: OrderRef; quantity: number; difference: string | null }
  | { kind: 'rfq_closed_early'; task: TaskRef; reason: string }
  | { kind: 'plan_goods_received'; plan: PlanRef; order: OrderRef; quantity: number }
  | { kind: 'order_closed_short'; plan: PlanRef; order: OrderRef; reason: string }
  | { kind: 'statement_sent'; statement: StatementRef }
  | { kind: 'statement_confirmed'; statement: StatementRef; supplier: SupplierRef }
  | { kind: 'statement_disputed'; statement: StatementRef; supplier: SupplierRef; reason: string }
  | { kind: 'invoice_submitted'; statement: StatementRef; supplier: SupplierRef; invoiceNumber: string }
  | { kind: 'statement_exception'; statement: StatementRef; count: number }
  | { kind: 'statement_paid'; statement: StatementRef; paidOn: string; amountFen: number }
  | { kind: 'quote_entered'; task: TaskRef; supplier: SupplierRef; revision: number }
  /** An award that reached the approval threshold; `awardedById` made it and may not approve it. */
  | { kind: 'award_pending'; task: TaskRef & { awardedById: number }; amountFen: number }
  /** An active account's activation link reissued by staff: its sessions ended, it is 待激活 again. */
  | { kind: 'portal_account_reissued'; account: { id: number; supplierId: number; email: string; name: string } };

type EventOf<K extends MessageKind> = Extract<MessageEvent, { kind: K }>;

/** Who caused the event: never told of it; no user for the system (the deadline job). */
export type EventActor = Pick<Actor, 'userId' | 'userName'>;

/** An event tells back-office users (`recipients`, user ids) or supplier portal accounts (`accounts`, account ids). */
interface EventRule<K extends MessageKind> {
  recipients?(tx: Db, event: EventOf<K>): Promise<number[]>;
  accounts?(tx: Db, event: EventOf<K>): Promise<number[]>;
  /** `link` is a path of the web app of the recipients' realm (the admin app, or the portal's `/portal/…`). */
  message(event: EventOf<K>, actor: EventActor): { title: string; body: string; link: string };
}

const planLink = (id: number) => detailPath('planningTaskDetail', id);
const taskLink = (id: number) => detailPath('procurementTaskMaintain', id);
const orderLink = (id: number) => detailPath('purchaseOrderDetail', id);
const portalRfqLink = (taskId: number) => portalPath('rfqDetail', { id: taskId });
const portalOrderLink = (id: number) => portalPath('orderDetail', { id });
const returnLink = (id: number) => detailPath('purchaseReturnDetail', id);
const portalReturnLink = (id: number) => portalPath('returnDetail', { id });
const statementLink = (id: number) => detailPath('supplierStatementDetail', id);
const portalStatementLink = (id: number) => portalPath('statementDetail', { id });
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

/**
 * The active portal accounts of the given suppliers that are enabled (a pending or disabled account,
 * and every account of a disabled or blacklisted supplier, reads nothing). The suppliers' rows are
 * locked for share: a disable or blacklist racing the event either commits first and is seen here,
 * or waits for this event, whose message then reaches its streams before the revocation ends them.
 */
async function accountsOf(tx: Db, supplierIds: number[]): Promise<number[]> {
  if (supplierIds.length === 0) return [];
  const enabled = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(inArray(suppliers.id, supplierIds), eq(suppliers.status, 'enabled')))
    .orderBy(suppliers.id)
    .for('share');
  if (enabled.length === 0) return [];
  const rows = await tx
    .select({ id: portalAccounts.id })
    .from(portalAccounts)
    .where(
      and(
        inArray(
          portalAccounts.supplierId,
          enabled.map((row) => row.id),
        ),
        eq(portalAccounts.status, 'active'),
      ),
    )
    .orderBy(portalAccounts.id);
  return rows.map((row) => row.id);
}

/** The active portal accounts of every supplier invited to the task. */
async function invitedAccounts(tx: Db, taskId: number): Promise<number[]> {
  const invited = await tx
    .select({ supplierId: procurementTaskSuppliers.supplierId })
    .from(procurementTaskSuppliers)
    .where(eq(procurementTaskSuppliers.taskId, taskId));
  return accountsOf(
    tx,
    invited.map((row) => row.supplierId),
  );
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
  award_pending: {
    // Whoever may approve it: the approve code, the task in scope, never who awarded (four-eyes).
    recipients: (tx, { task }) => holdersOf(tx, 'procurementTaskMaintain:approveAward', [task.buyerId], [task.awardedById]),
    message: ({ task, amountFen }, actor) => ({
      title: `定标待审批：${task.code}`,
      body: `${who(actor)} 对采购任务「${task.name}」的定标（到货成本 ¥${fenToYuan(amountFen, true)}）达到审批金额，请审批。`,
      link: taskLink(task.id),
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
  quote_submitted: {
    recipients: (_tx, { task }) => people(task.buyerId),
    message: ({ task, supplier, revision }) => ({
      title: `供应商已报价：${task.code}`,
      body: `${supplier.name} 提交了采购任务「${task.name}」的报价（第${revision}版）。`,
      link: taskLink(task.id),
    }),
  },
  quote_declined: {
    recipients: (_tx, { task }) => people(task.buyerId),
    message: ({ task, supplier, reason }) => ({
      title: `供应商放弃报价：${task.code}`,
      body: `${supplier.name} 放弃了采购任务「${task.name}」的报价，原因：${reason}`,
      link: taskLink(task.id),
    }),
  },
  clarification_asked: {
    recipients: (_tx, { task }) => people(task.buyerId),
    message: ({ task, supplier }) => ({
      title: `供应商提问：${task.code}`,
      body: `${supplier.name} 就采购任务「${task.name}」提出了问题，请答疑。`,
      link: taskLink(task.id),
    }),
  },
  order_confirmed: {
    recipients: (_tx, { order }) => people(order.buyerId),
    message: ({ order, supplier }) => ({
      title: `订单已确认：${order.code}`,
      body: `${supplier.name} 确认了采购订单 ${order.code}。`,
      link: orderLink(order.id),
    }),
  },
  rfq_published: {
    accounts: (tx, { task }) => invitedAccounts(tx, task.id),
    message: ({ task }) => ({
      title: `新询价：${task.code}`,
      body: `您受邀参与「${task.name}」的报价，请在截止时间前提交。`,
      link: portalRfqLink(task.id),
    }),
  },
  clarification_answered: {
    accounts: (tx, { task }) => invitedAccounts(tx, task.id),
    message: ({ task }) => ({
      title: `答疑已回复：${task.code}`,
      body: `采购任务「${task.name}」有新的答疑回复。`,
      link: portalRfqLink(task.id),
    }),
  },
  order_rejected: {
    recipients: (_tx, { order }) => people(order.buyerId, order.planOwnerId),
    message: ({ order, supplier, reason }) => ({
      title: `订单被拒绝：${order.code}`,
      body: `${supplier.name} 拒绝了采购订单 ${order.code}：${reason}。请关闭订单，计划明细仍待采购。`,
      link: orderLink(order.id),
    }),
  },
  shipment_created: {
    recipients: (_tx, { order }) => people(order.buyerId),
    message: ({ order, supplier, shipment }) => ({
      title: `供应商已发货：${order.code}`,
      body: `${supplier.name} 登记了发货通知 ${shipment.code}，预计 ${shipment.expectedArrival} 到货。`,
      link: orderLink(order.id),
    }),
  },
  order_confirmed_for_supplier: {
    accounts: (tx, { order }) => accountsOf(tx, [order.supplierId]),
    message: ({ order }, actor) => ({
      title: `订单已代确认：${order.code}`,
      body: `采购员 ${who(actor)} 已代贵司确认采购订单 ${order.code}${order.promisedDate ? `，承诺到货日期 ${order.promisedDate}` : ''}。`,
      link: portalOrderLink(order.id),
    }),
  },
  goods_received: {
    accounts: (tx, { order }) => accountsOf(tx, [order.supplierId]),
    message: ({ order, quantity, difference }) => ({
      title: `已收货：${order.code}`,
      body: `采购订单 ${order.code} 收货 ${quantity} 件${difference ? `；${difference}` : ''}。`,
      link: portalOrderLink(order.id),
    }),
  },
  rfq_closed_early: {
    accounts: (tx, { task }) => invitedAccounts(tx, task.id),
    message: ({ task, reason }) => ({
      title: `询价提前截止：${task.code}`,
      body: `采购任务「${task.name}」的报价已提前截止：${reason}。`,
      link: portalRfqLink(task.id),
    }),
  },
  plan_goods_received: {
    recipients: (_tx, { plan }) => people(plan.ownerId),
    message: ({ plan, order, quantity }) => ({
      title: `计划到货：${plan.code}`,
      body: `计划「${plan.name}」的采购订单 ${order.code} 收货 ${quantity} 件。`,
      link: planLink(plan.id),
    }),
  },
  order_closed_short: {
    recipients: (_tx, { plan }) => people(plan.ownerId),
    message: ({ plan, order, reason }) => ({
      title: `订单短缺关闭：${order.code}`,
      body: `计划「${plan.name}」的采购订单 ${order.code} 未收齐即关闭：${reason}。计划明细仍待采购。`,
      link: planLink(plan.id),
    }),
  },
  portal_account_reissued: {
    // The supplier's other accounts: the reissued one is signed out and would read it only after its new password.
    accounts: async (tx, { account }) => (await accountsOf(tx, [account.supplierId])).filter((id) => id !== account.id),
    message: ({ account }, actor) => ({
      title: `门户账号已重置：${account.email}`,
      body: `${who(actor)} 为「${account.name}」（${account.email}）重新生成了激活链接，该账号已退出登录，须用新链接重新设置密码。如非贵司要求，请联系采购方。`,
      link: portalPath('rfqList'),
    }),
  },
  order_created: {
    accounts: (tx, { order }) => accountsOf(tx, [order.supplierId]),
    message: ({ order }) => ({
      title: `新采购订单：${order.code}`,
      body: `您有一张新的采购订单 ${order.code}，请查看并确认。`,
      link: portalOrderLink(order.id),
    }),
  },
  return_created: {
    accounts: (tx, { ret }) => accountsOf(tx, [ret.supplierId]),
    message: ({ ret, order, edited }) => ({
      title: edited ? `退货单已修改：${ret.code}` : `新退货单：${ret.code}`,
      body: edited
        ? `采购订单 ${order.code} 的退货单 ${ret.code} 已修改，请重新确认。`
        : `采购订单 ${order.code} 有一张退货单 ${ret.code}，请查看并确认。`,
      link: portalReturnLink(ret.id),
    }),
  },
  return_answered: {
    recipients: (_tx, { order }) => people(order.buyerId),
    message: ({ ret, supplier, disputeReason }) => ({
      title: disputeReason == null ? `退货单已确认：${ret.code}` : `退货单有异议：${ret.code}`,
      body: disputeReason == null ? `${supplier.name} 确认了退货单 ${ret.code}。` : `${supplier.name} 对退货单 ${ret.code} 有异议：${disputeReason}`,
      link: returnLink(ret.id),
    }),
  },
  receipt_reversed: {
    accounts: (tx, { order }) => accountsOf(tx, [order.supplierId]),
    message: ({ order, receivedOn, reason }) => ({
      title: `收货已冲销：${order.code}`,
      body: `采购订单 ${order.code} 于 ${receivedOn} 的收货已冲销，原因：${reason}`,
      link: portalOrderLink(order.id),
    }),
  },
  plan_receipt_reversed: {
    recipients: (_tx, { plan }) => people(plan.ownerId),
    message: ({ plan, order, receivedOn, reason }) => ({
      title: `计划到货冲减：${plan.code}`,
      body: `采购订单 ${order.code} 于 ${receivedOn} 的收货已冲销，计划「${plan.name}」的到货数量随之减少。原因：${reason}`,
      link: planLink(plan.id),
    }),
  },
  statement_sent: {
    accounts: (tx, { statement }) => accountsOf(tx, [statement.supplierId]),
    message: ({ statement }) => ({
      title: `待确认对账单：${statement.code}`,
      body: `您有一张对账单 ${statement.code} 待核对，请确认或提出异议。`,
      link: portalStatementLink(statement.id),
    }),
  },
  statement_confirmed: {
    recipients: (_tx, { statement }) => people(statement.createdBy),
    message: ({ statement, supplier }) => ({
      title: `对账单已确认：${statement.code}`,
      body: `${supplier.name} 确认了对账单 ${statement.code}，可以登记发票。`,
      link: statementLink(statement.id),
    }),
  },
  statement_disputed: {
    recipients: (_tx, { statement }) => people(statement.createdBy),
    message: ({ statement, supplier, reason }) => ({
      title: `对账单有异议：${statement.code}`,
      body: `${supplier.name} 对对账单 ${statement.code} 提出异议：${reason}`,
      link: statementLink(statement.id),
    }),
  },
  invoice_submitted: {
    recipients: (_tx, { statement }) => people(statement.createdBy),
    message: ({ statement, supplier, invoiceNumber }) => ({
      title: `供应商已上传发票：${statement.code}`,
      body: `${supplier.name} 为对账单 ${statement.code} 上传了发票 ${invoiceNumber}。`,
      link: statementLink(statement.id),
    }),
  },
  statement_exception: {
    // Whoever may decide it: the approve code, the statement in scope, never its creator (four-eyes).
    recipients: (tx, { statement }) => holdersOf(tx, 'supplierStatement:approve', [statement.createdBy], [statement.createdBy]),
    message: ({ statement, count }) => ({
      title: `发票匹配异常：${statement.code}`,
      body: `对账单 ${statement.code} 的三单匹配发现 ${count} 项新异常，请处理。`,
      link: statementLink(statement.id),
    }),
  },
  statement_paid: {
    accounts: (tx, { statement }) => accountsOf(tx, [statement.supplierId]),
    message: ({ statement, paidOn, amountFen }) => ({
      title: `对账单已付款：${statement.code}`,
      body: `对账单 ${statement.code} 已于 ${paidOn} 付款 ¥${fenToYuan(amountFen, true)}。`,
      link: portalStatementLink(statement.id),
    }),
  },
  quote_entered: {
    accounts: (tx, { supplier }) => accountsOf(tx, [supplier.id]),
    message: ({ task, revision }) => ({
      title: `采购方代录报价：${task.code}`,
      body: `采购方已为贵公司代录「${task.name}」的报价（第${revision}版），可在截止前查看或重新提交。`,
      link: portalRfqLink(task.id),
    }),
  },
};
