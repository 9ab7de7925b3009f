import { toCamelCase, toSnakeCase } from '@scm/contract';
import type { z } from 'zod';

type Schema = z.ZodType;
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  innerType?: Schema;
  element?: Schema;
  entries?: Record<string, string>;
  values?: unknown[];
  in?: Schema;
  options?: Schema[];
  format?: string;
}

const defOf = (schema: Schema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional/default/nullable wrappers, and whether the field may be left out. */
function unwrap(schema: Schema): { core: Schema; optional: boolean } {
  let core = schema;
  let optional = false;
  for (;;) {
    const def = defOf(core);
    if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') optional = true;
    if (def.innerType && ['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch'].includes(def.type)) {
      core = def.innerType;
    } else if (def.type === 'pipe' && def.in) {
      core = def.in;
    } else {
      return { core, optional };
    }
  }
}

function objectShape(schema: Schema): Record<string, Schema> | null {
  const def = defOf(unwrap(schema).core);
  return def.type === 'object' && def.shape ? def.shape : null;
}

/** True when unknown keys are refused (z.strictObject), as every request body must be. */
export function isStrictObject(schema: Schema): boolean {
  const def = defOf(unwrap(schema).core);
  return def.type === 'object' && !!def.catchall && defOf(def.catchall).type === 'never';
}

const validEmail = 'probe@example.com';
const SAMPLE_DATE = '2026-01-01';
/** A calendar-date field: takes a date, neither free text nor a code. */
const isDateField = (core: Schema) => core.safeParse(SAMPLE_DATE).success && !core.safeParse('测试').success && !core.safeParse('probe_code').success;

/** A plausible value for a field, valid where that is easy to guess; used as the base that junk is planted into. */
export function sampleValue(schema: Schema, key = ''): unknown {
  const { core } = unwrap(schema);
  const def = defOf(core);
  switch (def.type) {
    case 'string':
      if (def.format === 'datetime') return '2026-01-01T00:00:00.000Z';
      if (def.format === 'email' || /email/i.test(key)) return validEmail;
      if (/password/i.test(key)) return 'Probe12345';
      if (/code/i.test(key)) return 'probe_code';
      if (isDateField(core)) return SAMPLE_DATE;
      return '测试';
    case 'number':
      return /id$/i.test(key) ? 2_147_483_000 : 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'array':
      return def.element ? [sampleValue(def.element, key)] : [];
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, sampleValue(v, k)]));
    case 'union':
      return def.options?.[0] ? sampleValue(def.options[0], key) : null;
    default:
      return null;
  }
}

/** The camelCase keys of the fields a body may leave out (optional, or with a default). */
export function optionalFields(schema: Schema): string[] {
  return Object.entries(objectShape(schema) ?? {})
    .filter(([, field]) => unwrap(field).optional)
    .map(([key]) => key);
}

/** The values an enum field takes (empty for any other field). */
export function enumOptions(schema: Schema): unknown[] {
  const def = defOf(unwrap(schema).core);
  return def.type === 'enum' ? Object.values(def.entries ?? {}) : [];
}

/** A plausible body (snake_case) with only the fields a caller must send. */
export function requiredSample(schema: Schema): Record<string, unknown> {
  const shape = objectShape(schema) ?? {};
  const required = Object.entries(shape).filter(([, field]) => !unwrap(field).optional);
  return toSnakeCase(Object.fromEntries(required.map(([key, field]) => [key, sampleValue(field, key)])));
}

const META_STRINGS = [
  "' OR '1'='1' --",
  '"; DROP TABLE back_users; --',
  '<img src=x onerror=alert(1)>',
  '%_\\',
  '🙂 中文 العربية \u202e',
  '\u0000',
  '\ud800',
];

const HUGE_NUMBERS: unknown[] = ['NaN', 'Infinity', -1, -2_147_483_649, 2_147_483_648, 1e308, -1e308, 1.5, 2 ** 53 + 2];

/** Values of the wrong kind for a field of this schema (some may happen to be valid; callers filter those). */
function junkValues(schema: Schema): unknown[] {
  const { core } = unwrap(schema);
  const def = defOf(core);
  const common: unknown[] = [{ $ne: null }, [[[]]], null];
  switch (def.type) {
    case 'string':
      return [...common, 12345, true, [], {}, ...META_STRINGS.map((s) => [s])];
    case 'number':
      return [...common, ...HUGE_NUMBERS, '1', true, [], {}];
    case 'boolean':
      return [...common, 'true', 1, 0, 'yes', []];
    case 'enum':
    case 'literal':
      return [...common, ...META_STRINGS, 'NOT_A_VALUE', 1, true];
    case 'array':
      return [...common, 'x', 1, {}, [{ nested: { deeper: [1, 'a', null] } }], Array.from({ length: 5000 }, () => [])];
    case 'object':
      return [...common, 'x', 1, []];
    default:
      return common;
  }
}

