import { BellOutlined } from '@ant-design/icons';
import { MESSAGE_POLL_MS } from '@scm/contract';
import { App, Badge, Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSession } from '@/shared/session/use-session';
import { useRefreshMessages, useUnreadCount } from '@/features/message/api/message';
import { startMessageStream } from '@/features/message/live/message-stream';

const MessageDrawer = lazy(() => import('./message-drawer'));

/**
 * The header's bell: the unread count, kept current by the live stream (or every 60 s while it is
 * down), and the drawer of the latest messages. A new message also shows as a notification in the
 * tab the user is looking at.
 */
export function MessageBell() {
  const { userInfo } = useSession();
  const { notification } = App.useApp();
  const refresh = useRefreshMessages();
  const [live, setLive] = useState(false);
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount({ pollMs: live ? false : MESSAGE_POLL_MS });
  const userId = userInfo?.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one stream per signed-in user; refresh and notification are stable enough to be read when a message comes
  useEffect(() => {
    if (!userId) return;
    return startMessageStream(userId, {
      onMessage: (message) => {
        refresh();
        if (document.visibilityState === 'visible')
          notification.info({ key: `message-${message.id}`, message: message.title, description: message.body });
      },
      onConnected: (connected) => {
        setLive(connected);
        // Whatever came while the stream was down is in the count and the lists again.
        if (connected) refresh();
      },
    });
  }, [userId]);

  const count = unread.data?.count ?? 0;
  return (
    <>
      <Badge count={count} overflowCount={99} size="small" offset={[-6, 6]}>
        <Button
          type="text"
          icon={<BellOutlined />}
          aria-label={count ? `消息，${count} 条未读` : '消息'}
          data-testid="message-bell"
          // Absent until the count is known, so a reader never takes the placeholder 0 for a count.
          data-unread={unread.data ? count : undefined}
          onClick={() => setOpen(true)}
        />
      </Badge>
      {open && (
        <Suspense fallback={null}>
          <MessageDrawer onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
