import { asc, type Column, desc, type SQL } from 'drizzle-orm';

export interface PageInput {
  page: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
}

export const pageOffset = (input: PageInput) => (input.page - 1) * input.pageSize;

/** ORDER BY from a whitelisted sort field (the contract's enum) with a stable id tie-breaker. */
export function orderBy(input: PageInput, columns: Record<string, Column>, fallback: SQL[], idColumn: Column): SQL[] {
  const column = input.sortField ? columns[input.sortField] : undefined;
  if (!column) return [...fallback, desc(idColumn)];
  return [input.sortOrder === 'descend' ? desc(column) : asc(column), asc(idColumn)];
}

export function pageResult<T>(list: T[], total: number, input: PageInput) {
  return { list, total, page: input.page, pageSize: input.pageSize };
}
