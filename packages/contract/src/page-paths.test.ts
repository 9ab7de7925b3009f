import { describe, expect, it } from 'vitest';
import { PORTAL_PAGES, portalPath, printPath } from './page-addresses';
import { detailPath, pagePath } from './page-paths';

describe('page paths from the menu tree', () => {
  it('finds a page of the tree and a page outside it by key', () => {
    expect(pagePath('planningTaskList')).toBe('/planningManagement/planningTaskList');
    expect(pagePath('basic')).toBe('/dashboard/basic');
    expect(pagePath('messageCenter')).toBe('/message/center');
  });

  it('adds the query, encoded, and leaves undefined values out', () => {
    expect(pagePath('procurementTaskList', { status: 'quoting', deadlineFrom: '2026-01-01T00:00:00+08:00', buyerId: undefined })).toBe(
      '/procurementManagement/procurementTaskList?status=quoting&deadlineFrom=2026-01-01T00%3A00%3A00%2B08%3A00',
    );
    expect(detailPath('purchaseOrderDetail', 7)).toBe('/procurementManagement/purchaseOrderDetail?id=7');
  });

  it('refuses a misspelt key at compile time', () => {
    // @ts-expect-error not a key of the menu tree
    pagePath('planningTaskLst');
  });
});

describe('portal and print addresses', () => {
  it('builds a portal page with its query and a print page for one record', () => {
    expect(portalPath('orderDetail', { id: 7 })).toBe('/portal/orders/detail?id=7');
    expect(portalPath('activate', { token: 'a+b' })).toBe('/portal/activate?token=a%2Bb');
    expect(printPath('purchaseOrder', 7)).toBe('/print/purchaseOrder?id=7');
  });

  it('keeps every portal page under /portal/', () => {
    for (const path of Object.values(PORTAL_PAGES)) expect(path).toMatch(/^\/portal\/[a-z]/);
  });
});
