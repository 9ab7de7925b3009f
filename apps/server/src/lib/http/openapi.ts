import { camelToSnakeKey, createsRecords, IDEMPOTENCY_HEADER } from '@scm/contract';
import { z } from 'zod';
import { AUTHENTICATED, type AnyRoute, PUBLIC } from './route';

type Json = Record<string, unknown>;

/** Body codes of an HTTP 200 answer (docs/decisions.md "Application outcomes are HTTP 200 with a body code"). */
const BODY_CODES: Record<number, string> = {
  200: '成功 / success',
  400: '参数错误，data.field_errors 列出字段 / invalid input, fields in data.field_errors',
  401: '未登录或登录已失效 / not signed in or session expired',
  403: '没有权限 / permission missing',
  404: '记录不存在（或不在数据范围内）/ record not found or outside the data scope',
  409: '冲突：重复、被引用、版本过期、幂等键冲突 / conflict: duplicate, still referenced, stale version, idempotency key',
  429: '尝试过多，稍后再试 / too many attempts',
};

/** HTTP statuses the application did not decide; their body is the error envelope too. */
const HTTP_ERRORS: Record<string, string> = {
  '400': '请求格式有误（JSON 无法解析）/ malformed request',
  '404': '接口不存在 / no such route',
  '413': '请求体过大 / body too large',
  '500': '服务器内部错误，message 含请求编号 / unexpected error; the message names the request id',
  '503': '服务暂不可用（数据库不可达）/ database unavailable',
};

function permissionText(permission: string): string {
  if (permission === PUBLIC) return '公开（无需登录）/ public';
  if (permission === AUTHENTICATED) return '任何已登录用户 / any signed-in user';
  return permission;
}

/**
 * The wire is snake_case while the contract's schemas are camelCase (docs/decisions.md): property
 * names and `required` entries are renamed, and `$defs` move to components under a per-schema prefix
 * so their references resolve inside the document.
 */
function toWire(schema: Json, prefix: string, components: Json): Json {
  const defs = (schema.$defs ?? {}) as Record<string, Json>;
  const rename = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rename);
    if (!node || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === '$schema' || key === '$defs') continue;
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
        out.$ref = `#/components/schemas/${prefix}_${value.slice('#/$defs/'.length)}`;
      } else if (key === 'properties' && value && typeof value === 'object') {
        out.properties = Object.fromEntries(Object.entries(value as Json).map(([name, sub]) => [camelToSnakeKey(name), rename(sub)]));
      } else if (key === 'required' && Array.isArray(value)) {
        out.required = value.map((name) => (typeof name === 'string' ? camelToSnakeKey(name) : name));
      } else {
        out[key] = rename(value);
      }
    }
    return out;
  };
  for (const [name, def] of Object.entries(defs)) components[`${prefix}_${name}`] = rename(def);
  return rename(schema) as Json;
}

function jsonSchema(schema: z.ZodType, prefix: string, components: Json): Json {
  // The handler's answer is what the response schema accepts, before any transform: its input side.
  return toWire(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Json, prefix, components);
}

const errorEnvelope = {
  type: 'object',
  required: ['code', 'message', 'data', 'request_id'],
  properties: {
    code: { type: 'integer', enum: [400, 401, 403, 404, 409, 413, 429, 500, 503] },
    message: { type: 'string', description: '给用户看的中文说明 / message shown to the user (Chinese)' },
    data: {
      oneOf: [
        { type: 'null' },
        {
          type: 'object',
          properties: {
            field_errors: {
              type: 'array',
              items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
            },
          },
        },
      ],
    },
    request_id: { type: 'string', description: '请求编号，与日志行及 x-request-id 响应头一致 / request id, as in the log line and x-request-id' },
  },
};

/** The OpenAPI 3.1 document of every route in the registry, built from the contract's endpoint objects. */
export function buildOpenApi(routes: AnyRoute[]): Json {
  const components: Json = { ErrorEnvelope: errorEnvelope };
  const paths: Json = {};
  const codeTable = Object.entries(BODY_CODES)
    .map(([code, text]) => `| ${code} | ${text} |`)
    .join('\n');
  for (const route of routes) {
    const { path } = route.endpoint;
    const prefix = path.slice('/admin/'.length).replace(/\//g, '.');
    const data = jsonSchema(route.endpoint.response, `${prefix}.response`, components);
    const body = jsonSchema(route.endpoint.body, `${prefix}.body`, components);
    const permission = permissionText(route.permission);
    const idempotent = createsRecords(path) && route.permission !== PUBLIC;
    paths[`/api${path}`] = {
      post: {
        operationId: path,
        tags: [path.split('/')[2] ?? 'admin'],
        summary: path,
        description: [
          `权限 / permission: \`${permission}\``,
          idempotent ? `可带 \`${IDEMPOTENCY_HEADER}\` 头，重复提交返回首次结果（docs/operations.md）` : '',
          route.bodyLimit ? `请求体上限 / body limit: ${route.bodyLimit} bytes` : '',
        ]
          .filter(Boolean)
          .join('\n\n'),
        'x-permission': route.permission,
        security: route.permission === PUBLIC ? [] : [{ bearer: [] }],
        parameters: idempotent
          ? [{ name: IDEMPOTENCY_HEADER, in: 'header', required: false, schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,100}$' } }]
          : [],
        requestBody: { required: true, content: { 'application/json': { schema: body } } },
        responses: {
          '200': {
            description: `应用结果在 body 的 code 中 / the outcome is the body code:\n\n| code | 含义 |\n|---|---|\n${codeTable}`,
            content: {
              'application/json': {
                schema: {
                  oneOf: [
                    {
                      type: 'object',
                      required: ['code', 'message', 'data'],
                      properties: { code: { const: 200 }, message: { const: 'success' }, data },
                    },
                    { $ref: '#/components/schemas/ErrorEnvelope' },
                  ],
                },
              },
            },
          },
          ...Object.fromEntries(
            Object.entries(HTTP_ERRORS).map(([status, text]) => [
              status,
              { description: text, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
            ]),
          ),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '悦居供应链管理后台 API',
      version: '1',
      description: [
        '每个接口都是 `POST /api/admin/...`，JSON 请求体与响应体字段为 snake_case。',
        '响应统一为 `{code, message, data}`：应用决定的结果（成功、参数错误、未登录、无权限、不存在、冲突、尝试过多）以 HTTP 200 返回，结果看 body 的 `code`；',
        '只有应用未决定的情况（接口不存在、JSON 无法解析、请求体过大、服务器错误、数据库不可用）使用 HTTP 状态码 400/404/413/500/503。',
        '所有错误响应带 `request_id`，与响应头 `x-request-id` 和日志行一致。',
        '登录接口返回的 token 以 `Authorization: Bearer <token>` 发送。',
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    paths,
    components: { schemas: components, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  };
}
