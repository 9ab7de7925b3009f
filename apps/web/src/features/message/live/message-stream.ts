import { type Message, messageSchema, messageStreamPath, toCamelCase } from '@scm/contract';
import { ApiError } from '@/shared/http/api';
import { requestStreamTicket } from '@/features/message/api/message';

/*
 * One live stream per browser and user (docs/messages.md, "In the browser"): the tabs elect one
 * holder through a Web Lock; it opens the EventSource and passes each message to the other tabs over
 * a BroadcastChannel. When the holder closes, the lock passes to another tab, which opens the
 * stream and catches up from the last id it saw. Without Web Locks every tab holds its own stream.
 */

export interface StreamEvents {
  onMessage(message: Message): void;
  /** Whether a stream is open (in this tab or the holder's): the page polls while it is not. */
  onConnected(connected: boolean): void;
}

type Note = { type: 'message'; message: Message; id: number } | { type: 'state'; connected: boolean; lastId: number } | { type: 'hello' };

const BACKOFF_MS = { first: 1000, max: 30_000 };

/** Starts sharing the stream of `userId`'s messages among this browser's tabs; answers the stop. */
export function startMessageStream(userId: number, events: StreamEvents): () => void {
  const name = `scm-messages:${userId}`;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;
  let stopped = false;
  let holding = false;
  let connected = false;
  let lastId = 0;
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let delay = BACKOFF_MS.first;
  let release: () => void = () => {};

  const setConnected = (value: boolean) => {
    connected = value;
    events.onConnected(value);
    channel?.postMessage({ type: 'state', connected: value, lastId } satisfies Note);
  };

  channel?.addEventListener('message', (event: MessageEvent<Note>) => {
    const note = event.data;
    if (note.type === 'message') {
      lastId = Math.max(lastId, note.id);
      events.onMessage(note.message);
    } else if (note.type === 'state' && !holding) {
      lastId = Math.max(lastId, note.lastId);
      events.onConnected(note.connected);
    } else if (note.type === 'hello' && holding) {
      channel.postMessage({ type: 'state', connected, lastId } satisfies Note);
    }
  });

  const reconnectLater = () => {
    if (stopped) return;
    // Spread out so that a server restart is not met by every browser at the same instant.
    retryTimer = setTimeout(connect, delay * (0.5 + Math.random()));
    delay = Math.min(delay * 2, BACKOFF_MS.max);
  };

  async function connect() {
    if (stopped) return;
    let ticket: string;
    try {
      ({ ticket } = await requestStreamTicket());
    } catch (error) {
      // Signed out (the re-login modal is up): nothing to reconnect to until the next sign-in.
      if (error instanceof ApiError && error.code === 401) return;
      return reconnectLater();
    }
    if (stopped) return;
    const query = new URLSearchParams({ ticket });
    if (lastId) query.set('last_event_id', String(lastId));
    const next = new EventSource(`/api${messageStreamPath('admin')}?${query}`);
    source = next;
    next.onopen = () => {
      delay = BACKOFF_MS.first;
      setConnected(true);
    };
    next.addEventListener('message', (event) => {
      const parsed = messageSchema.safeParse(toCamelCase(JSON.parse(event.data)));
      if (!parsed.success) return;
      lastId = Math.max(lastId, parsed.data.id);
      events.onMessage(parsed.data);
      channel?.postMessage({ type: 'message', message: parsed.data, id: parsed.data.id } satisfies Note);
    });
    // The ticket was single-use: instead of EventSource's own retry, a new ticket and a new stream.
    next.onerror = () => {
      next.close();
      if (source === next) source = null;
      if (connected) setConnected(false);
      reconnectLater();
    };
  }

  const hold = () => {
    holding = true;
    connect();
    return new Promise<void>((resolve) => {
      release = resolve;
    });
  };

  if (typeof navigator !== 'undefined' && navigator.locks) {
    navigator.locks.request(name, () => (stopped ? undefined : hold())).catch(() => {});
    channel?.postMessage({ type: 'hello' } satisfies Note);
  } else {
    hold();
  }

  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    source?.close();
    if (holding && connected) channel?.postMessage({ type: 'state', connected: false, lastId } satisfies Note);
    release();
    channel?.close();
  };
}
