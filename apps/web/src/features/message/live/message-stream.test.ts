import type { Message } from '@scm/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMessageStream } from './message-stream';

vi.mock('@/features/message/api/message', () => ({ requestStreamTicket: vi.fn(async () => ({ ticket: `t${++tickets}` })) }));
let tickets = 0;

/** The browser pieces the stream uses: EventSource (recorded, driven by the test) and Web Locks (one holder at a time). */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners: ((event: { data: string }) => void)[] = [];
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
    setTimeout(() => this.onopen?.(), 0);
  }
  addEventListener(_type: string, listener: (event: { data: string }) => void) {
    this.listeners.push(listener);
  }
  emit(message: Message) {
    const { readAt, createdAt, ...rest } = message;
    for (const l of this.listeners) l({ data: JSON.stringify({ ...rest, read_at: readAt, created_at: createdAt }) });
  }
  close() {
    this.closed = true;
  }
}

function fakeLocks() {
  const queue: { run: () => Promise<void> }[] = [];
  let busy = false;
  const next = () => {
    const job = queue.shift();
    if (!job) return;
    busy = true;
    job.run().finally(() => {
      busy = false;
      next();
    });
  };
  return {
    request(_name: string, callback: () => Promise<void> | undefined) {
      return new Promise<void>((resolve) => {
        queue.push({ run: async () => resolve(await callback()) });
        if (!busy) next();
      });
    },
  };
}

const message = (id: number): Message => ({
  id,
  kind: 'plan_submitted',
  title: `计划待审核：JH${id}`,
  body: '请审核',
  link: `/p?id=${id}`,
  readAt: null,
  createdAt: '2026-11-27T00:00:00.000Z',
});
const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  Object.defineProperty(navigator, 'locks', { value: fakeLocks(), configurable: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('one stream per browser, shared by its tabs', () => {
  it('opens one stream for two tabs, passes each message to both, and hands over when the holder closes', async () => {
    const seen = { a: [] as number[], b: [] as number[] };
    const live = { a: false, b: false };
    const stopA = startMessageStream(7, { onMessage: (m) => seen.a.push(m.id), onConnected: (c) => (live.a = c) });
    const stopB = startMessageStream(7, { onMessage: (m) => seen.b.push(m.id), onConnected: (c) => (live.b = c) });
    await flush();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(FakeEventSource.opened[0].url).toMatch(/^\/api\/admin\/message\/stream\?ticket=t\d+$/);
    expect(live).toEqual({ a: true, b: true });

    FakeEventSource.opened[0].emit(message(41));
    await flush();
    expect(seen).toEqual({ a: [41], b: [41] });

    // The holder tab closes: the other takes the lock and resumes after the last id it saw.
    stopA();
    await flush();
    expect(FakeEventSource.opened[0].closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1].url).toContain('last_event_id=41');
    FakeEventSource.opened[1].emit(message(42));
    await flush();
    expect(seen.b).toEqual([41, 42]);
    stopB();
  });

  it('reopens with a new ticket after an error, from the last id', async () => {
    vi.useFakeTimers();
    const stop = startMessageStream(8, { onMessage: () => {}, onConnected: () => {} });
    await vi.advanceTimersByTimeAsync(10);
    const first = FakeEventSource.opened[0];
    first.emit(message(5));
    first.onerror?.();
    expect(first.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(1600);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1].url).toContain('last_event_id=5');
    expect(FakeEventSource.opened[1].url).not.toContain(new URL(first.url, 'http://x').searchParams.get('ticket') as string);
    stop();
    vi.useRealTimers();
  });
});
