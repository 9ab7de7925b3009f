import { backUserApi, type EndpointBody } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export type BackUserListBody = EndpointBody<typeof backUserApi.list>;
export const useBackUserList = (body: BackUserListBody) => useApiQuery(backUserApi.list, body);
