import type { z } from 'zod';

/** What both sides agree on for one call: its path under /api, its body and its response data. */
export interface Endpoint<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType, P extends string = string> {
  path: P;
  body: B;
  response: R;
}

export function endpoint<const P extends string, B extends z.ZodType, R extends z.ZodType>(path: P, body: B, response: R): Endpoint<B, R, P> {
  return { path, body, response };
}

export type EndpointBody<E extends Endpoint> = z.input<E['body']>;
export type EndpointData<E extends Endpoint> = z.output<E['response']>;

/** The request header that makes a creating call safe to repeat (docs/rules/codes-and-api.md, "Idempotent creates"). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Visible ASCII only, 1–100 characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,100}$/;
/** Actions that add records: a repeat of one of these would make a second copy. */
const CREATING_ACTIONS = new Set(['create', 'create_action', 'copy', 'generate', 'import']);

/** Whether the endpoint at `path` creates records, and so honours an Idempotency-Key. */
export function createsRecords(path: string): boolean {
  return CREATING_ACTIONS.has(path.slice(path.lastIndexOf('/') + 1));
}
