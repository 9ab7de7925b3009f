import { type EndpointBody, roleApi } from '@scm/contract';
import { useApiQuery } from '@/shared/http/hooks';

export type RoleListBody = EndpointBody<typeof roleApi.list>;
export const useRoleList = (body: RoleListBody) => useApiQuery(roleApi.list, body);
