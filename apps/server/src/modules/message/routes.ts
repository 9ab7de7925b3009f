import { messageApi } from '@scm/contract';
import { AUTHENTICATED, defineRoute } from '../../lib/route';
import { countUnread, issueTicket, listMessages, markAllRead, markRead } from './service';

// 消息中心 needs only a signed-in user (docs/messages.md): each call reads the caller's own messages.
export const messageRoutes = [
  defineRoute({ endpoint: messageApi.list, permission: AUTHENTICATED, handler: (input, ctx) => listMessages(ctx, input) }),
  defineRoute({ endpoint: messageApi.unreadCount, permission: AUTHENTICATED, handler: (_input, ctx) => countUnread(ctx) }),
  defineRoute({ endpoint: messageApi.read, permission: AUTHENTICATED, handler: (input, ctx) => markRead(ctx, input) }),
  defineRoute({ endpoint: messageApi.readAll, permission: AUTHENTICATED, handler: (_input, ctx) => markAllRead(ctx) }),
  defineRoute({ endpoint: messageApi.ticket, permission: AUTHENTICATED, handler: (_input, ctx) => issueTicket(ctx) }),
];
