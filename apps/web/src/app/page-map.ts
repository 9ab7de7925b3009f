import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '../shared/navigation/lazy-page';

type PageComponent = LazyExoticComponent<ComponentType>;

/**
 * Menu key → page component. The menu table decides labels, order and visibility; this map decides
 * what renders. A key without an entry shows the "功能建设中" notice.
 */
export const pageComponents: Record<string, PageComponent> = {
  basic: lazyPage(() => import('../features/workbench/pages/workbench-page')),
  commodityClassification: lazyPage(() => import('../features/category/pages/category-page')),
  commodityList: lazyPage(() => import('../features/commodity/pages/commodity-list-page')),
};
