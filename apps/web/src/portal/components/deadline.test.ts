import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { timeLeftText } from '@scm/contract';
import { useServerNow } from './deadline';

const deadline = '2026-11-30T10:00:00+08:00';
const at = (iso: string) => new Date(iso).getTime();

describe('the countdown to a quote deadline', () => {
  it('reads days and hours while more than a day is left', () => {
    expect(timeLeftText(deadline, at('2026-11-28T07:30:00+08:00'))).toBe('剩 2天2小时');
  });

  it('reads hours and minutes on the last day, minutes in the last hour', () => {
    expect(timeLeftText(deadline, at('2026-11-30T06:15:00+08:00'))).toBe('剩 3小时45分');
    expect(timeLeftText(deadline, at('2026-11-30T09:58:30+08:00'))).toBe('剩 1分钟');
  });

  it('says nothing is left at and after the deadline', () => {
    expect(timeLeftText(deadline, at(deadline))).toBeNull();
    expect(timeLeftText(deadline, at('2026-11-30T10:00:01+08:00'))).toBeNull();
  });
});

describe('the server clock of a portal page', () => {
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
});
