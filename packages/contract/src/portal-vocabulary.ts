import type { AuditVocabulary } from './audit';
import { type StatusMachine, transitionAllowed } from './status-machine';

// The portal areas' words (the operation log's vocabulary), apart from the schemas: the shell and the
// workbench read them without loading zod (docs/web-guide.md, "Loading").

export const PORTAL_ACCOUNT_STATUSES = ['pending', 'active', 'disabled'] as const;
export type PortalAccountStatus = (typeof PORTAL_ACCOUNT_STATUSES)[number];

export const PORTAL_ACCOUNT_STATUS_LABELS: Record<PortalAccountStatus, string> = { pending: '待激活', active: '已启用', disabled: '已停用' };

export const PORTAL_ACCOUNT_STATUS_COLORS: Record<PortalAccountStatus, string> = { pending: 'warning', active: 'success', disabled: 'default' };

/**
 * What staff do to a portal account (docs/portal.md, "Accounts"): 启用 leads back to 已启用, or to
 * 待激活 when no password was ever set; 重新生成激活链接 takes an active account back to 待激活. The
 * supplier's own 激活 is not here: it is reached by the link, whose token is the state it checks.
 */
export const PORTAL_ACCOUNT_TRANSITIONS = {
  disable: { from: ['pending', 'active'], to: 'disabled' },
  enable: { from: ['disabled'], to: ['active', 'pending'] },
  reissue: { from: ['pending', 'active'], to: 'pending' },
} as const satisfies StatusMachine<PortalAccountStatus>;
export type PortalAccountAction = keyof typeof PORTAL_ACCOUNT_TRANSITIONS;

export const portalAccountActionAllowed = (action: PortalAccountAction, status: PortalAccountStatus) =>
  transitionAllowed(PORTAL_ACCOUNT_TRANSITIONS, action, status);

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
