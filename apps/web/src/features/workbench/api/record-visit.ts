import { workbenchApi } from '@scm/contract';
import { callApi } from '@/shared/http/api';

/** Counts one opening of a page for the workbench shortcuts; a failure only loses one count. */
export function recordVisit(key: string) {
  callApi(workbenchApi.visit, { key }).catch(() => {});
}
