import { describe, expect, it } from 'vitest';
import { timeLeftText } from '@scm/contract';

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
