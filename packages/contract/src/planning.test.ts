import { describe, expect, it } from 'vitest';
import { PLAN_ACTION_FROM, PLAN_STATUSES, planActionAllowed, planCreateRequest } from './planning';

describe('plan status machine (product.md §5)', () => {
  it('allows each action from exactly the statuses of the spec', () => {
    const allowed = Object.fromEntries(
      Object.keys(PLAN_ACTION_FROM).map((action) => [
        action,
        PLAN_STATUSES.filter((status) => planActionAllowed(action as keyof typeof PLAN_ACTION_FROM, status)),
      ]),
    );
    expect(allowed).toEqual({
      edit: ['draft', 'rejected'],
      delete: ['draft', 'rejected'],
      submit: ['draft', 'rejected'],
      approve: ['submitted'],
      reject: ['submitted'],
      cancel: ['draft', 'approved', 'rejected'],
      generate: ['approved'],
      close: ['in_procurement'],
    });
  });

  it('leaves 已完成 and 已作废 final', () => {
    for (const status of ['completed', 'cancelled'] as const) {
      expect(Object.keys(PLAN_ACTION_FROM).filter((a) => planActionAllowed(a as keyof typeof PLAN_ACTION_FROM, status))).toEqual([]);
    }
  });
});

describe('plan form validation', () => {
  const base = { name: '计划', planType: 'regular', warehouse: 'sh_jiading' };
  it('accepts real calendar dates only and keeps the period in order', () => {
    expect(planCreateRequest.safeParse({ ...base, periodStart: '2026-02-28', periodEnd: '2026-03-31' }).success).toBe(true);
    expect(planCreateRequest.safeParse({ ...base, periodStart: '2026-02-30' }).error?.issues[0].message).toBe('计划开始日期不是有效日期');
    expect(planCreateRequest.safeParse({ ...base, periodStart: '2026/02/01' }).error?.issues[0].message).toBe('计划开始日期格式应为YYYY-MM-DD');
    expect(planCreateRequest.safeParse({ ...base, periodStart: '2026-03-02', periodEnd: '2026-03-01' }).error?.issues[0]).toMatchObject({
      path: ['periodEnd'],
      message: '计划结束日期不能早于开始日期',
    });
  });
});
