import { workbenchApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';
import { callApi } from '@/shared/http/api';

export const useWorkbenchOverview = () => useApiQuery(workbenchApi.overview, {}, { refetchOnMount: 'always' });

/** Counts one opening of a page for the workbench shortcuts; a failure only loses one count. */
export function recordVisit(key: string) {
  callApi(workbenchApi.visit, { key }).catch(() => {});
}
