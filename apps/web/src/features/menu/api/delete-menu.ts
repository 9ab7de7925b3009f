import { menuApi } from '@scm/contract';
import { useApiMutation } from '@/shared/http/hooks';

export const useDeleteMenu = () => useApiMutation(menuApi.delete, { successMessage: '删除成功', invalidates: [menuApi.list] });
