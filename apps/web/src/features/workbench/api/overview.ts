import { workbenchApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export const useWorkbenchOverview = () => useApiQuery(workbenchApi.overview, {}, { refetchOnMount: 'always' });
