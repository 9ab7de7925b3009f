import { z } from 'zod';
import { calendarDate, emptyResponse, idSchema, pageRequest, pageResponse } from './common';
import { endpoint } from './endpoint';
import { type MessageRealm, messagePaths } from './message-paths';

/**
 * 消息通知 (docs/messages.md): what a person is told when something waits for them. Each kind is one
 * event of the event table on the server; the 消息中心 filters by it and shows its label.
 */
export const MESSAGE_KINDS = [
  'plan_submitted',
  'plan_approved',
  'plan_rejected',
  'quote_closed',
  'quote_submitted',
  'quote_declined',
  'clarification_asked',
  'order_confirmed',
  'rfq_published',
  'clarification_answered',
  'order_created',
  'return_created',
  'return_answered',
  'receipt_reversed',
  'plan_receipt_reversed',
  'order_rejected',
  'shipment_created',
  'order_confirmed_for_supplier',
  'goods_received',
  'rfq_closed_early',
  'plan_goods_received',
  'order_closed_short',
  'statement_sent',
  'statement_confirmed',
  'statement_disputed',
  'invoice_submitted',
  'statement_exception',
  'statement_paid',
  'quote_entered',
  'portal_account_reissued',
  'award_pending',
] as const;
export const messageKindSchema = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof messageKindSchema>;

export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  plan_submitted: '计划待审核',
  plan_approved: '计划已审核',
  plan_rejected: '计划已驳回',
  quote_closed: '报价已截止',
  quote_submitted: '供应商已报价',
  quote_declined: '供应商放弃报价',
  clarification_asked: '供应商提问',
  order_confirmed: '订单已确认',
  rfq_published: '新询价',
  clarification_answered: '答疑已回复',
  order_created: '新采购订单',
  return_created: '退货单待确认',
  return_answered: '退货单已答复',
  receipt_reversed: '收货已冲销',
  plan_receipt_reversed: '计划到货冲销',
  order_rejected: '订单被拒绝',
  shipment_created: '供应商已发货',
  order_confirmed_for_supplier: '订单已代确认',
  goods_received: '已收货',
  rfq_closed_early: '询价提前截止',
  plan_goods_received: '计划到货',
  order_closed_short: '订单短缺关闭',
  statement_sent: '待确认对账单',
  statement_confirmed: '对账单已确认',
  statement_disputed: '对账单有异议',
  invoice_submitted: '供应商已上传发票',
  statement_exception: '发票匹配异常',
  statement_paid: '对账单已付款',
  quote_entered: '采购方代录报价',
  award_pending: '定标待审批',
  portal_account_reissued: '门户账号已重置',
};

export const MESSAGE_KIND_COLORS: Record<MessageKind, string> = {
  plan_submitted: 'processing',
  plan_approved: 'success',
  plan_rejected: 'error',
  quote_closed: 'warning',
  quote_submitted: 'processing',
  quote_declined: 'default',
  clarification_asked: 'warning',
  order_confirmed: 'success',
  rfq_published: 'processing',
  clarification_answered: 'success',
  order_created: 'processing',
  return_created: 'warning',
  return_answered: 'processing',
  receipt_reversed: 'error',
  plan_receipt_reversed: 'warning',
  order_rejected: 'error',
  shipment_created: 'processing',
  order_confirmed_for_supplier: 'success',
  goods_received: 'success',
  rfq_closed_early: 'warning',
  plan_goods_received: 'success',
  order_closed_short: 'warning',
  statement_sent: 'processing',
  statement_confirmed: 'success',
  statement_disputed: 'error',
  invoice_submitted: 'processing',
  statement_exception: 'warning',
  statement_paid: 'success',
  quote_entered: 'warning',
  portal_account_reissued: 'warning',
  award_pending: 'processing',
};

/** The kinds a supplier's portal accounts receive; every other kind goes to back-office users. */
const PORTAL_MESSAGE_KINDS: readonly MessageKind[] = [
  'rfq_published',
  'clarification_answered',
  'order_created',
  'return_created',
  'receipt_reversed',
  'order_confirmed_for_supplier',
  'goods_received',
  'rfq_closed_early',
  'statement_sent',
  'statement_paid',
  'quote_entered',
  'portal_account_reissued',
];
/** The kinds a realm's inbox may hold (the 消息中心's kind filter offers these). */
export const messageKindsOf = (realm: MessageRealm) => MESSAGE_KINDS.filter((kind) => PORTAL_MESSAGE_KINDS.includes(kind) === (realm === 'portal'));

export const messageListRequest = pageRequest(['createdAt']).extend({
  unread: z.boolean().optional(),
  kind: messageKindSchema.optional(),
  /** Days in Asia/Shanghai, both included. */
  createdFrom: calendarDate('开始日期').optional(),
  createdTo: calendarDate('结束日期').optional(),
});

/** One message, as the list answers it and as the stream sends it (one `message` event each). */
export const messageSchema = z.object({
  id: z.number(),
  kind: messageKindSchema,
  title: z.string(),
  body: z.string(),
  /** The path of its record in the web app (`/planningManagement/planningTaskDetail?id=5`), opened through the tab strip. */
  link: z.string(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageReadRequest = z.strictObject({
  ids: z.array(idSchema).min(1, '请选择消息').max(200, '一次最多选择200条'),
});

export const unreadCountResponse = z.object({ count: z.number() });
export const messageTicketResponse = z.object({ ticket: z.string() });

/** The endpoints of one realm: the admin's today; the portal's are the same shapes under /portal. */
export function messageEndpoints<const R extends MessageRealm>(realm: R) {
  const paths = messagePaths(realm);
  return {
    list: endpoint(paths.list, messageListRequest, pageResponse(messageSchema)),
    unreadCount: endpoint(paths.unreadCount, z.strictObject({}), unreadCountResponse),
    read: endpoint(paths.read, messageReadRequest, emptyResponse),
    readAll: endpoint(paths.readAll, z.strictObject({}), emptyResponse),
    ticket: endpoint(paths.ticket, z.strictObject({}), messageTicketResponse),
  };
}

export const messageApi = messageEndpoints('admin');
export const portalMessageApi = messageEndpoints('portal');

/** A ticket lets an EventSource (which cannot send headers) open the stream once, within this time. */
export const MESSAGE_TICKET_TTL_MS = 60_000;
