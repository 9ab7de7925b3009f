import type { AuditVocabulary } from './audit';

// The portal areas' words (the operation log's vocabulary), apart from the schemas: the shell and the
// workbench read them without loading zod (docs/web-guide.md, "Loading").

export const PORTAL_ACCOUNT_STATUSES = ['pending', 'active', 'disabled'] as const;
export type PortalAccountStatus = (typeof PORTAL_ACCOUNT_STATUSES)[number];

export const PORTAL_ACCOUNT_STATUS_LABELS: Record<PortalAccountStatus, string> = { pending: '待激活', active: '已启用', disabled: '已停用' };

export const PORTAL_ACCOUNT_STATUS_COLORS: Record<PortalAccountStatus, string> = { pending: 'warning', active: 'success', disabled: 'default' };

export const PORTAL_ACCOUNT_AUDIT: AuditVocabulary = {
  module: 'portal_account',
  label: '门户账号',
  actions: {
    create: '开通门户账号',
    enable: '启用',
    disable: '停用',
    reissue: '重新生成激活链接',
    activate: '激活',
    login: '门户登录',
    login_failed: '门户登录失败',
    logout: '门户退出登录',
  },
  fields: { supplierId: '供应商', email: '邮箱', name: '姓名', phone: '联系电话' },
  values: { status: PORTAL_ACCOUNT_STATUS_LABELS },
  statusColors: PORTAL_ACCOUNT_STATUS_COLORS,
};

export const CLARIFICATION_AUDIT: AuditVocabulary = {
  module: 'clarification',
  label: '答疑',
  actions: { ask: '提问', answer: '答复' },
  fields: { taskId: '采购任务', supplierId: '供应商', question: '问题', answer: '答复' },
};
