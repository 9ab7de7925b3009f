import { formatMonthDayTime } from '@scm/contract';
import type { Message } from '@scm/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLatestMessages, useMarkAllRead, useMarkRead, usePortalMessageStream, useUnreadCount } from '@/portal/api/messages';
import { Button, Icon } from '@/shared/ui/plain-controls';

/**
 * The portal's bell: the unread count, and a small panel of the latest messages (plain markup, no
 * antd: the portal's JS stays small). A message opens its record inside the portal.
 */
export function MessageBell() {
  usePortalMessageStream();
  const [open, setOpen] = useState(false);
  const count = useUnreadCount().data?.count ?? 0;
  const latest = useLatestMessages(open);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const navigate = useNavigate();
  const openMessage = (message: Message) => {
    if (!message.readAt) markRead.mutate({ ids: [message.id] });
    setOpen(false);
    // Links of portal messages are portal paths; anything else stays unopened.
    if (message.link.startsWith('/portal/')) navigate(message.link);
  };
  return (
    <div className="portal-bell">
      <Button
        variant="text"
        icon={<Icon name="bell" />}
        aria-label={count > 0 ? `消息，${count} 条未读` : '消息'}
        aria-expanded={open}
        data-testid="portal-bell"
        onClick={() => setOpen(!open)}
      >
        {count > 0 && (
          <span className="portal-bell-count" data-testid="portal-bell-count">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </Button>
      {open && (
        <>
          <button type="button" className="portal-bell-backdrop" aria-label="关闭消息" onClick={() => setOpen(false)} />
          <div className="portal-bell-panel" role="dialog" aria-label="消息通知" data-testid="portal-bell-panel">
            <div className="portal-card-head">
              <h2 className="portal-card-title">消息通知</h2>
              <Button variant="link" disabled={count === 0} onClick={() => markAllRead.mutate({})}>
                全部已读
              </Button>
            </div>
            <div className="portal-bell-list">
              {latest.isLoading ? (
                <div className="portal-empty">加载中…</div>
              ) : (latest.data?.list ?? []).length === 0 ? (
                <div className="portal-empty">暂无消息</div>
              ) : (
                latest.data?.list.map((message) => (
                  <button
                    key={message.id}
                    type="button"
                    className={`portal-bell-item${message.readAt ? '' : ' portal-bell-unread'}`}
                    onClick={() => openMessage(message)}
                  >
                    <span className="portal-bell-title">{message.title}</span>
                    <span className="portal-muted">{message.body}</span>
                    <span className="portal-muted portal-bell-time">{formatMonthDayTime(message.createdAt)}</span>
                  </button>
                ))
              )}
            </div>
          </div>
        </>
      )}
    </div>
  );
}
