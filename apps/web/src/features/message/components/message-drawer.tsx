import { MESSAGE_KIND_COLORS, MESSAGE_KIND_LABELS, type Message, formatDateTime, pagePath } from '@scm/contract';
import { Button, Drawer, Empty, List, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useMarkAllRead, useMarkRead, useMessageList } from '@/features/message/api/message';
import './message.css';

const LATEST = 10;

/**
 * The latest messages; a click marks one read and opens its record in a tab beside the current one
 * (the page the user was on stays open), 查看全部 opens the 消息中心.
 */
export default function MessageDrawer({ onClose }: { onClose: () => void }) {
  const list = useMessageList({ page: 1, pageSize: LATEST });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const navigate = useNavigate();
  const openMessage = (message: Message) => {
    onClose();
    if (!message.readAt) markRead.mutate({ ids: [message.id] });
    navigate(message.link);
  };

  return (
    <Drawer
      open
      title="消息"
      width={400}
      onClose={onClose}
      extra={
        <Button size="small" onClick={() => markAll.mutate({})} loading={markAll.isPending}>
          全部已读
        </Button>
      }
      footer={
        <Button
          type="link"
          block
          onClick={() => {
            onClose();
            navigate(pagePath('messageCenter'));
          }}
        >
          查看全部
        </Button>
      }
    >
      {list.data && list.data.list.length === 0 ? (
        <Empty description="暂无消息" />
      ) : (
        <List<Message>
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          renderItem={(message) => (
            // The whole item opens on a click; for the keyboard its title is the button.
            <List.Item
              className={message.readAt ? 'message-item' : 'message-item message-unread'}
              data-testid="message-item"
              onClick={() => openMessage(message)}
            >
              <List.Item.Meta
                title={
                  <Space size={6}>
                    {!message.readAt && <span className="message-dot" role="img" aria-label="未读" />}
                    <Tag color={MESSAGE_KIND_COLORS[message.kind]}>{MESSAGE_KIND_LABELS[message.kind]}</Tag>
                    <Button
                      type="link"
                      className="message-title"
                      onClick={(event) => {
                        event.stopPropagation();
                        openMessage(message);
                      }}
                    >
                      {message.title}
                    </Button>
                  </Space>
                }
                description={
                  <>
                    <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 4 }}>
                      {message.body}
                    </Typography.Paragraph>
                    <span className="message-time">{formatDateTime(message.createdAt)}</span>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
