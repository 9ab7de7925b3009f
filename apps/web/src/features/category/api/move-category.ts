import { categoryApi } from '@scm/contract';
import type { ApiError } from '@/shared/http/api';
import { useApiMutation } from '@/shared/http/hooks';

export const useMoveCategory = (onError?: (error: ApiError) => boolean | undefined) =>
  useApiMutation(categoryApi.move, { successMessage: '移动成功', invalidates: [categoryApi.list, categoryApi.options], onError });
