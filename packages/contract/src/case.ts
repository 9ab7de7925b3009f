type Plain = Record<string, unknown>;

function isPlainObject(value: unknown): value is Plain {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function snakeToCamelKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function camelToSnakeKey(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const result: Plain = {};
  for (const [key, inner] of Object.entries(value)) result[convert(key)] = convertKeys(inner, convert);
  return result;
}

/** Recursively renames object keys camelCase → snake_case; Dates, Files and other class instances are left untouched. */
export function toSnakeCase<T = unknown>(value: unknown): T {
  return convertKeys(value, camelToSnakeKey) as T;
}

/** Recursively renames object keys snake_case → camelCase; Dates, Files and other class instances are left untouched. */
export function toCamelCase<T = unknown>(value: unknown): T {
  return convertKeys(value, snakeToCamelKey) as T;
}
