/** Body codes of the envelope {code, message, data} (docs/rules/codes-and-api.md). */
export const ResultCode = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
} as const;
export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

export interface FieldError {
  field: string;
  message: string;
}

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}
