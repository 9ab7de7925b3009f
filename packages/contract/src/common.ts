import { z } from 'zod';
import { BLANK_TEXT_MESSAGE, rendersBlank } from './validation';
import { ENABLED_STATUSES } from './enablement-vocabulary';

export const idSchema = z.int().min(1).max(2_147_483_647);
/** The rows a user ticked in a list (batch export): at most one page of the largest size. */
export const selectedIdsSchema = z.array(idSchema).min(1, '请选择数据').max(200, '一次最多选择200条');
export const versionSchema = z.int().min(0).max(2_147_483_647);
export const byIdRequest = z.strictObject({ id: idSchema });
export const byIdVersionRequest = z.strictObject({ id: idSchema, version: versionSchema });
export const idResponse = z.object({ id: z.number() });

type DefaultsOptional<S extends z.ZodRawShape> = { [K in keyof S]: S[K] extends z.ZodDefault<infer Inner> ? z.ZodOptional<Inner> : S[K] };

/**
 * A create's fields as an update takes them (docs/rules/codes-and-api.md, "Updates"): a field
 * that has a default on create is optional on update, and left out it means "unchanged", never the
 * default. Required fields stay required.
 */
export function updateFields<S extends z.ZodRawShape>(fields: S): DefaultsOptional<S> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [key, field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType).optional() : field]),
  ) as DefaultsOptional<S>;
}
export const emptyResponse = z.null();

/**
 * Line feed, carriage return, tab, line / paragraph separators and the directional marks (LRM, RLM,
 * ALM): a one-line field (a name, a code, a phone) never holds them (docs/rules/codes-and-api.md,
 * "Text fields").
 */
const NOT_ONE_LINE = /[\n\r\t\u2028\u2029\u200e\u200f\u061c]/;
/** Multi-line text (remarks, reasons) keeps line feeds and refuses the rest. */
const NOT_MULTI_LINE = /[\r\t\u2028\u2029\u200e\u200f\u061c]/;

/** The message of a field that is absent, when the field names one (a required reason: 请输入原因). */
const missingError = (missing?: string) => (missing ? (issue: { input?: unknown }) => (issue.input == null ? missing : undefined) : undefined);

/** A trimmed, bounded one-line text field; `label` names it in Chinese messages. */
export function text(label: string, max: number, missing?: string) {
  return z
    .string({ error: missingError(missing) })
    .refine((v) => !NOT_ONE_LINE.test(v), `${label}不能包含换行、制表符或文字方向标记`)
    .trim()
    .max(max, `${label}不能超过${max}个字符`);
}
/** Required one-line text: a name needs at least one visible character (`rendersBlank`). */
export function requiredText(label: string, max: number) {
  return text(label, max, `请输入${label}`)
    .min(1, `请输入${label}`)
    .refine((v) => !rendersBlank(v), `${label}${BLANK_TEXT_MESSAGE}`);
}
/** A trimmed, bounded text that may run over several lines (line feeds only): remarks, reasons, descriptions. */
export function multilineText(label: string, max: number, missing?: string) {
  return z
    .string({ error: missingError(missing) })
    .refine((v) => !NOT_MULTI_LINE.test(v), `${label}不能包含回车、制表符、段落分隔符或文字方向标记`)
    .trim()
    .max(max, `${label}不能超过${max}个字符`);
}
export function requiredMultilineText(label: string, max: number) {
  return multilineText(label, max, `请输入${label}`).min(1, `请输入${label}`);
}

/**
 * The most one line may come to, quantity × unit price: 100亿元. Line amounts, plan and task totals
 * (at most 1,000 lines) then stay below 2^53 fen, exact in JavaScript and inside PostgreSQL's bigint
 * (docs/rules/money-and-formats.md).
 */
export const MAX_LINE_AMOUNT_FEN = 1_000_000_000_000;
export const LINE_AMOUNT_MESSAGE = '金额（数量×单价）不能超过100亿元，请调整数量或单价';
export const lineAmountTooLarge = (quantity: unknown, priceFen: unknown) =>
  typeof quantity === 'number' && typeof priceFen === 'number' && quantity * priceFen > MAX_LINE_AMOUNT_FEN;

/** Years a date or a moment may fall in: PostgreSQL has no year 0, and no business date lies centuries away. */
const YEAR_MIN = 1900;
const YEAR_MAX = 2999;
const inYears = (v: string) => {
  const year = Number(v.slice(0, 4));
  return year >= YEAR_MIN && year <= YEAR_MAX;
};

/**
 * The one schema of a calendar date `YYYY-MM-DD` (docs/rules/codes-and-api.md, "Dates"): a day
 * that exists (2026-02-30 is refused, never rolled into March) between 1900 and 2999.
 */
export function calendarDate(label: string) {
  return z
    .string(`请选择${label}`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label}格式应为YYYY-MM-DD`, abort: true })
    .refine((v) => z.iso.date().safeParse(v).success && inYears(v), `${label}不是有效日期`);
}

/** A moment with its offset (`2026-03-01T10:00:00+08:00`) on a calendar day between 1900 and 2999. */
export function dateTime(message: string) {
  return z.iso.datetime({ offset: true, message, abort: true }).refine(inYears, message);
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

export const statusSchema = z.enum(ENABLED_STATUSES);
export type Status = z.infer<typeof statusSchema>;
/** How exports write a status (pages show the `common_status` dictionary's label and colour). */
export const STATUS_LABELS: Record<Status, string> = { enabled: '启用', disabled: '停用' };

/** `allowedActions` of a detail answer: the actions the caller may perform now, worked out by the server. */
export const allowedActionsSchema = <A extends string>(actions: readonly [A, ...A[]]) => z.array(z.enum(actions));

/** A non-null answer for endpoints that send a file instead of the JSON envelope. */
export const fileResponse = z.unknown();
