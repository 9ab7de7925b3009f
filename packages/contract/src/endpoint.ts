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

/**
 * An endpoint named by its path alone, with its types: what a client calls that must not load the
 * schemas (the supplier portal). `types` is never set; it carries the endpoint's type.
 */
export interface EndpointAt<E extends Endpoint> {
  readonly path: E['path'];
  readonly types?: E;
}
/** `endpointAt<typeof portalApi.rfqList>(PORTAL_PATHS.rfqList)`: a path that is not the endpoint's fails to compile. */
export const endpointAt = <E extends Endpoint>(path: E['path']): EndpointAt<E> => ({ path });

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
