/** The fields that changed between two snapshots, as the before/after pair an audit row keeps. */
export function auditDiff<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const from: Record<string, unknown> = {};
  const to: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(value)) continue;
    from[key] = before[key] ?? null;
    to[key] = value;
  }
  return { before: from, after: to };
}
