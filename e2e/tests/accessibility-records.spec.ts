import { detailPath, type PageKey, type PrintPage, printPath } from '@scm/contract';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { api, apiLogin, expectAccessible, login, screenshot } from '../support/app';

/**
 * The pages outside the menu that open one record, and the papers printed from them, each checked
 * with axe on a record of the demo data (the menu pages: accessibility.spec.ts).
 */
interface RecordPage {
  list: string;
  /** Only records in one of these statuses, where the page shows the most. */
  statuses?: string[];
  detail: PageKey;
  print?: PrintPage;
}

const RECORD_PAGES: RecordPage[] = [
  { list: '/admin/planning_task/list', detail: 'planningTaskDetail' },
  { list: '/admin/procurement_task/list', statuses: ['awarded', 'completed'], detail: 'procurementTaskMaintain', print: 'comparison' },
  { list: '/admin/purchase_order/list', detail: 'purchaseOrderDetail', print: 'purchaseOrder' },
  { list: '/admin/purchase_return/list', detail: 'purchaseReturnDetail', print: 'purchaseReturn' },
  { list: '/admin/supplier_statement/list', detail: 'supplierStatementDetail', print: 'supplierStatement' },
  { list: '/admin/dict_type/list', detail: 'dataDictionaryDetail' },
];

async function firstRecordId(request: APIRequestContext, token: string, { list, statuses }: RecordPage): Promise<number> {
  const answer = await api(request, token, list, { page: 1, page_size: 50 });
  const rows = answer.data.list as { id: number; status?: string }[];
  const row = rows.find((r) => !statuses || statuses.includes(r.status ?? ''));
  expect(row, `${list} has a demo record${statuses ? ` in ${statuses.join('/')}` : ''}`).toBeTruthy();
  return row!.id;
}

for (const record of RECORD_PAGES) {
  test(`${record.detail}${record.print ? ` and its printed ${record.print}` : ''}: no serious accessibility violation`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const id = await firstRecordId(request, await apiLogin(request), record);
    await login(page);
    const detail = detailPath(record.detail, id);
    await page.goto(detail);
    await expect(page.locator('.shell-sider')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.ant-skeleton-active, .ant-spin-spinning')).toHaveCount(0);
    await expectAccessible(page, detail);
    if (!record.print) return;
    const paper = printPath(record.print, id);
    await page.goto(paper);
    await expect(page.locator('.print-sheet')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, paper);
    await screenshot(page, `accessibility-print-${record.print}`);
  });
}
