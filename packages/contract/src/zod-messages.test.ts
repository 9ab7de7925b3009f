import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { reasonSchema } from './planning';
import { setChineseZodMessages } from './zod-messages';

setChineseZodMessages();
const message = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
const ASCII_WORD = /[A-Za-z]{3,}/;

describe('zod messages a person reads', () => {
  it('asks for a missing reason in Chinese', () => {
    expect(message(reasonSchema, undefined)).toBe('请输入原因');
    expect(message(reasonSchema, '')).toBe('请输入原因');
  });

  it('never shows developer English for the common checks', () => {
    const cases: [z.ZodType, unknown][] = [
      [z.string(), 12],
      [z.int(), 'x'],
      [z.int(), 1.5],
      [z.number().min(3), 1],
      [z.number().max(3), 9],
      [z.number().positive(), 0],
      [z.string().max(2), 'abc'],
      [z.array(z.int()).min(1), []],
      [z.enum(['a', 'b']), 'c'],
      [z.email(), 'x'],
      [z.boolean(), 'yes'],
    ];
    for (const [schema, value] of cases) {
      const text = message(schema, value);
      expect(text, String(value)).toBeTruthy();
      expect(text, text).not.toMatch(ASCII_WORD);
    }
  });
});
