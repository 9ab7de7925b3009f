import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangeDiff } from './change-diff';

// antd's table measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(cleanup);

const rows = (container: HTMLElement) =>
  [...container.querySelectorAll('.change-diff-row')].map((row) => ({
    field: row.getAttribute('data-field'),
    text: `${row.querySelector('dt')?.textContent} ${row.querySelector('dd')?.textContent}`.replace(/\s+/g, ' ').trim(),
  }));

describe('ChangeDiff', () => {
  it('shows an award with labelled status, money in yuan, outcomes by label and the lines as a table', () => {
    const { container } = render(
      <ChangeDiff
        module="procurement_task"
        before={{ status: 'evaluating' }}
        after={{
          status: 'awarded',
          totalFen: 369600,
          lines: [{ lineId: 7, supplierId: 1, quantity: 120, unitPriceFen: 3080, amountFen: 369600, freightShareFen: 0, notLowest: false }],
          outcomes: { 1: 'won', 2: 'lost' },
        }}
      />,
    );
    const text = rows(container);
    expect(text).toContainEqual({ field: 'status', text: '状态: 待定标 → 已定标' });
    expect(text).toContainEqual({ field: 'totalFen', text: '定标金额: ¥3,696.00' });
    expect(text).toContainEqual({ field: 'outcomes', text: '各供应商结果: 1：中标；2：未中标' });
    const table = container.querySelector('[data-field="lines"] table');
    expect([...(table?.querySelectorAll('th') ?? [])].map((th) => th.textContent)).toEqual([
      '明细行',
      '供应商',
      '数量',
      '单价',
      '金额',
      '分摊运费',
      '非最低价',
    ]);
    expect([...(table?.querySelectorAll('tbody td') ?? [])].map((td) => td.textContent)).toEqual([
      '7',
      '1',
      '120',
      '¥30.80',
      '¥3,696.00',
      '¥0.00',
      '否',
    ]);
    expect(container.textContent).not.toMatch(/evaluating|awarded|369600|"lost"|totalFen/);
  });

  it('on an edit shows only what the write changed, with the area’s field labels', () => {
    const { container } = render(
      <ChangeDiff
        module="supplier"
        before={{ id: 3, code: 'GYS202611230001', name: '旧名', status: 'enabled', version: 4, grade: 'B' }}
        after={{ name: '新名', grade: 'B', categoryIds: [2, 5] }}
      />,
    );
    expect(rows(container)).toEqual([
      { field: 'name', text: '供应商名称: 旧名 → 新名' },
      { field: 'categoryIds', text: '供应品类: 2、5' },
    ]);
  });

  it('shows a role’s removed and added codes although the two snapshots share no field', () => {
    const { container } = render(<ChangeDiff module="role" before={{ removed: ['basic'] }} after={{ added: ['dataBoard'] }} />);
    expect(rows(container)).toEqual([
      { field: 'added', text: '新增权限: dataBoard' },
      { field: 'removed', text: '移除权限: basic' },
    ]);
  });

  it('says so when nothing was recorded', () => {
    const { container } = render(<ChangeDiff module="auth" before={null} after={null} />);
    expect(container.textContent).toContain('该操作没有记录字段变化');
  });
});
