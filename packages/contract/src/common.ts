import { z } from 'zod';

export const idSchema = z.int().min(1).max(2_147_483_647);
/** The rows a user ticked in a list (batch export): at most one page of the largest size. */
export const selectedIdsSchema = z.array(idSchema).min(1, '请选择数据').max(200, '一次最多选择200条');
export const versionSchema = z.int().min(0).max(2_147_483_647);
export const byIdRequest = z.strictObject({ id: idSchema });
export const byIdVersionRequest = z.strictObject({ id: idSchema, version: versionSchema });
export const idResponse = z.object({ id: z.number() });
export const emptyResponse = z.null();

/** A trimmed, bounded free-text field; `label` names it in Chinese messages. */
export function text(label: string, max: number, missing?: string) {
  const error = missing ? (issue: { input?: unknown }) => (issue.input == null ? missing : undefined) : undefined;
  return z.string({ error }).trim().max(max, `${label}不能超过${max}个字符`);
}
export function requiredText(label: string, max: number) {
  return text(label, max, `请输入${label}`).min(1, `请输入${label}`);
}

/** Paged list request (docs/rules/codes-and-api.md, "Paged lists"): page_size at most 200, sorting only on whitelisted fields. */
export function pageRequest<const F extends readonly [string, ...string[]]>(sortFields: F) {
  return z.strictObject({
    page: z.int().min(1).max(1_000_000).default(1),
    pageSize: z.int().min(1).max(200).default(20),
    sortField: z.enum(sortFields).optional(),
    sortOrder: z.enum(['ascend', 'descend']).optional(),
  });
}

export function pageResponse<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
}

export const optionSchema = z.object({ value: z.number(), label: z.string() });
export const optionsResponse = z.array(optionSchema);

export const statusSchema = z.enum(['enabled', 'disabled']);
export type Status = z.infer<typeof statusSchema>;
/** How exports write a status (pages show the `common_status` dictionary's label and colour). */
export const STATUS_LABELS: Record<Status, string> = { enabled: '启用', disabled: '停用' };
