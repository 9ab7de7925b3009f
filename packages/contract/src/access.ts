import { z } from 'zod';
import { backUserSchema, dataScopeSchema, emailSchema, menuRecordSchema, newPasswordSchema, passwordSchema } from './auth';
import {
  byIdVersionRequest,
  dateTime,
  emptyResponse,
  idResponse,
  idSchema,
  multilineText,
  optionSchema,
  optionsResponse,
  pageRequest,
  pageResponse,
  requiredText,
  statusSchema,
  text,
  versionSchema,
  updateFields,
} from './common';
import { endpoint } from './endpoint';
import { messages } from './validation';

/** Codes a user needs to manage roles and users; the server keeps at least one enabled user holding all of them. */
export const ACCESS_MANAGER_CODES = [
  'roleManagement',
  'roleManagement:edit',
  'userManagement',
  'userManagement:edit',
  'userManagement:status',
] as const;

/** What it takes to manage the menu table: its page and its edit action. */
export const MENU_MANAGER_CODES = ['menuManagement', 'menuManagement:edit'] as const;
/**
 * The codes that let someone undo a mistake in access or menus: none of their entries can be
 * disabled, the built-in role keeps them, and some enabled user must always hold each set
 * (docs/access-management.md).
 */
export const ADMINISTRATION_CODES = [...ACCESS_MANAGER_CODES, ...MENU_MANAGER_CODES] as const;

/** The built-in 超级管理员 role's code, which never changes: its holders are the super admins. */
export const SUPER_ADMIN_ROLE_CODE = 'admin';

const keyword = text('关键字', 100).optional();
const sortSchema = z.int('排序必须是整数').min(0, '排序不能小于0').max(9999, '排序不能超过9999');
const permissionCodesSchema = z.array(z.string().min(1).max(100), '权限编码必须是列表').max(1000, '权限编码过多');

// ─── Roles ──────────────────────────────────────────────────────────────────

export const roleCodeSchema = z
  .string('请输入角色编码')
  .trim()
  .min(1, '请输入角色编码')
  .max(50, '角色编码不能超过50个字符')
  .regex(/^[a-zA-Z][a-zA-Z0-9_]*$/, '角色编码以字母开头，只能包含字母、数字和下划线');

