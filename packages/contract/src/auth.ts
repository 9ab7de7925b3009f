import { z } from 'zod';
import { byIdRequest, emptyResponse, statusSchema } from './common';
import { endpoint } from './endpoint';
import { EMAIL_PATTERN, messages, PASSWORD_PATTERN } from './validation';

export const emailSchema = z
  .string(messages.emailRequired)
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .regex(EMAIL_PATTERN, messages.emailInvalid);

export const passwordSchema = z.string(messages.passwordRequired).min(1, messages.passwordRequired).max(128, '密码不能超过128个字符');
export const newPasswordSchema = z.string(messages.passwordRequired).regex(PASSWORD_PATTERN, messages.passwordPolicy);

export const loginRequest = z.strictObject({ email: emailSchema, password: passwordSchema });
export const loginResponse = z.object({ uId: z.number(), token: z.string() });

export const roleRefSchema = z.object({ id: z.number(), name: z.string(), code: z.string() });

export const backUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
  status: statusSchema,
  role: roleRefSchema,
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  createdAt: z.string(),
  /** The password was set by an administrator: the shell asks for a new one before anything else. */
  mustChangePassword: z.boolean(),
});
export type BackUser = z.infer<typeof backUserSchema>;

export const menuRecordSchema = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  key: z.string(),
  label: z.string(),
  path: z.string(),
  type: z.enum(['group', 'page', 'action']),
  icon: z.string().nullable(),
  sort: z.number(),
  isMenu: z.boolean(),
  status: statusSchema,
});

/** 数据范围 of a role (docs/rules/data-scope.md): `own` limits plans and procurement tasks to the user's own. */
export const dataScopeSchema = z.enum(['all', 'own'], '请选择数据范围');
export type DataScope = z.infer<typeof dataScopeSchema>;
export const DATA_SCOPE_LABELS: Record<DataScope, string> = { all: '全部数据', own: '仅本人' };

export const roleInfoResponse = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  dataScope: dataScopeSchema,
  permissionCodes: z.array(z.string()),
  menus: z.array(menuRecordSchema),
});

export const authApi = {
  login: endpoint('/admin/login', loginRequest, loginResponse),
  logout: endpoint('/admin/logout', z.strictObject({}), emptyResponse),
  backUserInfo: endpoint('/admin/back_user/info', byIdRequest, backUserSchema),
  roleInfo: endpoint('/admin/role/info', byIdRequest, roleInfoResponse),
};