export interface JunkBody {
  label: string;
  /** Sent as is when a string (raw JSON); otherwise JSON-encoded. */
  body: unknown;
  /** 413 for bodies over the limit, 400 otherwise. */
  expect: 400 | 413;
}

function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/**
 * Junk bodies for a route whose body is `schema` (camelCase): generic junk plus junk planted in
 * each field of a plausible body. Bodies the schema itself would accept are left out, so every
 * body here must be refused.
 */
export function junkBodies(schema: Schema): JunkBody[] {
  const shape = objectShape(schema) ?? {};
  const base = sampleValue(schema) as Record<string, unknown>;
  const out: JunkBody[] = [
    { label: 'array body', body: [1, 2, 3], expect: 400 },
    { label: 'string body', body: JSON.stringify('text'), expect: 400 },
    { label: 'number body', body: '42', expect: 400 },
    { label: 'boolean body', body: 'true', expect: 400 },
    { label: 'malformed JSON', body: '{"id": ', expect: 400 },
    { label: '__proto__ key', body: '{"__proto__": {"is_admin": true}}', expect: 400 },
    { label: 'constructor.prototype key', body: '{"constructor": {"prototype": {"is_admin": true}}}', expect: 400 },
    { label: 'extra field', body: { ...toSnakeCase<object>(base), is_admin: true }, expect: 400 },
    { label: 'meta characters in an extra field', body: { ...toSnakeCase<object>(base), "name' OR 1=1 --": '<script>' }, expect: 400 },
    { label: 'deep object nesting', body: nested(5000), expect: 400 },
    { label: 'very deep array nesting', body: `{"x":${'['.repeat(200_000)}${']'.repeat(200_000)}}`, expect: 400 },
    { label: '1 MB string in an extra field', body: { ...toSnakeCase<object>(base), padding: 'x'.repeat(1_100_000) }, expect: 413 },
  ];
  for (const [key, field] of Object.entries(shape)) {
    const snake = Object.keys(toSnakeCase<object>({ [key]: 1 }))[0];
    for (const value of junkValues(field)) {
      out.push({ label: `${snake} = ${JSON.stringify(value)?.slice(0, 40)}`, body: toSnakeCase({ ...base, [key]: value }), expect: 400 });
    }
    out.push({ label: `${snake} = 1 MB string`, body: toSnakeCase({ ...base, [key]: '长'.repeat(400_000) }), expect: 413 });
    if (!unwrap(field).optional) {
      const { [key]: _left, ...rest } = base;
      out.push({ label: `${snake} missing`, body: toSnakeCase(rest), expect: 400 });
    }
  }
  return out.filter((junk) => typeof junk.body === 'string' || junk.expect === 413 || !schema.safeParse(toCamelCase(junk.body)).success);
}

/** Valid-looking bodies with SQL, HTML and odd unicode in every string field, for read routes (filters, keywords). */
export function metaCharacterBodies(schema: Schema): unknown[] {
  const shape = objectShape(schema) ?? {};
  const base = sampleValue(schema) as Record<string, unknown>;
  const bodies: unknown[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const def = defOf(unwrap(field).core);
    if (def.type !== 'string' && def.type !== 'enum') continue;
    for (const text of META_STRINGS) bodies.push(toSnakeCase({ ...base, [key]: text }));
  }
  return bodies;
}

/** Text the request guard refuses in any string field, whatever the field (docs/access-management.md, text hygiene). */
const UNCLEAN_TEXT: [string, string][] = [
  ['lone surrogate', '坏\ud800字'],
  ['lone low surrogate', '\udc00名称'],
  ['bidi override', '名称\u202efdp.exe'],
  ['bidi isolate', '\u2066名称\u2069'],
  ['control character', '名\u0007称'],
  ['escape character', '名称\u001b[31m'],
  ['zero-width only', '\u200b\u200d'],
  ['BOM and spaces only', ' \ufeff '],
  ['soft hyphen and Hangul filler only', '\u00ad\u3164'],
  ['braille blank only', '\u2800'],
  ['braille blanks between spaces', ' \u2800 \u2800 '],
  ['Hangul fillers only', '\u115f\u1160\uffa0'],
  ['Hangul filler between ideographic spaces', '\u3000\u3164\u3000'],
  ['variation selector and tag only', '\ufe0f\u{e0041}'],
  ['noncharacter U+FFFF', '名称\uffff'],
  ['noncharacter U+FDD0', '\ufdd0名称'],
  ['noncharacter U+10FFFE', '名称\u{10fffe}'],
];

