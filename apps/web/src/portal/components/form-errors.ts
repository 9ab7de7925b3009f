import { useState } from 'react';
import type { ApiError } from '@/shared/http/api';
import { formNameOf, placeFieldErrors } from '@/shared/form/field-errors';

/** A plain form's errors by field key: `lines.0.unitPriceYuan`, `validUntil`. */
export type FormErrors = Record<string, string>;

/** A schema check's issue, as the contract's schemas report it (the portal names no zod type). */
interface CheckIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}
/** A contract schema for one text, as the lazily loaded checks hand it over. */
interface TextCheck {
  safeParse(value: string): { success: true; data: string } | { success: false; error: { issues: readonly CheckIssue[] } };
}

const dotted = (name: readonly (string | number)[]) => name.join('.');

/** A zod check's issues on the form's fields; issues on no field of the form are dropped (the server will say them). */
export function issuesOn(issues: readonly CheckIssue[], has: (key: string) => boolean): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const name = formNameOf(dotted(issue.path.filter((part) => typeof part !== 'symbol')), has);
    if (name) errors[dotted(name)] ??= issue.message;
  }
  return errors;
}

/**
 * A refusal's field errors on the form's fields, the rest in one toast (`placeFieldErrors`, as on
 * the back office's forms); null when the answer held none (the write hook toasts it as usual).
 */
export function serverErrorsOn(error: unknown, has: (key: string) => boolean): FormErrors | null {
  const placed = placeFieldErrors(error, has);
  if (!placed) return null;
  const errors: FormErrors = {};
  for (const { name, message } of placed) errors[dotted(name)] ??= message;
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
    checked: (schema: TextCheck): string | null => {
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