export const roleSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  sort: z.number(),
  status: statusSchema,
  dataScope: dataScopeSchema,
  builtIn: z.boolean(),
  userCount: z.number(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleListRequest = pageRequest(['name', 'code', 'sort', 'createdAt', 'updatedAt']).extend({
  keyword,
  status: statusSchema.optional(),
});

const roleFields = {
  name: requiredText('角色名称', 50),
  code: roleCodeSchema,
  description: multilineText('描述', 200).optional(),
  sort: sortSchema.default(0),
  status: statusSchema.default('enabled'),
};
/** Left out on create: 全部数据, as before the field existed; left out on update: unchanged. */
export const roleCreateRequest = z.strictObject({
  ...roleFields,
  dataScope: dataScopeSchema.default('all'),
  permissionCodes: permissionCodesSchema.default([]),
});
export const roleUpdateRequest = z.strictObject({
  id: idSchema,
  version: versionSchema,
  ...updateFields(roleFields),
  dataScope: dataScopeSchema.optional(),
});
export const rolePermissionsRequest = z.strictObject({
  id: idSchema,
  version: versionSchema,
  permissionCodes: permissionCodesSchema,
});
export const roleDetailResponse = roleSchema.extend({ permissionCodes: z.array(z.string()) });

/** `assignable`: the caller may give this role to a user (the grant ceiling, docs/access-management.md). */
export const roleOptionsResponse = z.array(optionSchema.extend({ assignable: z.boolean() }));

export const roleApi = {
  list: endpoint('/admin/role/list', roleListRequest, pageResponse(roleSchema)),
  options: endpoint('/admin/role/options', z.strictObject({}), roleOptionsResponse),
  detail: endpoint('/admin/role/detail', z.strictObject({ id: idSchema }), roleDetailResponse),
  create: endpoint('/admin/role/create', roleCreateRequest, idResponse),
  update: endpoint('/admin/role/update', roleUpdateRequest, emptyResponse),
  updatePermissions: endpoint('/admin/role/update_permissions', rolePermissionsRequest, emptyResponse),
  enable: endpoint('/admin/role/enable', byIdVersionRequest, emptyResponse),
  disable: endpoint('/admin/role/disable', byIdVersionRequest, emptyResponse),
  delete: endpoint('/admin/role/delete', byIdVersionRequest, emptyResponse),
};

// ─── Menus ──────────────────────────────────────────────────────────────────

export const menuRowSchema = menuRecordSchema.extend({ builtIn: z.boolean(), version: z.number(), updatedAt: z.string() });
export type MenuRow = z.infer<typeof menuRowSchema>;

export const iconSchema = z
  .string()
  .trim()
  .max(50, '图标名称不能超过50个字符')
  .regex(/^([A-Z][A-Za-z0-9]*)?$/, '图标名称应为 Ant Design 图标名，如 HomeOutlined');

export const menuUpdateRequest = z.strictObject({
  id: idSchema,
  version: versionSchema,
  label: requiredText('菜单名称', 30),
  icon: iconSchema.optional(),
  sort: sortSchema,
  isMenu: z.boolean('请选择是否在菜单中显示'),
  status: statusSchema,
});

export const actionNameSchema = z
  .string('请输入操作编码')
  .trim()
  .min(1, '请输入操作编码')
  .max(40, '操作编码不能超过40个字符')
  .regex(/^[a-z][a-zA-Z0-9]*$/, '操作编码以小写字母开头，只能包含字母和数字（如 audit）');

export const menuCreateActionRequest = z.strictObject({
  parentId: idSchema,
  action: actionNameSchema,
  label: requiredText('操作名称', 30),
  sort: sortSchema.default(0),
});

export const menuApi = {
  list: endpoint('/admin/menu/list', z.strictObject({}), z.array(menuRowSchema)),
  update: endpoint('/admin/menu/update', menuUpdateRequest, emptyResponse),
  createAction: endpoint('/admin/menu/create_action', menuCreateActionRequest, idResponse),
  delete: endpoint('/admin/menu/delete', byIdVersionRequest, emptyResponse),
};

// ─── Back users ─────────────────────────────────────────────────────────────

export const phoneSchema = z
  .string()
  .trim()
  .regex(/^(1\d{10})?$/, '请输入11位手机号');

/**
 * `superAdmin`: the user's role is the built-in 超级管理员. `manageable`: the caller may edit, reset,
 * enable / disable or delete this account (the grant ceiling, docs/access-management.md).
 */
export const backUserRowSchema = backUserSchema.extend({
  superAdmin: z.boolean(),
  manageable: z.boolean(),
  version: z.number(),
  updatedAt: z.string(),
});
export type BackUserRow = z.infer<typeof backUserRowSchema>;

export const backUserListRequest = pageRequest(['email', 'username', 'lastLoginAt', 'createdAt']).extend({
  keyword,
  roleId: idSchema.optional(),
  status: statusSchema.optional(),
});

const userFields = {
  email: emailSchema,
  username: requiredText('用户名', 30),
  phone: phoneSchema.optional(),
  roleId: idSchema,
};

export const backUserCreateRequest = z.strictObject({
  ...userFields,
  status: statusSchema.default('enabled'),
  /** Left out: the server generates one and answers it once. */
  password: newPasswordSchema.optional(),
});
export const backUserCreateResponse = z.object({ id: z.number(), password: z.string().nullable() });

export const backUserUpdateRequest = z.strictObject({ id: idSchema, version: versionSchema, ...userFields });

export const resetPasswordRequest = z.strictObject({
  id: idSchema,
  version: versionSchema,
  password: newPasswordSchema.optional(),
});
export const resetPasswordResponse = z.object({ password: z.string().nullable() });

export const changePasswordRequest = z
  .strictObject({
    oldPassword: passwordSchema,
    newPassword: newPasswordSchema,
    confirmPassword: z.string(messages.passwordRequired).min(1, '请再次输入新密码').max(128),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: '两次输入的新密码不一致' })
  .refine((v) => v.newPassword !== v.oldPassword, { path: ['newPassword'], message: '新密码不能与原密码相同' });

/** The codes a procurement task's buyer must hold: open the task list and work a task's quotes. */
export const BUYER_PERMISSION_CODES = ['procurementTaskList', 'procurementTaskMaintain'] as const;
/** The code a plan's owner must hold: open the plan list. */
export const PLAN_OWNER_PERMISSION_CODES = ['planningTaskList'] as const;

/**
 * `enabledOnly` for pickers that assign a user; filters keep disabled users so old records stay
 * findable. `permissionCodes` offers only the users who may be given such work: enabled, their role
 * enabled and granting every one of the codes (a task's buyer, a plan's owner).
 */
export const backUserOptionsRequest = z.strictObject({
  enabledOnly: z.boolean().optional(),
  permissionCodes: z
    .array(z.string('权限编码必须是文本').min(1, '权限编码不能为空').max(100, '权限编码过长'), '权限编码必须是列表')
    .max(20, '权限编码过多')
    .optional(),
});

export const backUserApi = {
  list: endpoint('/admin/back_user/list', backUserListRequest, pageResponse(backUserRowSchema)),
  options: endpoint('/admin/back_user/options', backUserOptionsRequest, optionsResponse),
  create: endpoint('/admin/back_user/create', backUserCreateRequest, backUserCreateResponse),
  update: endpoint('/admin/back_user/update', backUserUpdateRequest, emptyResponse),
  enable: endpoint('/admin/back_user/enable', byIdVersionRequest, emptyResponse),
  disable: endpoint('/admin/back_user/disable', byIdVersionRequest, emptyResponse),
  resetPassword: endpoint('/admin/back_user/reset_password', resetPasswordRequest, resetPasswordResponse),
  delete: endpoint('/admin/back_user/delete', byIdVersionRequest, emptyResponse),
  changePassword: endpoint('/admin/back_user/change_password', changePasswordRequest, emptyResponse),
};

// ─── Operation log ──────────────────────────────────────────────────────────

const timeSchema = dateTime('时间格式有误');

export const operationLogSchema = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  ip: z.string().nullable(),
  module: z.string(),
  action: z.string(),
  recordId: z.string().nullable(),
  summary: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type OperationLog = z.infer<typeof operationLogSchema>;

export const operationLogListRequest = pageRequest(['createdAt']).extend({
  userId: idSchema.optional(),
  module: text('模块', 50).optional(),
  action: text('操作', 50).optional(),
  keyword,
  startTime: timeSchema.optional(),
  endTime: timeSchema.optional(),
});

export const operationLogFiltersResponse = z.object({ modules: z.array(z.string()), actions: z.array(z.string()) });

export const operationLogApi = {
  list: endpoint('/admin/operation_log/list', operationLogListRequest, pageResponse(operationLogSchema)),
  filters: endpoint('/admin/operation_log/filters', z.strictObject({}), operationLogFiltersResponse),
};
