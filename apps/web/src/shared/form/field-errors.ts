import { snakeToCamelKey } from '@scm/contract';
import type { FormInstance } from 'antd';
import type { z } from 'zod';
import { ApiError } from '@/shared/http/api';

/**
 * Puts the server's field_errors on the form's fields; true when at least one landed on a field.
 * `renamed` maps a wire field to the form's own name for it (a price the form holds in yuan).
 */
export function applyFieldErrors(form: FormInstance, error: unknown, renamed: Record<string, string> = {}): boolean {
  if (!(error instanceof ApiError) || error.fieldErrors.length === 0) return false;
  const fields = error.fieldErrors
    .filter((e) => e.field)
    .map((e) => ({
      name: e.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : (renamed[snakeToCamelKey(part)] ?? snakeToCamelKey(part)))),
      errors: [e.message],
    }));
  form.setFields(fields);
  return fields.length > 0;
}

/** Puts a client-side zod check's issues on the form's fields (their paths are the form's names). */
export function applyIssues(form: FormInstance, issues: readonly z.core.$ZodIssue[]): void {
  form.setFields(issues.map((issue) => ({ name: issue.path.filter((part) => typeof part !== 'symbol'), errors: [issue.message] })));
}

/**
 * An antd rule that checks one field with the contract's zod schema, so the form shows the same
 * Chinese messages the server would answer.
 */
export function zodRule(schema: z.ZodType) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = schema.safeParse(value === null ? undefined : value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '输入有误');
    },
  };
}
