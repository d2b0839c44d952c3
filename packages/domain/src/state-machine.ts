import type { DomainErrorCode } from './errors.ts';
import { err, ok, type Result } from './result.ts';

/** A move the table does not allow: from a final state (ALREADY_DECIDED) or to a state not next (INVALID_TRANSITION). */
export type TransitionError<S extends string> = {
  code: DomainErrorCode & ('ALREADY_DECIDED' | 'INVALID_TRANSITION');
  from: S;
  to: S;
};

/**
 * Checks one step of a state machine given as a table of allowed next states. A state with no
 * next states is final: any move from it is ALREADY_DECIDED.
 */
export function checkTransition<S extends string>(
  table: Readonly<Record<S, readonly S[]>>,
  from: S,
  to: S,
): Result<S, TransitionError<S>> {
  const allowed = table[from];
  if (allowed.includes(to)) return ok(to);
  return err({ code: allowed.length === 0 ? 'ALREADY_DECIDED' : 'INVALID_TRANSITION', from, to });
}

export function isFinalState<S extends string>(table: Readonly<Record<S, readonly S[]>>, state: S): boolean {
  return table[state].length === 0;
}
