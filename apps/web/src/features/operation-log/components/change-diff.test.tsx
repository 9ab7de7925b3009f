import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangeDiff } from './change-diff';

afterEach(cleanup);

const rows = (container: HTMLElement) =>
  [...container.querySelectorAll('.change-diff-row')].map((row) => ({
    field: row.getAttribute('data-field'),
    text: `${row.querySelector('dt')?.textContent} ${row.querySelector('dd')?.textContent}`.replace(/\s+/g, ' ').trim(),
  }));

describe('ChangeDiff', () => {
  it('shows an award with labelled status, money in yuan, lines and suppliers by name, the reason and the outcomes', () => {
    const { container } = render(
      <ChangeDiff
        module="procurement_task"
        before={{ status: 'evaluating' }}
        after={{
          status: 'awarded',
          totalFen: 369600,
          lines: [
            {
              skuCode: 'SN-001',
              commodityName: '北欧风收纳箱',
              supplierName: '佛山顺德美居制品厂',
              quantity: 120,
              unitPriceFen: 3080,
              amountFen: 369600,
              freightShareFen: 0,
              notLowest: true,
              reason: '交期更稳',
            },
          ],
          outcomes: [
            { supplierName: '佛山顺德美居制品厂', outcome: 'won' },
            { supplierName: '义乌优品家居有限公司', outcome: 'lost' },
          ],
        }}
      />,
    );
    const text = rows(container);
    expect(text).toContainEqual({ field: 'status', text: '状态: 待定标 → 已定标' });
    expect(text).toContainEqual({ field: 'totalFen', text: '到货成本(含税): ¥3,696.00' });
    const table = container.querySelector('[data-field="lines"] table');
    expect([...(table?.querySelectorAll('th') ?? [])].map((th) => th.textContent)).toEqual([
      'SKU编码',
      '商品名称',
      '供应商',
      '数量',
      '单价',
      '金额',
      '分摊运费',
      '非最低价',
      '定标理由',
    ]);
    expect([...(table?.querySelectorAll('tbody td') ?? [])].map((td) => td.textContent)).toEqual([
      'SN-001',
      '北欧风收纳箱',
      '佛山顺德美居制品厂',
      '120',
      '¥30.80',
      '¥3,696.00',
      '¥0.00',
      '是',
      '交期更稳',
    ]);
    const outcomes = container.querySelector('[data-field="outcomes"] table');
    expect([...(outcomes?.querySelectorAll('tbody td') ?? [])].map((td) => td.textContent)).toEqual([
      '佛山顺德美居制品厂',
      '中标',
      '义乌优品家居有限公司',
      '未中标',
    ]);
    expect(container.textContent).not.toMatch(/evaluating|awarded|369600|lost|won|totalFen/);
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
      { field: 'added', text: '新增权限: 数据看板' },
      { field: 'removed', text: '移除权限: 工作台' },
    ]);
  });

  it('says so when nothing was recorded', () => {
    const { container } = render(<ChangeDiff module="auth" before={null} after={null} />);
    expect(container.textContent).toContain('该操作没有记录字段变化');
  });
});
