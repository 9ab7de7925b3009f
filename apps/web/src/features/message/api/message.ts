import { type EndpointBody, messageApi } from '@scm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '@/shared/http/hooks';
import { callApi } from '@/shared/http/api';

export type MessageListBody = EndpointBody<typeof messageApi.list>;

export const useMessageList = (body: MessageListBody) => useApiQuery(messageApi.list, body);

/** Polled only while the live stream is down (docs/messages.md, "Fallbacks"). */
export const useUnreadCount = ({ pollMs }: { pollMs: number | false }) => useApiQuery(messageApi.unreadCount, {}, { refetchInterval: pollMs });

export const useMarkRead = () => useApiMutation(messageApi.read, { invalidates: [messageApi.list, messageApi.unreadCount] });
export const useMarkAllRead = () =>
  useApiMutation(messageApi.readAll, { successMessage: '已全部标为已读', invalidates: [messageApi.list, messageApi.unreadCount] });

export const requestStreamTicket = () => callApi(messageApi.ticket, {});

/** A new message arrived (or the stream came back): the count and the lists read again. */
export function useRefreshMessages() {
  const client = useQueryClient();
  return () => {
    client.invalidateQueries({ queryKey: [messageApi.unreadCount.path] });
    client.invalidateQueries({ queryKey: [messageApi.list.path] });
  };
}
