import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form, Input, Select } from 'antd';
import { afterEach, expect, it, vi } from 'vitest';
import { FilterForm } from './filter-form';

afterEach(cleanup);

it('shows a select placeholder for a filter the URL keeps as empty, and the value of one it keeps', () => {
  const options = [
    { value: 'draft', label: '草稿' },
    { value: 'quoting', label: '报价中' },
  ];
  render(
    <FilterForm values={{ keyword: '收纳', status: '', grade: 'quoting' }} onSearch={vi.fn()} onReset={vi.fn()}>
      <Form.Item name="keyword" label="关键字">
        <Input />
      </Form.Item>
      <Form.Item name="status" label="状态">
        <Select placeholder="全部状态" options={options} />
      </Form.Item>
      <Form.Item name="grade" label="阶段">
        <Select placeholder="全部阶段" options={options} />
      </Form.Item>
    </FilterForm>,
  );
  expect(screen.getByText('全部状态')).toBeTruthy();
  expect(screen.queryByText('全部阶段')).toBeNull();
  expect(screen.getByText('报价中')).toBeTruthy();
  expect((screen.getByLabelText('关键字') as HTMLInputElement).value).toBe('收纳');
});

/** A list page's filters, whose URL answers 重置 and 查询 only when the test says so (a late transition). */
function LateUrl({ values, onReset, onSearch }: { values: Record<string, string>; onReset: () => void; onSearch: () => void }) {
  return (
    <FilterForm values={values} onSearch={onSearch} onReset={onReset}>
      <Form.Item name="keyword" label="关键字">
        <Input />
      </Form.Item>
      <Form.Item name="planCode" label="来源计划">
        <Input />
      </Form.Item>
    </FilterForm>
  );
}

it('keeps a filter typed after 重置 when the reset URL arrives later, and clears the rest', () => {
  const view = render(<LateUrl values={{ keyword: '收纳', planCode: '' }} onSearch={vi.fn()} onReset={vi.fn()} />);
  fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
  fireEvent.change(screen.getByLabelText('来源计划'), { target: { value: 'PP20261127001' } });
  view.rerender(<LateUrl values={{ keyword: '', planCode: '' }} onSearch={vi.fn()} onReset={vi.fn()} />);
  expect((screen.getByLabelText('来源计划') as HTMLInputElement).value).toBe('PP20261127001');
  expect((screen.getByLabelText('关键字') as HTMLInputElement).value).toBe('');
});

it('still puts a URL changed from outside (back, a link) into every field', () => {
  const view = render(<LateUrl values={{ keyword: '收纳', planCode: '' }} onSearch={vi.fn()} onReset={vi.fn()} />);
  fireEvent.change(screen.getByLabelText('来源计划'), { target: { value: '未查询' } });
  view.rerender(<LateUrl values={{ keyword: '置物架', planCode: 'PP1' }} onSearch={vi.fn()} onReset={vi.fn()} />);
  expect((screen.getByLabelText('来源计划') as HTMLInputElement).value).toBe('PP1');
  expect((screen.getByLabelText('关键字') as HTMLInputElement).value).toBe('置物架');
});
