import { freightApi } from '@scm/contract';
import type { ApiError } from '@/shared/http/api';
import { useApiMutation } from '@/shared/http/hooks';

type Options = { onError?: (error: ApiError) => boolean | undefined };

export const useEstimateFreight = (options: Options = {}) => useApiMutation(freightApi.estimate, options);
export const useCompareFreight = (options: Options = {}) => useApiMutation(freightApi.compare, options);
