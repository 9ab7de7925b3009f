import { createsRecords, IDEMPOTENCY_HEADER, messages, ResultCode, setChineseZodMessages, toCamelCase, toSnakeCase } from '@scm/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { AuthedContext, PortalContext, ServiceContext } from '../lib/http/context';
import { FileReply } from '../lib/files/file-reply';
import { AppError, forbidden, isDatabaseUnavailable, pgErrorCode, unauthorized } from '../lib/http/errors';
import { guardBody } from '../lib/http/body-guard';
import { readIdempotencyKey, requestDigest, runOnce } from '../lib/http/idempotency';
import { AUTHENTICATED, type AnyRoute, dropGuardedFields, PORTAL, PUBLIC } from '../lib/http/route';
import { authenticate } from '../modules/auth/service';
import { authenticatePortal } from '../modules/portal/session';

setChineseZodMessages();

export interface ApiOptions {
  db: Db;
  config: Config;
  now: () => Date;
  routes: AnyRoute[];
}

function snakePath(path: PropertyKey[]): string {
  return path.map((p) => (typeof p === 'string' ? p.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : String(p))).join('.');
}

function validationError(error: z.ZodError): AppError {
  const fieldErrors = error.issues
    .slice(0, 50)
    .flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({ field: snakePath([...issue.path, key]), message: `不支持的字段: ${snakePath([key])}` }))
        : [{ field: snakePath(issue.path), message: issue.message }],
    );
  return new AppError(ResultCode.badRequest, fieldErrors[0]?.message ?? messages.validationFailed, fieldErrors);
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length <= 256 ? token : null;
}

/**
 * In tests every answer is parsed by its endpoint's response schema before it is sent, so each API
 * test is also a test of the contract: an answer that drifts from what clients are typed against
 * fails where it is made, naming the route and the fields.
 */
function assertAnswerMatches(route: AnyRoute, data: unknown) {
  const checked = route.endpoint.response.safeParse(data ?? null);
  if (checked.success) return;
  const fields = checked.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`);
  throw new Error(`Answer of ${route.endpoint.path} does not match its response schema: ${fields.join('; ')}`);
}

/** Registers every route: auth → permission → validation → handler → envelope with snake_case data. */
export async function apiPlugin(app: FastifyInstance, options: ApiOptions) {
  const { db, config, now } = options;
  const checkAnswers = config.NODE_ENV === 'test';

  for (const route of options.routes) {
    const idempotent = createsRecords(route.endpoint.path);
    app.post(`/api${route.endpoint.path}`, { bodyLimit: route.bodyLimit }, async (request, reply) => {
      const ctx: ServiceContext = {
        db,
        config,
        now,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        user: null,
        actor: { userId: null, userName: null, ip: request.ip },
      };
      if (route.permission === PORTAL) {
        // The portal realm: its own sessions, so a staff token is unknown here (401), as a portal token is on /api/admin.
        const token = bearerToken(request);
        const caller = token ? await authenticatePortal(db, token, now()) : null;
        if (!caller) throw unauthorized();
        (ctx as PortalContext).portal = caller;
        ctx.actor = { userId: null, userName: `${caller.supplierName}·${caller.name}`, ip: request.ip };
      } else if (route.permission !== PUBLIC) {
        const token = bearerToken(request);
        const user = token ? await authenticate(db, token, now()) : null;
        if (!user) throw unauthorized();
        if (route.permission !== AUTHENTICATED && !user.permissionCodes.has(route.permission)) throw forbidden();
        ctx.user = user;
        request.userId = user.id;
        ctx.actor = { userId: user.id, userName: user.username, ip: request.ip };
      }
      const guardError = guardBody(request.body);
      if (guardError) throw guardError;
      const parsed = route.endpoint.body.safeParse(toCamelCase(request.body ?? {}));
      if (!parsed.success) throw validationError(parsed.error);
      if (route.guards && ctx.user) dropGuardedFields(parsed.data, route.guards, ctx.user.permissionCodes);
      const key = idempotent && ctx.user ? readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER.toLowerCase()]) : null;
      const run = async () => {
        const data = await route.handler(parsed.data, ctx as AuthedContext & PortalContext);
        if (data instanceof FileReply) return data;
        if (checkAnswers) assertAnswerMatches(route, data);
        return toSnakeCase(data ?? null);
      };
      const data =
        key && ctx.user
          ? await runOnce({ db, userId: ctx.user.id, key, path: route.endpoint.path, requestHash: requestDigest(parsed.data), now }, run)
          : await run();
      request.bodyCode = ResultCode.ok;
      if (data instanceof FileReply) return data.send(reply);
      return reply.send({ code: ResultCode.ok, message: 'success', data });
    });
  }

  /** Every answer that is not a success carries the request id, so a user's report finds its log line. */
  const fail = (request: FastifyRequest, reply: FastifyReply, status: number, code: number, message: string, data: unknown = null) => {
    request.bodyCode = code;
    return reply.status(status).send({ code, message, data, request_id: request.id });
  };

  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return fail(request, reply, 200, error.code, error.message, error.fieldErrors ? { field_errors: error.fieldErrors } : null);
    }
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode === 413) return fail(request, reply, 413, 413, '请求体过大');
    if (statusCode && statusCode >= 400 && statusCode < 500) return fail(request, reply, statusCode, statusCode, '请求格式有误');
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return fail(request, reply, 503, 503, messages.serviceUnavailable);
    }
    const pgCode = pgErrorCode(error);
    if (pgCode === '23505') return fail(request, reply, 200, ResultCode.conflict, '数据重复，请检查唯一字段');
    if (pgCode === '23503') return fail(request, reply, 200, ResultCode.conflict, '记录仍被引用，无法操作');
    if (pgCode === '40001' || pgCode === '40P01') return fail(request, reply, 200, ResultCode.conflict, messages.staleVersion);
    request.log.error({ err: error }, 'unexpected error');
    return fail(request, reply, 500, 500, `${messages.internalError}（请求编号 ${request.id}）`);
  });

  app.setNotFoundHandler((request, reply) => {
    fail(request, reply, 404, 404, `接口不存在: ${request.method} ${request.url.split('?')[0]}`);
  });
}
