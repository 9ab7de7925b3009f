import { ENABLED_STATUS_LABELS, ENABLEMENT_TRANSITIONS, type EnabledStatus, type EnablementAction, enablementActionAllowed } from '@scm/contract';
import { conflict } from '../http/errors';

/** The audit summary's verb of an action: 启用 / 停用. */
export const enablementVerb = (action: EnablementAction) => ENABLED_STATUS_LABELS[ENABLEMENT_TRANSITIONS[action].to];

/**
 * 启用 / 停用 of one record by the contract's ENABLEMENT_TRANSITIONS (docs/rules/vocabulary.md,
 * "Status machines"): the status `action` leads to, or a 409 naming the record's kind when the record
 * is already there ('分类已是停用状态'). Call it before anything is written; the area's own rules follow.
 */
export function enablementTarget(kind: string, action: EnablementAction, status: EnabledStatus): EnabledStatus {
  if (!enablementActionAllowed(action, status)) throw conflict(`${kind}已是${ENABLED_STATUS_LABELS[status]}状态`);
  return ENABLEMENT_TRANSITIONS[action].to;
}
