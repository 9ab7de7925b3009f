import type { z } from 'zod';

type Filled<I, C> = { [K in keyof I]-?: K extends keyof C ? Exclude<I[K], undefined> : I[K] };

/**
 * An update's left-out optional fields mean "unchanged" (docs/rules/codes-and-api.md, "Updates"):
 * every field of the update schema that the body left out and the record has as a column of the
 * same name takes the record's current value. Fields stored elsewhere (lines, category links…)
 * stay undefined; the service leaves those as they are.
 */
export function withCurrentValues<I extends object, C extends object>(schema: z.ZodObject, input: I, current: C): Filled<I, C> {
  const filled: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const key of Object.keys(schema.shape)) {
    if (filled[key] === undefined && key in current) filled[key] = (current as Record<string, unknown>)[key];
  }
  return filled as Filled<I, C>;
}
