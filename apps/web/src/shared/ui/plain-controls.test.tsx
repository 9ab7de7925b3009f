import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlainField } from '@/shared/form/plain-field';
import { useState } from 'react';
import { Button, ChoiceButtons, Dialog, Notice, PasswordInput, SubmitButton, TextArea } from '@/shared/ui/plain-controls';

afterEach(cleanup);

describe('the portal controls', () => {
  it('a password field keeps its label and error, and shows what was typed only when asked', () => {
    render(
      <PlainField id="pw" label="密码" error="请输入密码">
        {(field) => <PasswordInput {...field} name="password" />}
      </PlainField>,
    );
    const input = screen.getByLabelText('密码', { exact: true }) as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    const reveal = screen.getByRole('button', { name: '显示密码' });
    expect(reveal.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(reveal);
    expect(input.type).toBe('text');
    expect(reveal.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(reveal);
    expect(input.type).toBe('password');
  });

  it('the reveal button never submits the form', () => {
    let submitted = 0;
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted++;
        }}
      >
        <PasswordInput id="pw" name="password" />
        <SubmitButton loading={false}>登录</SubmitButton>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: '显示密码' }));
    expect(submitted).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(submitted).toBe(1);
  });

  it('a busy submit button cannot be pressed again', () => {
    render(<SubmitButton loading>登录</SubmitButton>);
    const button = screen.getByRole('button', { name: '登录' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('a refusal is announced as an alert, a confirmation as a status', () => {
    render(
      <>
        <Notice type="error" title="激活链接已失效" detail="请联系采购方重新生成激活链接。" />
        <Notice type="success" title="账号已激活，请用新密码登录" />
      </>,
    );
    expect(screen.getByRole('alert').textContent).toContain('激活链接已失效');
    expect(screen.getByRole('alert').textContent).toContain('请联系采购方重新生成激活链接。');
    expect(screen.getByRole('status').textContent).toContain('账号已激活');
  });

  it('a dialog is named by its title and closes by its ✕ or Esc, never by itself', () => {
    const closed: string[] = [];
    const { rerender } = render(
      <Dialog title="确认放弃本次报价？" open onClose={() => closed.push('closed')} footer={<Button>确认放弃</Button>}>
        放弃后采购方会看到您的原因
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: '确认放弃本次报价？' });
    expect(dialog.textContent).toContain('放弃后采购方会看到您的原因');
    fireEvent.click(screen.getByRole('button', { name: '确认放弃' }));
    expect(closed).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(closed).toEqual(['closed', 'closed']);
    rerender(
      <Dialog title="确认放弃本次报价？" open={false} onClose={() => {}} footer={null}>
        放弃后采购方会看到您的原因
      </Dialog>,
    );
    expect(screen.queryByText('放弃后采购方会看到您的原因')).toBeNull();
  });

  it('a row of choice buttons is one group of radios, named by its legend, and can be disabled', () => {
    function Rates({ disabled }: { disabled: boolean }) {
      const [rate, setRate] = useState(13);
      return (
        <ChoiceButtons
          legend="税率"
          name="rate"
          value={rate}
          disabled={disabled}
          options={[6, 13].map((r) => ({ value: r, label: `${r}%` }))}
          onChange={setRate}
        />
      );
    }
    const { rerender } = render(<Rates disabled={false} />);
    expect(screen.getByRole('group', { name: '税率' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: '13%' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByText('6%'));
    expect((screen.getByRole('radio', { name: '6%' }) as HTMLInputElement).checked).toBe(true);
    rerender(<Rates disabled />);
    expect((screen.getByRole('radio', { name: '13%' }) as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole('group', { name: '税率' }).hasAttribute('disabled')).toBe(true);
  });

  it('a text area shows how much of its limit is used; a plain button never submits', () => {
    let submitted = 0;
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted++;
        }}
      >
        <TextArea id="remark" value="中性纸箱" maxLength={200} onChange={() => {}} />
        <Button>估算运费</Button>
      </form>,
    );
    expect(screen.getByText('4 / 200')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '估算运费' }));
    expect(submitted).toBe(0);
  });
});
