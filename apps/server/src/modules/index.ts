import type { AnyRoute } from '../lib/route';
import { authRoutes } from './auth/routes';
import { categoryRoutes } from './category/routes';
import { commodityRoutes } from './commodity/routes';
import { dictionaryRoutes } from './dictionary/routes';
import { freightRoutes } from './freight/routes';
import { priceTemplateRoutes } from './price-template/routes';
import { procurementTaskRoutes } from './procurement-task/routes';
import { regionRoutes } from './region/routes';
import { supplierRoutes } from './supplier/routes';

/** Every API route of the application; the authorization-matrix and bad-input tests walk this list. */
export const allRoutes: AnyRoute[] = [
  ...authRoutes,
  ...categoryRoutes,
  ...commodityRoutes,
  ...dictionaryRoutes,
  ...regionRoutes,
  ...priceTemplateRoutes,
  ...freightRoutes,
  ...supplierRoutes,
  ...procurementTaskRoutes,
];
