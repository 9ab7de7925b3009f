import { type LazyPage, lazyPage } from '@/shared/navigation/lazy-page';

type PageComponent = LazyPage;

/**
 * Menu key → page component. The menu table decides labels, order and visibility; this map decides
 * what renders. A key without an entry has no page (the 404 screen).
 */
export const pageComponents: Record<string, PageComponent> = {
  basic: lazyPage(() => import('@/features/workbench/pages/workbench-page')),
  dataBoard: lazyPage(() => import('@/features/data-board/pages/data-board-page')),
  planningTaskList: lazyPage(() => import('@/features/planning/pages/plan-list-page')),
  planningTaskDetail: lazyPage(() => import('@/features/planning/pages/plan-detail-page')),
  roleManagement: lazyPage(() => import('@/features/role/pages/role-management-page')),
  menuManagement: lazyPage(() => import('@/features/menu/pages/menu-management-page')),
  userManagement: lazyPage(() => import('@/features/back-user/pages/user-management-page')),
  operationLog: lazyPage(() => import('@/features/operation-log/pages/operation-log-page')),
  dataDictionary: lazyPage(() => import('@/features/dictionary/pages/dictionary-list-page')),
  dataDictionaryDetail: lazyPage(() => import('@/features/dictionary/pages/dictionary-detail-page')),
  priceModel: lazyPage(() => import('@/features/price-template/pages/price-template-list-page')),
  warehouse: lazyPage(() => import('@/features/warehouse/pages/warehouse-list-page')),
  companyInfo: lazyPage(() => import('@/features/warehouse/pages/company-info-page')),
  costCalculate: lazyPage(() => import('@/features/freight/pages/cost-calculate-page')),
  supplierManagement: lazyPage(() => import('@/features/procurement/pages/supplier-list-page')),
  procurementTaskList: lazyPage(() => import('@/features/procurement/pages/procurement-task-list-page')),
  procurementTaskMaintain: lazyPage(() => import('@/features/procurement/pages/procurement-task-maintain-page')),
  commodityClassification: lazyPage(() => import('@/features/category/pages/category-page')),
  commodityList: lazyPage(() => import('@/features/commodity/pages/commodity-list-page')),
  messageCenter: lazyPage(() => import('@/features/message/pages/message-center-page')),
  purchaseOrderList: lazyPage(() => import('@/features/purchase-order/pages/purchase-order-list-page')),
  purchaseOrderDetail: lazyPage(() => import('@/features/purchase-order/pages/purchase-order-detail-page')),
  purchaseReturnList: lazyPage(() => import('@/features/purchase-order/pages/purchase-return-list-page')),
  purchaseReturnDetail: lazyPage(() => import('@/features/purchase-order/pages/purchase-return-detail-page')),
  supplierStatementList: lazyPage(() => import('@/features/supplier-statement/pages/supplier-statement-list-page')),
  supplierStatementDetail: lazyPage(() => import('@/features/supplier-statement/pages/supplier-statement-detail-page')),
};

/**
 * Menu key → a request a page needs first, started from the URL query as soon as the shell knows
 * the page, in parallel with the page's chunk rather than after it (docs/web-guide.md "Loading").
 */
export const pageDataPrefetch: Record<string, (search: string) => void> = {
  commodityList: (search) => {
    import('@/features/commodity/api/commodity').then(
      (list) => list.prefetchCommodityList(search),
      () => {},
    );
  },
};
