import { describe, expect, it } from 'vitest';
import { fenToYuan, yuanToFen } from './format';
import { EMAIL_PATTERN } from './validation';

describe('number formats', () => {
  it('converts fen and yuan exactly', () => {
    expect(fenToYuan(123456789, true)).toBe('1,234,567.89');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(-250)).toBe('-2.50');
    expect(yuanToFen('12.3')).toBe(1230);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(yuanToFen('1.234')).toBeNull();
    expect(yuanToFen('abc')).toBeNull();
  });
});

describe('email pattern', () => {
  it.each(['a@b.cn', 'first.last+tag@mail.jiaju.com', 'x_y%z-1@sub.domain.org'])('accepts %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });
  it.each(['', 'plain', 'a@b', 'a@b.c', '@b.com', 'a b@c.com', 'a@b.c0m'])('rejects %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
  });
});
