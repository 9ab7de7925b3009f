import type { z } from 'zod';

/** What both sides agree on for one call: its path under /api, its body and its response data. */
export interface Endpoint<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  path: string;
  body: B;
  response: R;
}

export function endpoint<B extends z.ZodType, R extends z.ZodType>(path: string, body: B, response: R): Endpoint<B, R> {
  return { path, body, response };
}

export type EndpointBody<E extends Endpoint> = z.input<E['body']>;
export type EndpointData<E extends Endpoint> = z.output<E['response']>;
