import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { api, creditCode } from './app';
import { shanghaiDay } from '@scm/contract';

const SUPPLIER_DEFAULTS = { contact_person: '孙经理', phone: '13800138000', region_code: '330100', settlement_type: 'monthly', grade: 'A' };

/**
 * A supplier made through the API for a test: its name, the first 17 characters of its credit code
 * (the check character is added) and any field that differs from the defaults. Returns its id.
 */
export async function createSupplier(
  request: APIRequestContext,
  token: string,
  { creditBody, ...fields }: { name: string; creditBody: string } & Record<string, unknown>,
): Promise<number> {
  const created = await api(request, token, '/admin/supplier/create', { ...SUPPLIER_DEFAULTS, credit_code: creditCode(creditBody), ...fields });
  expect(created.code, created.message).toBe(200);
  return created.data.id;
}

export interface PublishedTask {
  id: number;
  version: number;
  lines: { id: number }[];
}

/**
 * A procurement task made and published through the API, bought by the administrator and quoting
 * until tomorrow unless the body says otherwise. Unsealed by default: the tests that use it read
 * quotes while the task is quoting (sealed tasks: portal.spec.ts).
 */
export async function createPublishedTask(request: APIRequestContext, token: string, body: Record<string, unknown>): Promise<PublishedTask> {
  const task = await api(request, token, '/admin/procurement_task/create', {
    sealed: false,
    buyer_id: 1,
    quote_deadline: new Date(Date.now() + 86_400_000).toISOString(),
    ...body,
  });
  expect(task.code, task.message).toBe(200);
  const id = task.data.id as number;
  const draft = await api(request, token, '/admin/procurement_task/info', { id });
  const published = await api(request, token, '/admin/procurement_task/publish', { id, version: draft.data.version });
  expect(published.code, published.message).toBe(200);
  return (await api(request, token, '/admin/procurement_task/info', { id })).data;
}

/** Today's date in Beijing, as a quote's date. */
export const beijingToday = () => shanghaiDay(Date.now());

/** A quote typed in for a supplier through the API (代录): dated today, valid to 2099, freight by hand. */
export async function saveQuote(
  request: APIRequestContext,
  token: string,
  body: { task_id: number; supplier_id: number; freight_fen: number; lines: Record<string, unknown>[] } & Record<string, unknown>,
) {
  const saved = await api(request, token, '/admin/quotation/save', {
    quote_date: beijingToday(),
    valid_until: '2099-12-31',
    freight_mode: 'manual',
    ...body,
  });
  expect(saved.code, saved.message).toBe(200);
}
