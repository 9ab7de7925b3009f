import { priceTemplateApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export const useTemplateOptions = () => useApiQuery(priceTemplateApi.options, { includeDisabled: true });
