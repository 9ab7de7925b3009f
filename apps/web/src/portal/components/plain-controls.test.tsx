import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlainField } from '@/shared/form/plain-field';
import { Notice, PasswordInput, SubmitButton } from './plain-controls';

afterEach(cleanup);

describe('the portal sign-in controls', () => {
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
});
