import { type StatusMachine, transitionAllowed } from './status-machine';

// The one status machine of the records that only switch between 启用 and 停用 (roles, back users,
// categories, dictionary types and items, price templates, warehouses, commodities), apart from the
// schemas: pages read it without loading zod. Labels: ENABLED_STATUS_LABELS in audit.ts.

export const ENABLED_STATUSES = ['enabled', 'disabled'] as const;
export type EnabledStatus = (typeof ENABLED_STATUSES)[number];

/**
 * 启用 / 停用 (docs/rules/vocabulary.md, "Status machines"): each leads out of the other status
 * only, so switching a record to the status it already has is refused (409 '分类已是停用状态').
 * The area's own rules come after the table (a built-in role is never disabled).
 */
export const ENABLEMENT_TRANSITIONS = {
  enable: { from: ['disabled'], to: 'enabled' },
  disable: { from: ['enabled'], to: 'disabled' },
} as const satisfies StatusMachine<EnabledStatus>;
export type EnablementAction = keyof typeof ENABLEMENT_TRANSITIONS;

export const enablementActionAllowed = (action: EnablementAction, status: EnabledStatus) => transitionAllowed(ENABLEMENT_TRANSITIONS, action, status);
