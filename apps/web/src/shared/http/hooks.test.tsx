import { categoryApi } from '@scm/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '@/shared/ui/feedback';
import { useApiMutation } from './hooks';

/** Answers each request with the next code in `codes` (or a network failure for 0), recording its Idempotency-Key. */
function serve(codes: number[]) {
  const keys: (string | undefined)[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
    keys.push(new Headers(init?.headers).get('Idempotency-Key') ?? undefined);
    const code = codes.shift() ?? 200;
    if (code === 0) throw new TypeError('Failed to fetch');
    const body = { code, message: code === 200 ? 'success' : '失败', data: code === 200 ? { id: 1 } : null };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return keys;
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>{children}</QueryClientProvider>
);

async function submit(hook: { current: { mutateAsync: (body: never) => Promise<unknown> } }) {
  await act(async () => {
    await hook.current.mutateAsync({ name: '床品', code: 'BED' } as never).catch(() => undefined);
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  feedback.message = { error: () => undefined, success: () => undefined } as never;
});
afterEach(() => vi.restoreAllMocks());

describe('Idempotency-Key per form opening', () => {
  it('keeps one key for the retries of a submit and starts a new one after a success', async () => {
    const keys = serve([0, 409, 200, 200]);
    const { result } = renderHook(() => useApiMutation(categoryApi.create), { wrapper });
    await submit(result); // network failure
    await submit(result); // answered with an error
    await submit(result); // success
    await submit(result); // the next record
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('gives each opening of a form its own key', async () => {
    const keys = serve([200, 200]);
    const first = renderHook(() => useApiMutation(categoryApi.create), { wrapper });
    const second = renderHook(() => useApiMutation(categoryApi.create), { wrapper });
    await submit(first.result);
    await submit(second.result);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('sends no key on calls that do not create', async () => {
    const keys = serve([200]);
    const { result } = renderHook(() => useApiMutation(categoryApi.update), { wrapper });
    await submit(result);
    expect(keys).toEqual([undefined]);
  });
});
