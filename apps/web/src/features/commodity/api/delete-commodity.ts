import { commodityApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';

export const useDeleteCommodity = () => useApiMutation(commodityApi.delete, { successMessage: '删除成功', invalidates: [commodityApi.list] });
