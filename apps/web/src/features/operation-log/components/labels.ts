/** Chinese names of the modules and actions the audit log records; unknown ones show as recorded. */
const MODULES: Record<string, string> = {
  auth: '登录认证',
  back_user: '用户管理',
  role: '角色管理',
  menu: '菜单管理',
  planning_task: '计划任务',
  procurement_task: '采购任务',
  quotation: '报价',
  supplier: '供应商',
  commodity: '商品',
  category: '商品分类',
  price_template: '配送价格模板',
  dict_type: '数据字典',
  dict_item: '字典项',
  region: '行政区划',
};

const ACTIONS: Record<string, string> = {
  login: '登录',
  login_failed: '登录失败',
  logout: '退出登录',
  create: '新建',
  update: '编辑',
  delete: '删除',
  enable: '启用',
  disable: '停用',
  reset_password: '重置密码',
  change_password: '修改密码',
  change_password_failed: '修改密码失败',
  update_permissions: '分配权限',
  submit: '提交',
  approve: '审核通过',
  reject: '驳回',
  cancel: '作废',
  close: '关闭',
  publish: '发布',
  award: '定标',
  import: '导入',
  export: '导出',
};

export const moduleLabel = (module: string) => MODULES[module] ?? module;
export const actionLabel = (action: string) => ACTIONS[action] ?? action;
export const isFailure = (action: string) => action.endsWith('_failed');
