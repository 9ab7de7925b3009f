import { BLANK_TEXT_MESSAGE, type FieldError, rendersBlank } from '@scm/contract';
import { type AppError, badRequest } from './errors';

/** Request bodies are forms and filters: a few levels deep at most. */
const MAX_DEPTH = 32;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one: not text, and PostgreSQL refuses it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** C0 and C1 control characters and DEL, less tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Embeddings, overrides and isolates: they make text display in an order other than stored (U+202A–U+202E, U+2066–U+2069). */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/** U+FDD0–U+FDEF and the last two code points of every plane (U+FFFE, U+FFFF, …): not characters, and not XML. */
const NONCHARACTER = /\p{Noncharacter_Code_Point}/u;
/** Zero-width space / non-joiner / joiner, word joiner and BOM: invisible, so two names differing only by them look alike. */
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/;
const ZERO_WIDTH_ALL = new RegExp(ZERO_WIDTH.source, 'g');

/**
 * Text hygiene for one string (docs/access-management.md): the refusal message, or the cleaned
 * text: NFC-normalised with the five zero-width characters removed. Unique names compare on a
 * canonical key besides (`nameKey` in the contract), which drops every default-ignorable code point.
 */
function cleanText(value: string): { error: string } | { text: string } {
  if (LONE_SURROGATE.test(value)) return { error: '包含无效的字符编码（不成对的代理字符）' };
  if (CONTROL.test(value)) return { error: '不能包含控制字符' };
  if (BIDI_CONTROL.test(value)) return { error: '不能包含文字方向控制字符' };
  if (NONCHARACTER.test(value)) return { error: '不能包含非字符码位（如U+FFFF）' };
  if (rendersBlank(value)) return { error: BLANK_TEXT_MESSAGE };
  const text = value.normalize('NFC');
  return { text: ZERO_WIDTH.test(text) ? text.replace(ZERO_WIDTH_ALL, '') : text };
}

/**
 * The same hygiene for text that does not come in a JSON body (a cell of an imported file): the
 * refusal message, or the cleaned text.
 */
export const checkText = cleanText;

const refused = (field: string, message: string): AppError => badRequest(message, [{ field, message } satisfies FieldError]);

/**
 * Walks a parsed JSON body once, before validation, without recursion: refuses nesting deep enough
 * to overflow the stack of the key conversion or the validator, and strings that fail text hygiene;
 * cleans every other string in place. Field paths are the body's own (snake_case) keys.
 */
export function guardBody(body: unknown): AppError | null {
  const stack: { holder: Record<string, unknown>; key: string; depth: number; path: string }[] = [
    { holder: { body }, key: 'body', depth: 0, path: '' },
  ];
  while (stack.length > 0) {
    const { holder, key, depth, path } = stack.pop()!;
    const value = holder[key];
    if (typeof value === 'string') {
      const cleaned = cleanText(value);
      if ('error' in cleaned) return refused(path, cleaned.error);
      holder[key] = cleaned.text;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) return refused(path, '请求数据嵌套过深');
    const inner = value as Record<string, unknown>;
    for (const innerKey of Object.keys(inner)) {
      stack.push({ holder: inner, key: innerKey, depth: depth + 1, path: path ? `${path}.${innerKey}` : innerKey });
    }
  }
  return null;
}
