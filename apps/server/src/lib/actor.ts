import type { UserRole } from '@candor/contracts/auth';

/** Who can act: a signed-in user in their role, the operator at the command line, or the server itself. */
export type ActorRole = UserRole | 'operator' | 'system';

/**
 * Who does something. Every service call that changes something names its actor, so ledger
 * entries and the audit log record who did it and in which role.
 */
export type Actor = { id: string; role: ActorRole };

/** The operator running `npm run admin`. */
export const COMMAND_LINE_ACTOR: Actor = { id: 'cli', role: 'operator' };

/** The server acting on its own (the automatic stop-out). */
export const SYSTEM_ACTOR: Actor = { id: 'system', role: 'system' };
