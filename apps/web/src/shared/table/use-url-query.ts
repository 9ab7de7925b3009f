import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/** What a list page keeps in the URL: usually the contract's list request schema itself. */
type UrlQuerySchema = z.ZodObject;

/** A write to the URL: any value is accepted here because every read validates it again. */
type UrlQueryPatch<S extends UrlQuerySchema> = { [K in keyof z.output<S>]?: string | number | boolean | null | undefined };

type Defaults<S extends UrlQuerySchema> = { [K in keyof z.output<S>]?: z.output<S>[K] };

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** The ways one URL string can stand for a field's value: as written, as a number, as a boolean. */
function readings(raw: string): unknown[] {
  const result: unknown[] = [raw];
  if (NUMERIC.test(raw)) result.push(Number(raw));
  if (raw === 'true' || raw === 'false') result.push(raw === 'true');
  return result;
}

/** Each field's value when the URL does not hold it: the page's own default, else the schema's (page 1, page size 20). */
function urlQueryDefaults<S extends UrlQuerySchema>(schema: S, defaults: Defaults<S> = {}): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const own = (defaults as Record<string, unknown>)[name];
    if (own !== undefined) result[name] = own;
    else {
      const parsed = field.safeParse(undefined);
      if (parsed.success && parsed.data !== undefined) result[name] = parsed.data;
    }
  }
  return result;
}

/**
 * The typed query a URL string gives for a schema. Each field is checked on its own with the
 * field's schema: a value it refuses (an unknown status, a sort field the list does not allow,
 * "abc" for an id) or an empty one is dropped, leaving the default, so the request never carries it.
 */
export function readUrlQuery<S extends UrlQuerySchema>(schema: S, search: string, defaults: Defaults<S> = {}): z.output<S> {
  const shape = schema.shape as Record<string, z.ZodType>;
  const result = urlQueryDefaults(schema, defaults);
  for (const [name, raw] of new URLSearchParams(search)) {
    const field = shape[name];
    if (!field || raw.trim() === '') continue;
    for (const candidate of readings(raw)) {
      const parsed = field.safeParse(candidate);
      if (parsed.success && parsed.data !== '') {
        result[name] = parsed.data;
        break;
      }
    }
  }
  return result as z.output<S>;
}

/**
 * Writes a patch into the URL query (replacing the history entry): a value that is empty, undefined
 * or equal to its default in `initial` leaves the URL. Shared by useUrlQuery and useUrlState.
 */
export function useUrlWriter<P extends Record<string, unknown>>(initial: Record<string, unknown>) {
  const [, setParams] = useSearchParams();
  const update = useCallback(
    (patch: P) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(patch)) {
            const base = initial[name];
            if (value === undefined || value === null || value === '' || (base !== undefined && String(value) === String(base))) next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams, initial],
  );
  const reset = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  return [update, reset] as const;
}

/**
 * A list page's filters, paging and sorting kept in the URL query (docs/rules/codes-and-api.md,
 * "Paged lists"), so a tab reopens where it was. `schema` is the list's request schema from the
 * contract (or one built from its fields); the state comes back typed and validated, ready to send.
 * `defaults` overrides the schema's defaults for this page; a value equal to its default, empty or
 * undefined leaves the URL.
 */
export function useUrlQuery<S extends UrlQuerySchema>(schema: S, defaults: Defaults<S> = {}) {
  const [params] = useSearchParams();
  const key = params.toString();
  // The schema and defaults are fixed per page: kept from the first render so they never re-trigger the hooks.
  const fixed = useRef({ schema, defaults, initial: urlQueryDefaults(schema, defaults) });

  const state = useMemo(() => readUrlQuery(fixed.current.schema, key, fixed.current.defaults), [key]);

  const [update, reset] = useUrlWriter<UrlQueryPatch<S>>(fixed.current.initial);
  return [state, update, reset] as const;
}
