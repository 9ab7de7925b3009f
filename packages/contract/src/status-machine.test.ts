import { describe, expect, it } from 'vitest';
import { ENABLED_STATUSES, ENABLEMENT_TRANSITIONS } from './enablement-vocabulary';
import { PLAN_STATUSES, PLAN_TRANSITIONS } from './planning-vocabulary';
import { PORTAL_ACCOUNT_STATUSES, PORTAL_ACCOUNT_TRANSITIONS } from './portal-vocabulary';
import { PROCUREMENT_STATUSES, PROCUREMENT_TRANSITIONS, SUPPLIER_STATUSES, SUPPLIER_STATUS_TRANSITIONS } from './procurement/vocabulary';
import {
  PURCHASE_ORDER_STATUSES,
  PURCHASE_ORDER_TRANSITIONS,
  PURCHASE_RECEIPT_STATUSES,
  PURCHASE_RECEIPT_TRANSITIONS,
} from './purchase-order-vocabulary';
import { PURCHASE_RETURN_STATUSES, PURCHASE_RETURN_TRANSITIONS } from './purchase-return-vocabulary';
import { SHIPMENT_STATUSES, SHIPMENT_TRANSITIONS } from './shipment-vocabulary';
import { type StatusMachine, transitionTargets } from './status-machine';
import { INVOICE_STATUSES, INVOICE_TRANSITIONS, STATEMENT_STATUSES, STATEMENT_TRANSITIONS } from './supplier-statement-vocabulary';

/** `initial`: the status a new document starts in, or each of them when it is born in more than one (a receipt, a mirror receipt). */
const areas: { name: string; statuses: readonly string[]; initial: string | readonly string[]; machine: StatusMachine<string> }[] = [
  { name: 'plan', statuses: PLAN_STATUSES, initial: 'draft', machine: PLAN_TRANSITIONS },
  { name: 'procurement task', statuses: PROCUREMENT_STATUSES, initial: 'draft', machine: PROCUREMENT_TRANSITIONS },
  { name: 'purchase order', statuses: PURCHASE_ORDER_STATUSES, initial: 'pending', machine: PURCHASE_ORDER_TRANSITIONS },
  { name: 'purchase receipt', statuses: PURCHASE_RECEIPT_STATUSES, initial: ['posted', 'reversal'], machine: PURCHASE_RECEIPT_TRANSITIONS },
  { name: 'purchase return', statuses: PURCHASE_RETURN_STATUSES, initial: 'pending', machine: PURCHASE_RETURN_TRANSITIONS },
  { name: 'shipment', statuses: SHIPMENT_STATUSES, initial: 'in_transit', machine: SHIPMENT_TRANSITIONS },
  { name: 'supplier statement', statuses: STATEMENT_STATUSES, initial: 'draft', machine: STATEMENT_TRANSITIONS },
  { name: 'portal account', statuses: PORTAL_ACCOUNT_STATUSES, initial: 'pending', machine: PORTAL_ACCOUNT_TRANSITIONS },
  { name: 'supplier invoice', statuses: INVOICE_STATUSES, initial: 'valid', machine: INVOICE_TRANSITIONS },
  { name: 'enabled or disabled record', statuses: ENABLED_STATUSES, initial: ['enabled', 'disabled'], machine: ENABLEMENT_TRANSITIONS },
  { name: 'supplier', statuses: SUPPLIER_STATUSES, initial: ['enabled', 'disabled', 'blacklisted'], machine: SUPPLIER_STATUS_TRANSITIONS },
];

/** Every status some chain of actions leads to from the one a new document starts in. */
function reachable(machine: StatusMachine<string>, initial: string | readonly string[]): Set<string> {
  const seen = new Set([initial].flat());
  for (let grew = true; grew; ) {
    grew = false;
    for (const transition of Object.values(machine)) {
      if (!transition.from.some((status) => seen.has(status))) continue;
      for (const target of transitionTargets(transition)) {
        if (!seen.has(target)) {
          seen.add(target);
          grew = true;
        }
      }
    }
  }
  return seen;
}

describe.each(areas)('$name status machine', ({ statuses, initial, machine }) => {
  it('starts and ends every action in a status of the area', () => {
    for (const status of [initial].flat()) expect(statuses).toContain(status);
    for (const [action, transition] of Object.entries(machine)) {
      expect(transition.from.length, action).toBeGreaterThan(0);
      for (const status of [...transition.from, ...transitionTargets(transition)]) expect(statuses, `${action}: ${status}`).toContain(status);
    }
  });

  it('reaches every status from the one a new document starts in', () => {
    expect([...reachable(machine, initial)].sort()).toEqual([...statuses].sort());
  });

  it('moves out of a status it changes (an action leading only to where it starts changes nothing)', () => {
    for (const [action, transition] of Object.entries(machine)) {
      const targets = transitionTargets(transition);
      // A return's 编辑 keeps 待供应商确认 and brings a disputed one back to it: one call, one action.
      if (targets.length === 1) expect(transition.from.filter((status) => status !== targets[0]).length, action).toBeGreaterThan(0);
    }
  });
});
