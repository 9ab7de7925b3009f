/** A Server-Sent Events client for tests: inject cannot hold a stream open, so this reads a real socket. */
export interface SseEvent {
  id: string | null;
  event: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the stream sent
  data: any;
}

export interface SseClient {
  status: number;
  contentType: string | null;
  contentEncoding: string | null;
  /** The next event, or a rejection after `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseEvent>;
  /** Whether an event arrives within `ms` (without taking it). */
  quietFor(ms: number): Promise<boolean>;
  /** Whether the server ends the stream within `ms`. */
  endsWithin(ms: number): Promise<boolean>;
  /** Every event received so far, taken or not. */
  received: SseEvent[];
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', 'accept-encoding': 'br, gzip', ...headers }, signal: abort.signal });
  const queue: SseEvent[] = [];
  const received: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  const endWaiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  if (response.headers.get('content-type')?.startsWith('text/event-stream') && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf('\n\n');
          const fields = new Map<string, string>();
          for (const line of frame.split('\n')) {
            if (!line || line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
          }
          if (!fields.has('data')) continue;
          const event = { id: fields.get('id') ?? null, event: fields.get('event') ?? 'message', data: JSON.parse(fields.get('data') as string) };
          queue.push(event);
          received.push(event);
          wake();
        }
      }
    })()
      .catch(() => {})
      .finally(() => {
        ended = true;
        for (const w of endWaiters.splice(0)) w();
      });
  }
  const waitFor = (ms: number) =>
    new Promise<boolean>((resolve) => {
      if (queue.length) return resolve(true);
      const timer = setTimeout(() => resolve(false), ms);
      waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    contentEncoding: response.headers.get('content-encoding'),
    async next(timeoutMs = 2000) {
      if (!(await waitFor(timeoutMs))) throw new Error(`no event within ${timeoutMs} ms`);
      return queue.shift() as SseEvent;
    },
    async quietFor(ms) {
      return !(await waitFor(ms));
    },
    endsWithin: (ms) =>
      new Promise<boolean>((resolve) => {
        if (ended) return resolve(true);
        const timer = setTimeout(() => resolve(false), ms);
        endWaiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      }),
    received,
    close: () => abort.abort(),
  };
}
