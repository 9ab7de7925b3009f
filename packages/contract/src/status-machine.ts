/*
 * The status machines of the documents that move through statuses (plans, procurement tasks,
 * purchase orders; docs/rules/vocabulary.md, "Status machines"). Each area declares ONE table in its contract file,
 * `{ action: { from, to } }`, keyed by the action as it travels on the wire (the route's verb and
 * the audit action). The server refuses a start outside `from` with 409 and writes `to`; the list
 * pages show a row's buttons where `from` allows them, the detail pages read `allowedActions`.
 */

/** One action of a status machine: where it may start and where it leads. */
export interface StatusTransition<S extends string> {
  readonly from: readonly S[];
  /**
   * The status the action leads to; null when it leaves the status as it is (编辑, 删除); a list
   * when the request decides among them (a receipt leads to 部分到货 or 已到货).
   */
  readonly to: S | readonly S[] | null;
}

export type StatusMachine<S extends string, A extends string = string> = Readonly<Record<A, StatusTransition<S>>>;

/** Whether `action` may start from `status`. */
export function transitionAllowed<S extends string, A extends string>(machine: StatusMachine<S, A>, action: A, status: S): boolean {
  return machine[action].from.includes(status);
}

/** The statuses `transition` may lead to (none when it keeps the status). */
export function transitionTargets<S extends string>(transition: StatusTransition<S>): readonly S[] {
  const { to } = transition;
  if (to === null) return [];
  return typeof to === 'string' ? [to as S] : (to as readonly S[]);
}

/** The actions of a machine, in table order (the detail answers' `allowedActions` enum, `allowedActionsSchema`). */
export function actionsOf<A extends string>(machine: Readonly<Record<A, unknown>>): [A, ...A[]] {
  return Object.keys(machine) as [A, ...A[]];
}
