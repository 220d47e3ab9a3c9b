// The lifecycle's states as SQL (./plans.ts, ./queries.ts): taken from the table (./lifecycle.ts)
// once, as a module loads, and written into the statement as its own literals.
import { Prisma, type MessageState } from '../../generated/prisma/client.ts';

/** States as a statement's own literals (`'dispatched', 'sent'`): a parameter would hide them from
 *  the planner (partial indexes on a state, such as `messages_queued_priority_idx`'s
 *  `WHERE state = 'queued'`, and the frame statement's text comparison). */
export function stateLiterals(states: readonly MessageState[]): Prisma.Sql {
  return Prisma.raw(states.map((state) => `'${state}'`).join(', '));
}
