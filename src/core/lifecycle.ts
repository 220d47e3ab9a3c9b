// One shape for every thing with states (a payment intent, a refund, an invoice, a dispute, a card
// session, a relay message): a table of named transitions, each naming the states it may start from
// and the state it ends in. The table is the one authority: services check a move with `assertMove`
// (409 invalid_state, worded the same for every machine), and SQL plans take the states they may
// start from with `fromStates` (`WHERE status = ANY(${lifecycle.fromStates('send')})`) rather than
// restating them, so a change to the table changes what the plans do.
import { YarrowError } from './errors.ts';

export interface Transition<S extends string> {
  /** The states the move may start from (empty: the move creates the row). */
  readonly from: readonly S[];
  readonly to: S;
  /** How a refusal reads: "This <noun> is <status>; it cannot <verb>." */
  readonly verb?: string;
}

export interface Lifecycle<S extends string, T extends Record<string, Transition<S>>> {
  /** What a refusal calls the thing ("payment intent"). */
  readonly noun: string;
  /** Every state, in the order lists and docs give them. */
  readonly states: readonly S[];
  readonly transitions: T;
  /** The states `action` may start from, for a plan's WHERE clause. */
  fromStates(action: keyof T): S[];
  /** Whether `action` may start from `status`. */
  allows(action: keyof T, status: S): boolean;
  /** Throws 409 invalid_state unless `action` may start from `status`; answers the state it ends in. */
  assertMove(action: keyof T, status: S): S;
  /** Whether some transition of the table goes from `from` to `to`. */
  canMove(from: S, to: S): boolean;
}

export function defineLifecycle<S extends string, const T extends Record<string, Transition<S>>>(
  noun: string,
  states: readonly S[],
  transitions: T,
  /** How a refusal writes a state (as the state's own name unless given). */
  describe: (status: S) => string = (status) => status,
): Lifecycle<S, T> {
  const transitionOf = (action: keyof T) => transitions[action] as Transition<S>;
  const fromStates = (action: keyof T) => [...transitionOf(action).from];
  const allows = (action: keyof T, status: S) => transitionOf(action).from.includes(status);
  return {
    noun,
    states,
    transitions,
    fromStates,
    allows,
    assertMove(action, status) {
      const transition = transitionOf(action);
      if (!transition.from.includes(status)) throw refusal(noun, describe(status), transition.verb ?? String(action));
      return transition.to;
    },
    canMove: (from, to) => Object.values(transitions).some((transition) => transition.to === to && transition.from.includes(from)),
  };
}

/** The one wording of a refused move, for every machine. */
export function refusal(noun: string, status: string, verb: string) {
  return new YarrowError('invalid_state', `This ${noun} is ${status}; it cannot ${verb}.`, { param: 'status' });
}
