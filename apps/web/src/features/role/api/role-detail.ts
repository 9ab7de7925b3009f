import { roleApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export const useRoleDetail = (id: number | undefined) =>
  useApiQuery(roleApi.detail, { id: id ?? 0 }, { enabled: id !== undefined, placeholderData: undefined });
