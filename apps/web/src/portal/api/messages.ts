import { endpointAt, MESSAGE_POLL_MS, messagePaths, messageStreamPath, type portalMessageApi } from '@scm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '@/shared/http/api';
import { useApiMutation, useApiQuery } from '@/shared/http/hooks';

// By path, with the endpoints' types: the portal's pages load no schema (docs/web-guide.md, "Portal").
const paths = messagePaths('portal');
const list = endpointAt<typeof portalMessageApi.list>(paths.list);
const unreadCount = endpointAt<typeof portalMessageApi.unreadCount>(paths.unreadCount);
const read = endpointAt<typeof portalMessageApi.read>(paths.read);
const readAll = endpointAt<typeof portalMessageApi.readAll>(paths.readAll);
const streamTicket = endpointAt<typeof portalMessageApi.ticket>(paths.ticket);

export const useUnreadCount = () => useApiQuery(unreadCount, {}, { refetchInterval: MESSAGE_POLL_MS });
export const useLatestMessages = (enabled: boolean) => useApiQuery(list, { page: 1, pageSize: 20 }, { enabled });

const inbox = [list, unreadCount];
export const useMarkRead = () => useApiMutation(read, { invalidates: inbox });
export const useMarkAllRead = () => useApiMutation(readAll, { successMessage: '已全部标为已读', invalidates: inbox });

/**
 * The portal's live messages (docs/messages.md, "In the browser"): one EventSource per page, opened
 * with a single-use ticket; each message refreshes the inbox and what it may have changed (the
 * orders, the RFQs). On an error a new ticket after a back-off of 1 s doubling to 30 s; the unread
 * count is polled meanwhile. A phone rarely holds many tabs, so there is no tab election here.
 */
export function usePortalMessageStream() {
  const client = useQueryClient();
  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = 1_000;
    let stopped = false;
    let lastId: string | null = null;
    const refresh = () => client.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/portal/') });
    const retry = () => {
      if (stopped) return;
      timer = setTimeout(open, delay * (0.5 + Math.random()));
      delay = Math.min(delay * 2, 30_000);
    };
    async function open() {
      let ticket: string;
      try {
        ({ ticket } = await callApi(streamTicket, {}));
      } catch {
        return retry();
      }
      if (stopped) return;
      const query = new URLSearchParams({ ticket, ...(lastId ? { last_event_id: lastId } : {}) });
      source = new EventSource(`/api${messageStreamPath('portal')}?${query}`);
      source.addEventListener('open', () => {
        delay = 1_000;
      });
      source.addEventListener('message', (event) => {
        lastId = (event as MessageEvent).lastEventId || lastId;
        refresh();
      });
      source.addEventListener('error', () => {
        source?.close();
        source = null;
        retry();
      });
    }
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [client]);
}
