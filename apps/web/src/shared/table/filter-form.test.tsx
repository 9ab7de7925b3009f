import { cleanup, render, screen } from '@testing-library/react';
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
