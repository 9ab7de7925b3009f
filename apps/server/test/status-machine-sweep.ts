import { type StatusMachine, transitionAllowed, transitionTargets } from '@scm/contract';
import { count } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { auditLogs } from '../src/db/schema';
import type { ApiAnswer } from './helpers';

/**
 * The one sweep every status machine gets (docs/how-to.md, "A status machine"): for each status
 * × action of the contract's table, a fresh record is built in that status and the action called.
 * Allowed → code 200 (and the record lands in one of the action's targets); refused → code 409
 * with the record's rows exactly as before. Any other code, a 500 above all, fails the case.
 */
export interface StatusMachineSweep<S extends string, A extends string, R> {
  /** The contract's table, `{ action: { from, to } }`. */
  machine: StatusMachine<S, A>;
  /** Every status of the area, in the contract's order. */
  statuses: readonly S[];
  /** A fresh record in `status` (a test may set the status column directly). */
  build: (status: S, action: A) => Promise<R>;
  /** Calls `action` on the record with a body that is valid apart from the status. */
  act: (action: A, record: R) => Promise<ApiAnswer>;
  /**
   * The record's own row and the rows hanging from it (lines, invitations, audit), read for the
   * "nothing changed" comparison; it must differ after any write the action could make.
   */
  snapshot: (record: R) => Promise<unknown>;
  /** The record's status after an allowed action; checked against the action's `to`. */
  statusOf?: (record: R) => Promise<S | undefined>;
  /** The actions the detail lists (`allowedActions`), checked to say beforehand what the call finds. */
  listed?: (record: R) => Promise<readonly string[]>;
  /**
   * Narrows the table where a record built this way may not take an action the status allows
   * (an open task is never unsealed); such a case must then be refused like any other.
   */
  allowed?: (action: A, status: S) => boolean;
  /** The refusal's message for a status, when the area words it so. */
  refusal?: (action: A, status: S) => string | RegExp | undefined;
}

/** Registers one vitest case per status × action; call it inside a `describe`. */
export function sweepStatusMachine<S extends string, A extends string, R>(sweep: StatusMachineSweep<S, A, R>): void {
  const actions = Object.keys(sweep.machine) as A[];
  const cases = sweep.statuses.flatMap((status) => actions.map((action) => [status, action] as const));
  it.each(cases)('from %s, %s: 200 where the table allows it, else 409 with nothing changed', async (status, action) => {
    const allowed = transitionAllowed(sweep.machine, action, status) && (sweep.allowed?.(action, status) ?? true);
    const record = await sweep.build(status, action);
    if (sweep.listed) expect((await sweep.listed(record)).includes(action), `${action} listed from ${status}`).toBe(allowed);
    const before = await sweep.snapshot(record);
    const answer = await sweep.act(action, record);
    if (!allowed) {
      expect(answer.code, `${action} from ${status}: ${answer.message}`).toBe(409);
      const words = sweep.refusal?.(action, status);
      if (typeof words === 'string') expect(answer.message).toBe(words);
      else if (words) expect(answer.message).toMatch(words);
      expect(await sweep.snapshot(record), `${action} from ${status} changed the record`).toEqual(before);
      return;
    }
    expect(answer.code, `${action} from ${status}: ${answer.message}`).toBe(200);
    const targets = transitionTargets(sweep.machine[action]);
    if (sweep.statusOf && targets.length > 0) expect(targets).toContain(await sweep.statusOf(record));
  });
}

/**
 * How many audit rows there are: a snapshot includes it, so a refused act that wrote its audit row
 * (and then failed) shows as a change.
 */
export async function auditRowCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLogs);
  return row.n;
}
