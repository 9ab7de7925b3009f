import { companyInfoApi } from '@scm/contract';
import { useApiMutation, useApiQuery, type WriteOptions } from '@/shared/http/hooks';

export const useCompanyInfo = () => useApiQuery(companyInfoApi.info, {}, { staleTime: 0 });
export const useUpdateCompanyInfo = (options: WriteOptions<typeof companyInfoApi.update> = {}) =>
  useApiMutation(companyInfoApi.update, { successMessage: '保存成功', invalidates: [companyInfoApi.info], ...options });
