import { snakeToCamelKey } from '@scm/contract';
import type { FormInstance } from 'antd';
import type { z } from 'zod';
import { ApiError } from '@/shared/http/api';
import { feedback } from '@/shared/ui/feedback';

type NamePath = (string | number)[];

export interface FieldErrorOptions {
  /**
   * Server fields the form keeps under another name, by camelCase field name (`periodStart:
   * 'period'`). Amounts and measures need none: `freightFen` finds `freightYuan` or `freight`,
   * `weightG` finds `weight`, by themselves.
   */
  aliases?: Record<string, string>;
}

const key = (path: NamePath) => path.join('.');

/** Every name path the form holds a field for right now (list rows included). */
function registeredNames(form: FormInstance): Set<string> {
  const names = new Set<string>();
  form.getFieldsValue(true, (meta) => {
    if (meta) names.add(key(meta.name));
    return false;
  });
  return names;
}

/** The form's names a server field may stand under, most likely first. */
function candidates(field: string, aliases: Record<string, string>): NamePath[] {
  const path: NamePath = field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : snakeToCamelKey(part)));
  const last = path.at(-1);
  if (typeof last !== 'string') return [path];
  const head = path.slice(0, -1);
  const names = [last, aliases[last], last.replace(/Fen$/, 'Yuan'), last.replace(/(Fen|G|Cm3)$/, '')].filter((n): n is string => !!n);
  return [...new Set(names)].map((name) => [...head, name]);
}

/** The form's name for a field path (`lines.0.unit_price_fen`, or a zod issue's path joined by dots), among the names `has` knows. */
export function formNameOf(field: string, has: (name: string) => boolean, options: FieldErrorOptions = {}): NamePath | undefined {
  return candidates(field, options.aliases ?? {}).find((path) => has(key(path)));
}

/**
 * A refusal's field errors on the form's names (`has` tells which the form shows, by dotted name),
 * the rest in one message; null when the answer held none. Any form's: antd's (applyFieldErrors)
 * and a plain one's (the supplier portal's).
 */
export function placeFieldErrors(
  error: unknown,
  has: (name: string) => boolean,
  options: FieldErrorOptions = {},
): { name: NamePath; message: string }[] | null {
  if (!(error instanceof ApiError) || error.fieldErrors.length === 0) return null;
  const placed: { name: NamePath; message: string }[] = [];
  const elsewhere: string[] = [];
  for (const { field, message } of error.fieldErrors) {
    const name = field ? formNameOf(field, has, options) : undefined;
    if (name) placed.push({ name, message });
    else elsewhere.push(message);
  }
  if (elsewhere.length > 0) feedback.message?.error([...new Set(elsewhere)].join('；'));
  else if (placed.length > 0) feedback.message?.error('保存失败，请按提示修改标红的字段');
  return placed;
}

/**
 * Shows the server's field_errors: each on its field when the form has that field on screen,
 * the rest in one message, then scrolls to the first field in error. Returns true when the answer
 * held field errors (all of them shown), so the caller's mutation does not toast them again.
 */
export function applyFieldErrors(form: FormInstance, error: unknown, options: FieldErrorOptions = {}): boolean {
  if (!(error instanceof ApiError) || error.fieldErrors.length === 0) return false;
  const registered = registeredNames(form);
  const placed = placeFieldErrors(error, (name) => registered.has(name), options) ?? [];
  form.setFields(placed.map(({ name, message }) => ({ name, errors: [message] })));
  if (placed.length > 0) form.scrollToField(placed[0].name, { block: 'center' });
  return true;
}

/**
 * The form's values when its client checks pass, else null after scrolling to the first field in
 * error: a failed check is shown on the form, never left as an unhandled rejection.
 */
export async function validForm<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch (failure) {
    const first = (failure as { errorFields?: { name: NamePath }[] }).errorFields?.[0];
    if (!first) throw failure;
    form.scrollToField(first.name, { block: 'center' });
    return null;
  }
}

/** Puts a client-side zod check's issues on the form's fields (their paths are the form's names). */
export function applyIssues(form: FormInstance, issues: readonly z.core.$ZodIssue[]): void {
  form.setFields(issues.map((issue) => ({ name: issue.path.filter((part) => typeof part !== 'symbol'), errors: [issue.message] })));
}

/**
 * An antd rule that checks one field with the contract's zod schema, so the form shows the same
 * Chinese messages the server would answer. A field the schema needs gets its label's required
 * mark from the same schema (antd reads `required`; the check itself stays the schema's).
 */
export function zodRule(schema: z.ZodType) {
  return {
    required: !schema.safeParse(undefined).success,
    validator: async (_rule: unknown, value: unknown) => {
      const result = schema.safeParse(value === null ? undefined : value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '输入有误');
    },
  };
}
