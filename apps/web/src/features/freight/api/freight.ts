import { freightApi, priceTemplateApi } from '@scm/contract';
import { useApiMutation, useApiQuery } from '../../../shared/http/hooks';

export const useTemplateOptions = () => useApiQuery(priceTemplateApi.options, { includeDisabled: true });
export const useEstimateFreight = () => useApiMutation(freightApi.estimate);
export const useCompareFreight = () => useApiMutation(freightApi.compare);
