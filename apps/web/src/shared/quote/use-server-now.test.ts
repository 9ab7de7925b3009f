import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useServerNow } from './use-server-now';

const at = (iso: string) => new Date(iso).getTime();

describe('the server clock of a page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders once for an answer, however far the device clock moves between renders', async () => {
    let clock = at('2026-11-27T10:00:00+08:00');
    vi.spyOn(Date, 'now').mockImplementation(() => (clock += 7));
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useServerNow('2026-11-27T10:05:00+08:00');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(renders).toBe(1);
    // Five minutes ahead of the device, as the server said, give or take the mocked milliseconds.
    expect(result.current - at('2026-11-27T10:05:00+08:00')).toBeLessThan(100);
  });

  it("is the device's clock when no answer has told the server's", () => {
    vi.spyOn(Date, 'now').mockReturnValue(at('2026-11-27T10:00:00+08:00'));
    const { result } = renderHook(() => useServerNow(undefined, false));
    expect(result.current).toBe(at('2026-11-27T10:00:00+08:00'));
  });
});
