import { snakeToCamelKey } from '@scm/contract';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '@/shared/http/api';
import { feedback } from '@/shared/ui/feedback';

/** A plain form's errors by field key: `lines.0.unitPriceYuan`, `validUntil`. */
export type FormErrors = Record<string, string>;

/**
 * The form's key for a field path of the server (`lines.0.unit_price_fen`) or of a zod check
 * (`['lines', 0, 'unitPriceFen']`): camelCase, and an amount the form holds in yuan under its
 * `…Yuan` name when it has one.
 */
export function formKeyOf(path: string | readonly PropertyKey[], has: (key: string) => boolean): string | undefined {
  const parts = (typeof path === 'string' ? path.split('.') : path.filter((p) => typeof p !== 'symbol')).map((p) =>
    typeof p === 'number' || /^\d+$/.test(String(p)) ? String(p) : snakeToCamelKey(String(p)),
  );
  const last = parts.at(-1) ?? '';
  const head = parts.slice(0, -1);
  return [last, last.replace(/Fen$/, 'Yuan')].map((name) => [...head, name].join('.')).find(has);
}

/** A zod check's issues on the form's fields; issues on no field of the form are dropped (the server will say them). */
export function issuesOn(issues: readonly z.core.$ZodIssue[], has: (key: string) => boolean): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const key = formKeyOf(issue.path, has);
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/**
 * A refusal's field errors on the form's fields, the rest in one toast; null when the answer held
 * none (the write hook toasts it as usual).
 */
export function serverErrorsOn(error: unknown, has: (key: string) => boolean): FormErrors | null {
  if (!(error instanceof ApiError) || error.fieldErrors.length === 0) return null;
  const errors: FormErrors = {};
  const elsewhere: string[] = [];
  for (const { field, message } of error.fieldErrors) {
    const key = field ? formKeyOf(field, has) : undefined;
    if (key) errors[key] ??= message;
    else elsewhere.push(message);
  }
  feedback.message?.error(elsewhere.length > 0 ? [...new Set(elsewhere)].join('；') : '提交失败，请按提示修改标红的字段');
  return errors;
}

/** Brings the first field in error into view and focus, as antd's form does after a failed submit. */
export function focusFirstError(form: HTMLFormElement | null) {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  first?.scrollIntoView({ block: 'center' });
  first?.focus({ preventScroll: true });
}

/**
 * One text field sent on its own (a question, a reason): its value, its error, the contract's check
 * of the field before it is sent (`checked`, the value to send or null with the error shown) and
 * the server's refusal on it (`onServerError`, a write hook's `onError`). Changing it takes its
 * error away.
 */
export function useCheckedText(name: string) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  return {
    value,
    error,
    change: (text: string) => {
      setValue(text);
      setError(undefined);
    },
    reset: () => {
      setValue('');
      setError(undefined);
    },
    checked: (schema: z.ZodType<string>): string | null => {
      const result = schema.safeParse(value);
      setError(result.success ? undefined : result.error.issues[0]?.message);
      return result.success ? result.data : null;
    },
    onServerError: (failure: ApiError) => {
      const placed = serverErrorsOn(failure, (key) => key === name);
      if (placed) setError(placed[name]);
      return !!placed;
    },
  };
}
