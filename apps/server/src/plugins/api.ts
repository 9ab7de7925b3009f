import { createsRecords, IDEMPOTENCY_HEADER, messages, ResultCode, toCamelCase, toSnakeCase } from '@scm/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { AuthedContext, ServiceContext } from '../lib/context';
import { FileReply } from '../lib/file-reply';
import { AppError, forbidden, isDatabaseUnavailable, pgErrorCode, unauthorized } from '../lib/errors';
import { guardBody } from '../lib/body-guard';
import { readIdempotencyKey, runOnce } from '../lib/idempotency';
import { AUTHENTICATED, type AnyRoute, PUBLIC } from '../lib/route';
import { authenticate } from '../modules/auth/service';

z.config(z.locales.zhCN());

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
  const fieldErrors = error.issues.slice(0, 50).flatMap((issue) =>
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

/** Registers every route: auth → permission → validation → handler → envelope with snake_case data. */
export async function apiPlugin(app: FastifyInstance, options: ApiOptions) {
  const { db, config, now } = options;

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
      if (route.permission !== PUBLIC) {
        const token = bearerToken(request);
        const user = token ? await authenticate(db, token, now()) : null;
        if (!user) throw unauthorized();
        if (route.permission !== AUTHENTICATED && !user.permissionCodes.has(route.permission)) throw forbidden();
        ctx.user = user;
        ctx.actor = { userId: user.id, userName: user.username, ip: request.ip };
      }
      const guardError = guardBody(request.body);
      if (guardError) throw guardError;
      const parsed = route.endpoint.body.safeParse(toCamelCase(request.body ?? {}));
      if (!parsed.success) throw validationError(parsed.error);
      const key = idempotent && ctx.user ? readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER.toLowerCase()]) : null;
      const run = async () => {
        const data = await route.handler(parsed.data, ctx as AuthedContext);
        return data instanceof FileReply ? data : toSnakeCase(data ?? null);
      };
      const data = key && ctx.user ? await runOnce({ db, userId: ctx.user.id, key, path: route.endpoint.path, now }, run) : await run();
      if (data instanceof FileReply) return data.send(reply);
      return reply.send({ code: ResultCode.ok, message: 'success', data });
    });
  }

  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.status(200).send({
        code: error.code,
        message: error.message,
        data: error.fieldErrors ? { field_errors: error.fieldErrors } : null,
      });
    }
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode === 413) return reply.status(413).send({ code: 413, message: '请求体过大', data: null });
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send({ code: statusCode, message: '请求格式有误', data: null });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send({ code: 503, message: messages.serviceUnavailable, data: null });
    }
    const pgCode = pgErrorCode(error);
    if (pgCode === '23505') return reply.send({ code: ResultCode.conflict, message: '数据重复，请检查唯一字段', data: null });
    if (pgCode === '23503') return reply.send({ code: ResultCode.conflict, message: '记录仍被引用，无法操作', data: null });
    if (pgCode === '40001' || pgCode === '40P01') {
      return reply.send({ code: ResultCode.conflict, message: messages.staleVersion, data: null });
    }
    request.log.error({ err: error, requestId: request.id }, 'unexpected error');
    return reply.status(500).send({ code: 500, message: `${messages.internalError}（请求编号 ${request.id}）`, data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: 404, message: `接口不存在: ${request.method} ${request.url.split('?')[0]}`, data: null });
  });
}
