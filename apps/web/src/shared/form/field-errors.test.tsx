import { act, cleanup, render, screen } from '@testing-library/react';
import { Form, type FormInstance, Input, InputNumber, Space } from 'antd';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/http/api';
import { feedback } from '@/shared/ui/feedback';
import { applyFieldErrors, validForm, zodRule } from './field-errors';
import { z } from 'zod';

afterEach(cleanup);
const toasts: string[] = [];
beforeEach(() => {
  toasts.length = 0;
  feedback.message = { error: (text: string) => toasts.push(text) } as never;
  Element.prototype.scrollIntoView = vi.fn();
});

function QuoteLikeForm({ onForm }: { onForm: (form: FormInstance) => void }) {
  const [form] = Form.useForm();
  onForm(form);
  return (
    <Form form={form} initialValues={{ lines: [{ unitPriceYuan: 1 }] }}>
      <Form.Item name="name" label="名称" rules={[zodRule(z.string({ error: '请输入名称' }).min(1, '请输入名称'))]}>
        <Input />
      </Form.Item>
      <Form.Item label="运费">
        <Space.Compact>
          <Form.Item name="freightYuan" noStyle>
            <InputNumber aria-label="运费" />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.List name="lines">
        {(fields) =>
          fields.map((field) => (
            <Form.Item key={field.key} name={[field.name, 'unitPriceYuan']} style={{ margin: 0 }}>
              <InputNumber aria-label="单价" />
            </Form.Item>
          ))
        }
      </Form.List>
    </Form>
  );
}

it('puts amounts in fen on their yuan fields, list rows on their cells, and the rest in one message', async () => {
  let form!: FormInstance;
  render(<QuoteLikeForm onForm={(f) => (form = f)} />);
  let handled = false;
  await act(async () => {
    handled = applyFieldErrors(
      form,
      new ApiError(400, '参数校验失败', [
        { field: 'freight_fen', message: '请填写运费，或选择按模板估算' },
        { field: 'lines.0.unit_price_fen', message: '单价须大于0' },
        { field: 'supplier_id', message: '供应商未受邀' },
        { field: '', message: '报价已截止' },
      ]),
    );
  });
  expect(handled).toBe(true);
  expect(await screen.findByText('请填写运费，或选择按模板估算')).toBeTruthy();
  expect(await screen.findByText('单价须大于0')).toBeTruthy();
  expect(toasts).toEqual(['供应商未受邀；报价已截止']);
});

it('says the save failed when every error found its field', async () => {
  let form!: FormInstance;
  render(<QuoteLikeForm onForm={(f) => (form = f)} />);
  await act(async () => {
    applyFieldErrors(form, new ApiError(400, '参数校验失败', [{ field: 'name', message: '名称已存在' }]));
  });
  expect(await screen.findByText('名称已存在')).toBeTruthy();
  expect(toasts).toEqual(['保存失败，请按提示修改标红的字段']);
});

it('leaves an answer without field errors to the caller', () => {
  let form!: FormInstance;
  render(<QuoteLikeForm onForm={(f) => (form = f)} />);
  expect(applyFieldErrors(form, new ApiError(409, '数据已被他人修改，请刷新后重试'))).toBe(false);
  expect(toasts).toEqual([]);
});

it('answers null for a form that fails its own checks, without a rejection', async () => {
  let form!: FormInstance;
  render(<QuoteLikeForm onForm={(f) => (form = f)} />);
  let values: unknown = 'unset';
  await act(async () => {
    values = await validForm(form);
  });
  expect(values).toBeNull();
  expect(await screen.findByText('请输入名称')).toBeTruthy();
  // The schema needs the name: its label carries the required mark; the optional freight's does not.
  expect(screen.getByText('名称').className).toContain('ant-form-item-required');
  expect(screen.getByText('运费').className).not.toContain('ant-form-item-required');
});
