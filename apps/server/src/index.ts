/**
 * What code outside the server may use (the bench): the database, the read functions whose
 * statements the bench replays, and the data board's aggregate statements. The rest of src/ is the
 * server's own and changes without notice; a new bench entry adds what it needs here.
 */
export { type Db, openDatabase, PG_SESSION_OPTIONS } from './db/client';
export * as schema from './db/schema';
export { nextCode } from './lib/records/codes';
export type { AuthedContext, AuthUser } from './lib/http/context';
export { listCommodities } from './modules/commodity/search/list';
export { addDays, shanghaiDay } from '@scm/contract';
export { period, previousPeriod } from './modules/data-board/period';
export {
  categoryAmountQuery,
  monthlyAwardQuery,
  planFunnelQuery,
  savingsTrendQuery,
  summaryQuery,
  supplierResponseQuery,
  topSuppliersQuery,
} from './modules/data-board/queries';
export { getPlan } from './modules/planning/queries';
export { listTasks } from './modules/procurement-task/queries';
export { getMaintainView } from './modules/procurement-task/service';
export { openPayableFen } from './modules/data-board/payables';
export { listOrders } from './modules/purchase-order/queries';
export { listShipments } from './modules/purchase-order/shipment';
export { listReturns } from './modules/purchase-return/queries';
export { listStatements } from './modules/supplier-statement/queries';
