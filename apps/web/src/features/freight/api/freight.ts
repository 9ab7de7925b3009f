import { freightApi } from '@scm/contract';
import { useApiMutation, type WriteOptions } from '@/shared/http/hooks';

export const useEstimateFreight = (options: WriteOptions<typeof freightApi.estimate> = {}) => useApiMutation(freightApi.estimate, options);
export const useCompareFreight = (options: WriteOptions<typeof freightApi.compare> = {}) => useApiMutation(freightApi.compare, options);
