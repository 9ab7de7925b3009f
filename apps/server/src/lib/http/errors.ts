import { type FieldError, messages, ResultCode } from '@scm/contract';

/** An outcome the application decided; travels as HTTP 200 with `code` in the body (docs/rules/codes-and-api.md, "The envelope and body codes"). */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly fieldErrors?: FieldError[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fieldErrors?: FieldError[]) => new AppError(ResultCode.badRequest, message, fieldErrors);
export const fieldError = (field: string, message: string) => badRequest(message, [{ field, message }]);
export const unauthorized = (message: string = messages.notLoggedIn) => new AppError(ResultCode.unauthorized, message);
export const forbidden = (message: string = messages.forbidden) => new AppError(ResultCode.forbidden, message);
export const notFound = (message: string = messages.notFound) => new AppError(ResultCode.notFound, message);
export const conflict = (message: string) => new AppError(ResultCode.conflict, message);
export const staleVersion = () => conflict(messages.staleVersion);
/** A duplicate unique value: 409 with the field named, so a form shows it on that field. */
export const duplicateField = (field: string, message: string) => new AppError(ResultCode.conflict, message, [{ field, message }]);
export const tooManyAttempts = () => new AppError(ResultCode.tooMany, messages.tooManyAttempts);

const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** True when the database cannot be reached (the API answers 503 instead of hanging or crashing). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && connectionErrorCodes.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /timeout exceeded when trying to connect|Connection terminated|Query read timeout/i.test(message)) return true;
  }
  return false;
}

/** The PostgreSQL error code of a driver error, looking through drizzle's wrapping. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The constraint a driver error names (unique index, foreign key), looking through drizzle's wrapping. */
export function pgConstraint(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}
