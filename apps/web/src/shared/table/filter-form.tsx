import { Button, Card, Form, type FormInstance, Space } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';

interface FilterFormProps<T> {
  /** The current filter values (from the URL). */
  values: Partial<T>;
  onSearch: (values: Partial<T>) => void;
  onReset: () => void;
  children: ReactNode;
  form?: FormInstance;
}

/** The URL keeps "no filter" as ''; a select shows its placeholder (全部) only for undefined. */
const shown = (value: unknown) => (value === '' ? undefined : value);

/** The filter form above every list: fields in a wrapping row, 查询 and 重置 at the end. */
export function FilterForm<T extends object>({ values, onSearch, onReset, children, form: external }: FilterFormProps<T>) {
  const [own] = Form.useForm();
  const form = external ?? own;
  // Compared by content: a fresh object literal with the same filters must not wipe what the user typed.
  const valuesKey = JSON.stringify(values);
  // The filters last put into the form: a kept tab shown again runs its effects anew, and what the
  // user typed but has not searched yet must survive that.
  const applied = useRef<string | null>(null);
  // What the form held when this form's own 查询 or 重置 went to the URL. The URL's answer renders
  // as a transition, possibly after the user has started on the next filter: a field changed since
  // then is the user's, and only the others take the URL's value.
  const sentFrom = useRef<Record<string, unknown> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: valuesKey stands for values
  useEffect(() => {
    if (applied.current === valuesKey) return;
    applied.current = valuesKey;
    const sent = sentFrom.current;
    sentFrom.current = null;
    if (sent) {
      const current = form.getFieldsValue();
      const untouched = Object.entries(values).filter(([name]) => JSON.stringify(current[name]) === JSON.stringify(sent[name]));
      form.setFieldsValue(Object.fromEntries(untouched.map(([name, value]) => [name, shown(value)])));
      return;
    }
    form.resetFields();
    form.setFieldsValue(Object.fromEntries(Object.entries(values).map(([name, value]) => [name, shown(value)])));
  }, [form, valuesKey]);

  return (
    <Card size="small" className="filter-card">
      <Form
        form={form}
        layout="inline"
        onFinish={(submitted) => {
          sentFrom.current = form.getFieldsValue();
          onSearch(submitted);
        }}
        className="filter-form"
      >
        {children}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                sentFrom.current = form.getFieldsValue();
                onReset();
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
