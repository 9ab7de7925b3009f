// The message endpoints' paths, apart from their schemas (message.ts): the supplier portal calls them
// without loading zod (docs/web-guide.md, "Portal").

/** Who reads messages: back-office users under /api/admin, supplier portal accounts under /api/portal. */
export type MessageRealm = 'admin' | 'portal';

/** The message paths of one realm: the same shapes under /admin and /portal. */
export const messagePaths = <const R extends MessageRealm>(realm: R) => ({
  list: `/${realm}/message/list` as const,
  unreadCount: `/${realm}/message/unread_count` as const,
  read: `/${realm}/message/read` as const,
  readAll: `/${realm}/message/read_all` as const,
  ticket: `/${realm}/message/ticket` as const,
});

/** The Server-Sent Events stream of a realm (GET, not a POST endpoint): bearer token or `?ticket=`. */
export const messageStreamPath = (realm: MessageRealm) => `/${realm}/message/stream` as const;

/** The browser asks for the unread count this often when the stream is down, and once after each reconnect. */
export const MESSAGE_POLL_MS = 60_000;
