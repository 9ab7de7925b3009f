import { type BoardFilter, dataBoardApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export const useBoardSummary = (filter: BoardFilter) => useApiQuery(dataBoardApi.summary, filter);
export const useMonthlyAward = (filter: BoardFilter) => useApiQuery(dataBoardApi.monthlyAward, filter);
export const useCategoryAmount = (filter: BoardFilter & { parentId?: number }) => useApiQuery(dataBoardApi.categoryAmount, filter);
export const useTopSuppliers = (filter: BoardFilter) => useApiQuery(dataBoardApi.topSuppliers, filter);
export const usePlanFunnel = (filter: BoardFilter) => useApiQuery(dataBoardApi.planFunnel, filter);
export const useSupplierResponse = (filter: BoardFilter) => useApiQuery(dataBoardApi.supplierResponse, filter);
export const useSavingsTrend = (filter: BoardFilter) => useApiQuery(dataBoardApi.savingsTrend, filter);
