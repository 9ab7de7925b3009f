import { priceTemplateApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

/** The price templates to choose from: enabled ones for a new reference, every one where a user compares them. */
export const useTemplateOptions = ({ includeDisabled = false } = {}) =>
  useApiQuery(priceTemplateApi.options, includeDisabled ? { includeDisabled } : {}, { staleTime: 60_000 });
