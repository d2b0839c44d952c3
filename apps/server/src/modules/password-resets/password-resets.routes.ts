import {
  CompletePasswordResetRequestSchema,
  MessageResponseSchema,
  RequestPasswordResetRequestSchema,
} from '@candor/contracts/auth';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import { z } from 'zod';
import { authHeaders } from '../../lib/auth-calls.ts';
import type { RoutesPlugin } from '../../services.ts';
import { completePasswordReset, requestPasswordReset } from './password-resets.service.ts';
import { createResetThrottle } from './reset-throttle.ts';

export const passwordResetsRoutes: RoutesPlugin<'db' | 'auth' | 'clock'> = async (
  app,
  { db, auth, clock },
) => {
  const throttle = createResetThrottle(db, clock);

  app.post(
    '/api/password-resets',
    {
      config: { access: 'public', rateLimit: 'mail' },
      schema: {
        tags: ['password'],
        summary: 'E-mail a password reset link',
        body: RequestPasswordResetRequestSchema,
        response: {
          202: MessageResponseSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await requestPasswordReset({
        db,
        auth,
        throttle,
        email: request.body.email,
        ip: request.ip,
        headers: authHeaders(request, { withCookies: false }),
      });
      return reply.status(202).send(result);
    },
  );

  app.post(
    '/api/password-resets/complete',
    {
      config: { access: 'public' },
      schema: {
        tags: ['password'],
        summary: 'Choose a new password with the e-mailed token; ends every session of the account',
        body: CompletePasswordResetRequestSchema,
        response: { 204: z.null().describe('Password changed'), 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      await completePasswordReset({
        db,
        auth,
        input: request.body,
        headers: authHeaders(request, { withCookies: false }),
      });
      return reply.status(204).send(null);
    },
  );
};
