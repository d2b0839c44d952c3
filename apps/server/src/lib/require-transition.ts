import { checkTransition } from '@candor/domain/state-machine';
import { AppError } from './app-error.ts';

/**
 * A state machine as the API explains it: the domain's table of allowed next states, and the
 * words for a refused move (from a final state: ALREADY_DECIDED; otherwise INVALID_TRANSITION).
 */
export type Transitions<S extends string> = {
  next: Readonly<Record<S, readonly S[]>>;
  alreadyDecided: (from: S) => string;
  invalid: (from: S, to: S) => string;
};

/** Refuses a move the table does not allow, with its code (409) and words; returns the new state. */
export function requireTransition<S extends string>(transitions: Transitions<S>, from: S, to: S): S {
  const move = checkTransition(transitions.next, from, to);
  if (move.ok) return move.value;
  throw move.error.code === 'ALREADY_DECIDED'
    ? new AppError('ALREADY_DECIDED', transitions.alreadyDecided(from))
    : new AppError('INVALID_TRANSITION', transitions.invalid(from, to));
}
