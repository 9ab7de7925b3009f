import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, fieldErrorsOn } from '@/shared/http/api';
import { PlainField, signInErrors } from './plain-field';

afterEach(cleanup);

describe('the sign-in checks', () => {
  it('asks for both fields, then for an address that is one', () => {
    expect(signInErrors({ email: '', password: '' })).toEqual({ email: '请输入邮箱', password: '请输入密码' });
    expect(signInErrors({ email: 'not-an-email', password: 'x' })).toEqual({ email: '请输入有效的邮箱地址' });
    expect(signInErrors({ email: 'buyer@jiaju.com', password: 'x' })).toEqual({});
  });
});

describe('a plain field', () => {
  it('labels its control and names its error to assistive technology', () => {
    render(
      <PlainField id="email" label="邮箱" error="请输入邮箱">
        {(field) => <input {...field} name="email" />}
      </PlainField>,
    );
    const input = screen.getByLabelText('邮箱');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('请输入邮箱');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });

  it('says nothing while the value passes', () => {
    render(<PlainField id="email">{(field) => <input {...field} name="email" />}</PlainField>);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox').getAttribute('aria-invalid')).toBeNull();
  });
});

describe('a refusal on the form fields', () => {
  it('keeps the errors on the named fields and nothing of other failures', () => {
    const refused = new ApiError(400, '参数错误', [
      { field: 'password', message: '密码至少8位，且包含字母和数字' },
      { field: 'token', message: '链接已失效' },
    ]);
    expect(fieldErrorsOn(refused, ['password'])).toEqual({ password: '密码至少8位，且包含字母和数字' });
    expect(fieldErrorsOn(new Error('network'), ['password'])).toEqual({});
  });
});
