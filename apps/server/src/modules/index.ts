import type { AnyRoute } from '../lib/http/route';
import { authRoutes } from './auth/routes';
import { backUserRoutes } from './back-user/routes';
import { categoryRoutes } from './category/routes';
import { commodityRoutes } from './commodity/routes';
import { dictionaryRoutes } from './dictionary/routes';
import { freightRoutes } from './freight/routes';
import { menuRoutes } from './menu/routes';
import { operationLogRoutes } from './operation-log/routes';
import { planGenerationRoutes } from './plan-generation/routes';
import { planningRoutes } from './planning/routes';
import { priceTemplateRoutes } from './price-template/routes';
import { procurementTaskRoutes } from './procurement-task/routes';
import { regionRoutes } from './region/routes';
import { roleRoutes } from './role/routes';
import { dataBoardRoutes } from './data-board/routes';
import { workbenchRoutes } from './workbench/routes';
import { supplierRoutes } from './supplier/routes';
import { messageRoutes, portalMessageRoutes } from './message/routes';
import { portalPurchaseOrderRoutes, purchaseOrderRoutes } from './purchase-order/routes';
import { portalPurchaseReturnRoutes, purchaseReturnRoutes } from './purchase-return/routes';
import { portalAdminRoutes, portalRoutes } from './portal/routes';
import { warehouseRoutes } from './warehouse/routes';
import { companyInfoRoutes } from './company-info/routes';
import { portalStatementRoutes, supplierStatementRoutes } from './supplier-statement/routes';

/** Every API route of the application; the authorization-matrix and bad-input tests walk this list. */
export const allRoutes: AnyRoute[] = [
  ...authRoutes,
  ...roleRoutes,
  ...menuRoutes,
  ...backUserRoutes,
  ...operationLogRoutes,
  ...categoryRoutes,
  ...commodityRoutes,
  ...planningRoutes,
  ...dictionaryRoutes,
  ...regionRoutes,
  ...priceTemplateRoutes,
  ...warehouseRoutes,
  ...companyInfoRoutes,
  ...freightRoutes,
  ...dataBoardRoutes,
  ...workbenchRoutes,
  ...supplierRoutes,
  ...procurementTaskRoutes,
  ...planGenerationRoutes,
  ...messageRoutes,
  ...purchaseOrderRoutes,
  ...purchaseReturnRoutes,
  ...supplierStatementRoutes,
  ...portalAdminRoutes,
  ...portalRoutes,
  ...portalPurchaseOrderRoutes,
  ...portalPurchaseReturnRoutes,
  ...portalMessageRoutes,
  ...portalStatementRoutes,
];
