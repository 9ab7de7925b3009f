import { describe, expect, it } from 'vitest';
import { amountInCapitals, MAX_AMOUNT_FEN } from './chinese-amount';

describe('amountInCapitals', () => {
  it.each([
    [0, '零元整'],
    [5, '伍分'],
    [50, '伍角'],
    [55, '伍角伍分'],
    [1_000, '壹拾元整'],
    [1_005, '壹拾元零伍分'],
    [100_000, '壹仟元整'],
    [140_950, '壹仟肆佰零玖元伍角'],
    [1_640_902, '壹万陆仟肆佰零玖元零贰分'],
    [10_000_000, '壹拾万元整'],
    [100_000_101, '壹佰万零壹元零壹分'],
    [10_001_000_000, '壹亿零壹万元整'],
    [10_000_000_000, '壹亿元整'],
    [11_000_000_000, '壹亿壹仟万元整'],
    [1_000_000_000_000, '壹佰亿元整'],
  ])('%i fen → %s', (fen, text) => {
    expect(amountInCapitals(fen)).toBe(text);
    expect(amountInCapitals(BigInt(fen))).toBe(text);
  });

  it('writes the largest amount a money column holds', () => {
    // 92,233,720,368,547,758.07
    expect(amountInCapitals(MAX_AMOUNT_FEN)).toBe('玖亿贰仟贰佰叁拾叁万柒仟贰佰零叁亿陆仟捌佰伍拾肆万柒仟柒佰伍拾捌元零柒分');
  });

  it.each([[-1], [0.5], [Number.NaN], [Number.POSITIVE_INFINITY], [2 ** 53], [MAX_AMOUNT_FEN + 1n], [-1n], ['100' as unknown as number]])(
    'refuses %s',
    (bad) => {
      expect(() => amountInCapitals(bad)).toThrow();
    },
  );
});
