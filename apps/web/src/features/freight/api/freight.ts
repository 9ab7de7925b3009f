import { freightApi, priceTemplateApi } from '@scm/contract';
import type { ApiError } from '@/shared/http/api';
import { useApiMutation, useApiQuery } from '@/shared/http/hooks';

export const useTemplateOptions = () => useApiQuery(priceTemplateApi.options, { includeDisabled: true });
type Options = { onError?: (error: ApiError) => boolean | undefined };

export const useEstimateFreight = (options: Options = {}) => useApiMutation(freightApi.estimate, options);
export const useCompareFreight = (options: Options = {}) => useApiMutation(freightApi.compare, options);
