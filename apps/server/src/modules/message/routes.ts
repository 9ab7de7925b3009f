import { messageApi, portalMessageApi } from '@scm/contract';
import { AUTHENTICATED, defineRoute, portalRoute } from '../../lib/http/route';
import { countUnread, issueTicket, listMessages, markAllRead, markRead } from './service';

// 消息中心 needs only a signed-in user (docs/messages.md): each call reads the caller's own messages.
export const messageRoutes = [
  defineRoute({ endpoint: messageApi.list, permission: AUTHENTICATED, handler: (input, ctx) => listMessages(ctx, input) }),
  defineRoute({ endpoint: messageApi.unreadCount, permission: AUTHENTICATED, handler: (_input, ctx) => countUnread(ctx) }),
  defineRoute({ endpoint: messageApi.read, permission: AUTHENTICATED, handler: (input, ctx) => markRead(ctx, input) }),
  defineRoute({ endpoint: messageApi.readAll, permission: AUTHENTICATED, handler: (_input, ctx) => markAllRead(ctx) }),
  defineRoute({ endpoint: messageApi.ticket, permission: AUTHENTICATED, handler: (_input, ctx) => issueTicket(ctx) }),
];

/** The same inbox for a supplier portal account: its own messages only. */
export const portalMessageRoutes = [
  portalRoute({ endpoint: portalMessageApi.list, handler: (input, ctx) => listMessages(ctx, input) }),
  portalRoute({ endpoint: portalMessageApi.unreadCount, handler: (_input, ctx) => countUnread(ctx) }),
  portalRoute({ endpoint: portalMessageApi.read, handler: (input, ctx) => markRead(ctx, input) }),
  portalRoute({ endpoint: portalMessageApi.readAll, handler: (_input, ctx) => markAllRead(ctx) }),
  portalRoute({ endpoint: portalMessageApi.ticket, handler: (_input, ctx) => issueTicket(ctx) }),
];