export interface UncleanBody {
  label: string;
  body: unknown;
  /** The field the answer's field errors must name. */
  field: string;
}

/** Every string in a plausible body (snake_case, nested paths joined with dots), with its path. */
function stringPaths(value: unknown, path: string): string[] {
  if (typeof value === 'string') return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => stringPaths(inner, path ? `${path}.${key}` : key));
}

function planted(body: unknown, path: string[], text: unknown): unknown {
  if (path.length === 0) return text;
  const [head, ...rest] = path;
  const copy = (Array.isArray(body) ? [...body] : { ...(body as object) }) as Record<string, unknown>;
  copy[head] = planted(copy[head], rest, text);
  return copy;
}

/** A plausible body with each unclean text planted in each string field, nested ones included. */
export function uncleanTextBodies(schema: Schema): UncleanBody[] {
  const base = toSnakeCase(sampleValue(schema));
  return stringPaths(base, '').flatMap((field) =>
    UNCLEAN_TEXT.map(([label, text]) => ({ label: `${field} = ${label}`, body: planted(base, field.split('.'), text), field })),
  );
}

/** Days that do not exist, and a year PostgreSQL cannot store: refused by the calendar-date schema, never rolled over. */
const IMPOSSIBLE_DATES = ['2026-02-30', '2026-02-31', '2025-02-29', '2026-04-31', '2026-13-01', '0000-01-01'];

/** A plausible body with each impossible date planted in each date field, nested ones included. */
export function impossibleDateBodies(schema: Schema): UncleanBody[] {
  const base = toSnakeCase(sampleValue(schema));
  const datePaths = stringPaths(base, '').filter(
    (path) => path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], base) === SAMPLE_DATE,
  );
  return datePaths.flatMap((field) =>
    IMPOSSIBLE_DATES.map((date) => ({ label: `${field} = ${date}`, body: planted(base, field.split('.'), date), field })),
  );
}

/** The largest value a number schema takes. */
const maxOf = (schema: Schema) => (unwrap(schema).core as unknown as { maxValue?: number }).maxValue;
const snakePath = (keys: string[]) => keys.map((k) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)).join('.');

interface AmountPair {
  path: string[];
  quantity: [key: string, max: number];
  price: [key: string, max: number];
}

/** A quantity and a unit price (…PriceFen) side by side in one object: their product is an amount. */
function amountPairs(schema: Schema, path: string[]): AmountPair[] {
  const def = defOf(unwrap(schema).core);
  if (def.type === 'array' && def.element) return amountPairs(def.element, [...path, '0']);
  const shape = objectShape(schema);
  if (!shape) return [];
  const bounded = (pattern: RegExp) =>
    Object.entries(shape).flatMap(([k, v]) => {
      const max = maxOf(v);
      return pattern.test(k) && max !== undefined && Number.isFinite(max) ? [[k, max] as [string, number]] : [];
    });
  const here = bounded(/quantity$/i).flatMap((quantity) => bounded(/PriceFen$/).map((price) => ({ path, quantity, price })));
  return [...here, ...Object.entries(shape).flatMap(([k, v]) => amountPairs(v, [...path, k]))];
}

export interface OverflowBody {
  label: string;
  body: unknown;
  /** The snake_case paths of the quantity and the price: the field error names one of them. */
  fields: string[];
}

/**
 * A plausible body with a quantity and a unit price both at their schema's maximum, for every such
 * pair: each within range, their product beyond any amount column.
 */
export function overflowBodies(schema: Schema): OverflowBody[] {
  const base = toSnakeCase(sampleValue(schema));
  return amountPairs(schema, []).map(({ path, quantity, price }) => {
    const fields = [snakePath([...path, quantity[0]]), snakePath([...path, price[0]])];
    const body = planted(planted(base, fields[0].split('.'), quantity[1]), fields[1].split('.'), price[1]);
    return { label: `${fields.join(' × ')} at their maximum`, body, fields };
  });
}
