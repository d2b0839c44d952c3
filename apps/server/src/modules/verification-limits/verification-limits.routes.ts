import { ErrorResponseSchema } from '@candor/contracts/errors';
import { VerificationAllowanceSchema } from '@candor/contracts/verification-limits';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { readVerificationAllowance } from './verification-limits.service.ts';

export const verificationLimitsRoutes: RoutesPlugin<'db' | 'clock'> = async (app, { db, clock }) => {
  app.get(
    '/api/verification-limits',
    {
      config: { access: 'client' },
      schema: {
        tags: ['account'],
        summary:
          'What the signed-in customer may still deposit and withdraw in 30 days before verifying their identity',
        response: { 200: VerificationAllowanceSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => readVerificationAllowance(db, requireActor(request).id, clock()),
  );
};
