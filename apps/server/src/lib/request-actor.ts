import { INACTIVE_ACCOUNT_MESSAGE } from '@candor/contracts/errors';
import type { FastifyRequest } from 'fastify';
import type { Actor } from './actor.ts';
import { AppError } from './app-error.ts';

/** The signed-in actor of a signed-in route (the access hook already refused anonymous calls). */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', 'User is not authenticated');
  return request.actor;
}

/** The signed-in actor, refused with ACCOUNT_INACTIVE when their account is suspended (money requests). */
export function requireActiveActor(request: FastifyRequest): Actor {
  const actor = requireActor(request);
  if (request.accountStatus !== 'active') throw new AppError('ACCOUNT_INACTIVE', INACTIVE_ACCOUNT_MESSAGE);
  return actor;
}
