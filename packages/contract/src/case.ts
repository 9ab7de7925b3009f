type Plain = Record<string, unknown>;

function isPlainObject(value: unknown): value is Plain {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Field names repeat in every row of every answer, so each conversion is remembered. The caches are
 * bounded because request bodies may carry arbitrary keys.
 */
function memoized(convert: (key: string) => string): (key: string) => string {
  const cache = new Map<string, string>();
  return (key) => {
    let converted = cache.get(key);
    if (converted === undefined) {
      converted = convert(key);
      if (cache.size < 10_000) cache.set(key, converted);
    }
    return converted;
  };
}

export const snakeToCamelKey = memoized((key) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()));

export const camelToSnakeKey = memoized((key) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const result: Plain = {};
  for (const key in value) result[convert(key)] = convertKeys(value[key], convert);
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
