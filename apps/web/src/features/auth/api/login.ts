import type { BackUser, EndpointData, authApi } from '@scm/contract';
import { post } from '@/shared/http/client';

type LoginData = EndpointData<typeof authApi.login>;
type RoleInfoData = EndpointData<typeof authApi.roleInfo>;

export const requestLogin = (email: string, password: string) => post<LoginData>('/admin/login', { email, password });
export const requestBackUserInfo = (id: number) => post<BackUser>('/admin/back_user/info', { id });
export const requestRoleInfo = (id: number) => post<RoleInfoData>('/admin/role/info', { id });
export const requestLogout = () => post<null>('/admin/logout', {});
