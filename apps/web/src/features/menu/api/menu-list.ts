import { menuApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export const useMenuList = () => useApiQuery(menuApi.list, {});
