/** Chinese names of the audit log's modules and actions, for "我的最近操作". */
const MODULES: Record<string, string> = {
  planning_task: '计划任务',
  procurement_task: '采购任务',
  quotation: '报价单',
  supplier: '供应商',
  commodity: '商品',
  category: '商品分类',
  price_template: '配送价格模板',
  dict_type: '数据字典',
  dict_item: '字典项',
  role: '角色',
  menu: '菜单',
  back_user: '用户',
};

const ACTIONS: Record<string, string> = {
  create: '新建',
  update: '编辑',
  delete: '删除',
  submit: '提交',
  approve: '审核通过',
  reject: '驳回',
  cancel: '作废',
  close: '关闭',
  generate: '生成采购任务',
  publish: '发布',
  close_quote: '关闭报价',
  complete: '完成',
  award: '定标',
  quote: '录入报价',
  decline: '放弃报价',
  enable: '启用',
  disable: '停用',
  move: '移动',
  import: '导入',
  export: '导出',
  reset_password: '重置密码',
  change_password: '修改密码',
};

export const moduleLabel = (module: string) => MODULES[module] ?? module;
export const actionLabel = (action: string) => ACTIONS[action] ?? action;
