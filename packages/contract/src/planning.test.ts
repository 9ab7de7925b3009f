import { describe, expect, it } from 'vitest';
import { GENERATED_TASK_MAX_LINES, planCreateRequest, plannedTasks } from './planning';
import { PLAN_ACTIONS, PLAN_STATUSES, planActionAllowed } from './planning-vocabulary';

describe('plan status machine (docs/planning.md)', () => {
  it('allows each action from exactly the statuses of the spec', () => {
    const allowed = Object.fromEntries(PLAN_ACTIONS.map((action) => [action, PLAN_STATUSES.filter((status) => planActionAllowed(action, status))]));
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
      expect(PLAN_ACTIONS.filter((a) => planActionAllowed(a, status))).toEqual([]);
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

describe('plannedTasks', () => {
  const line = (id: number, categoryId: number | null, categoryName: string | null) => ({ id, categoryId, categoryName });
  const lines = [line(1, 7, '收纳'), line(2, 9, '厨具'), line(3, 7, '收纳'), line(4, null, null)];

  it('groups by category in order of first appearance, or makes one 整单 task', () => {
    expect(plannedTasks('春季计划', 'category', lines).map((t) => [t.name, t.categoryName, t.lines.map((l) => l.id)])).toEqual([
      ['春季计划-收纳', '收纳', [1, 3]],
      ['春季计划-厨具', '厨具', [2]],
      ['春季计划-未分类', '未分类', [4]],
    ]);
    expect(plannedTasks('春季计划', 'plan', lines)).toEqual([{ name: '春季计划', categoryName: null, lines }]);
  });

  it('splits a group at the task line limit', () => {
    const many = Array.from({ length: GENERATED_TASK_MAX_LINES + 1 }, (_, i) => line(i + 1, 7, '收纳'));
    const tasks = plannedTasks('大计划', 'category', many);
    expect(tasks.map((t) => [t.name, t.lines.length])).toEqual([
      ['大计划-收纳（1）', GENERATED_TASK_MAX_LINES],
      ['大计划-收纳（2）', 1],
    ]);
  });
});
