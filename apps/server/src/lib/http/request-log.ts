import { randomUUID } from 'node:crypto';
import { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of the call, for the request log line. */
    userId?: number | null;
    /** The body code the call answered (200, 400, 401, …), for the request log line. */
    bodyCode?: number;
  }
}

/**
 * Never logged: credentials in headers, and any body field that could hold a password, a token or
 * file contents (pino replaces them with "[redacted]"). Request bodies are not logged at all; these
 * paths guard the objects an error log may carry.
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.token',
  '*.file',
  '*.fileBase64',
  '*.content',
];

/** Fastify logger settings: JSON lines, random request ids, one line per request written by `logRequests`. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): Partial<FastifyServerOptions> {
  return {
    logger: { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, ...(stream ? { stream } : {}) },
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    genReqId: () => randomUUID(),
  };
}

/** Echoes the request id in `x-request-id` and writes one line per answered request. */
export function logRequests(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        user_id: request.userId ?? null,
        method: request.method,
        route: request.routeOptions.url ?? null,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        code: request.bodyCode ?? reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}
