import { type AuditVocabulary, ENABLED_STATUS_COLORS, enabledStatusValues } from './audit';
import { PERMISSION_CODE_LABELS } from './menu';

// The access areas' words (the operation log's vocabulary), apart from the schemas: the shell and the
// workbench read them without loading zod (docs/web-guide.md, "Loading").

/** The role area as the operation log and the workbench show it (docs/rules/vocabulary.md). */
export const ROLE_AUDIT: AuditVocabulary = {
  module: 'role',
  label: '角色管理',
  actions: { create: '新建', update: '编辑', update_permissions: '分配权限', enable: '启用', disable: '停用', delete: '删除' },
  fields: {
    name: '角色名称',
    code: '角色编码',
    description: '描述',
    dataScope: '数据范围',
    permissionCodes: '权限编码',
    added: '新增权限',
    removed: '移除权限',
  },
  values: {
    ...enabledStatusValues,
    dataScope: { all: '全部数据', own: '仅本人' },
    permissionCodes: PERMISSION_CODE_LABELS,
    added: PERMISSION_CODE_LABELS,
    removed: PERMISSION_CODE_LABELS,
  },
  statusColors: ENABLED_STATUS_COLORS,
};

/** The menu area as the operation log and the workbench show it (docs/rules/vocabulary.md). */
export const MENU_AUDIT: AuditVocabulary = {
  module: 'menu',
  label: '菜单管理',
  actions: { create: '新增操作项', update: '编辑', delete: '删除操作项' },
  fields: {
    key: '菜单编码',
    label: '菜单名称',
    path: '路径',
    type: '类型',
    icon: '图标',
    isMenu: '菜单中显示',
    parentId: '上级菜单',
    roleIds: '持有角色',
  },
  values: { ...enabledStatusValues, type: { group: '目录', page: '页面', action: '操作' } },
  statusColors: ENABLED_STATUS_COLORS,
};

/** The user area as the operation log and the workbench show it (docs/rules/vocabulary.md). */
export const BACK_USER_AUDIT: AuditVocabulary = {
  module: 'back_user',
  label: '用户管理',
  actions: {
    create: '新建',
    update: '编辑',
    enable: '启用',
    disable: '停用',
    reset_password: '重置密码',
    change_password: '修改密码',
    change_password_failed: '修改密码失败',
    delete: '删除',
  },
  fields: {
    email: '邮箱',
    username: '用户名',
    roleId: '角色',
    phone: '手机号',
    lastLoginAt: '最后登录时间',
    lastLoginIp: '最后登录IP',
  },
  values: enabledStatusValues,
  statusColors: ENABLED_STATUS_COLORS,
};

/** Sign-ins and sign-outs as the operation log shows them (docs/rules/vocabulary.md). */
export const AUTH_AUDIT: AuditVocabulary = {
  module: 'auth',
  label: '登录认证',
  actions: { login: '登录', login_failed: '登录失败', logout: '退出登录' },
  fields: {},
};
