import { type AppError, badRequest } from './errors';

/** Request bodies are forms and filters: a few levels deep at most. */
const MAX_DEPTH = 32;

/**
 * Walks a parsed JSON body without recursion and refuses what would otherwise crash later: nesting
 * deep enough to overflow the stack of the key conversion or the validator, and NUL characters,
 * which PostgreSQL cannot store or compare.
 */
export function checkBodyShape(body: unknown): AppError | null {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value: body, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return badRequest('内容不能包含空字符', [{ field: path, message: '内容不能包含空字符' }]);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) return badRequest('请求数据嵌套过深', [{ field: path, message: '请求数据嵌套过深' }]);
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [key, inner] of entries) stack.push({ value: inner, depth: depth + 1, path: path ? `${path}.${key}` : key });
  }
  return null;
}
