import {
  ChangeEmailRequestSchema,
  ChangePasswordRequestSchema,
  MessageResponseSchema,
} from '@candor/contracts/auth';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { authHeaders, sendAuthCookies } from '../../lib/auth-calls.ts';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { changeEmail, changePassword } from './account.service.ts';

export const accountRoutes: RoutesPlugin<'db' | 'auth' | 'clock' | 'mailer'> = async (
  app,
  { db, auth, clock, mailer },
) => {
  app.post(
    '/api/account/password',
    {
      config: { access: 'client' },
      schema: {
        tags: ['account'],
        summary: 'Change the password; signs out every other session',
        body: ChangePasswordRequestSchema,
        response: {
          204: z.null().describe('Password changed'),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const cookies = await changePassword({
        db,
        auth,
        mailer,
        actor: requireActor(request),
        now: clock(),
        ip: request.ip || null,
        input: request.body,
        headers: authHeaders(request, { withCookies: true }),
      });
      sendAuthCookies(reply, cookies);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/account/email',
    {
      config: { access: 'client', rateLimit: 'mail' },
      schema: {
        tags: ['account'],
        summary: 'Change the e-mail address: e-mails a verification link to the new address',
        body: ChangeEmailRequestSchema,
        response: {
          202: MessageResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
      // The form shows the server's message as it is, so it carries no field prefix.
      attachValidation: true,
    },
    async (request, reply) => {
      const { validationError } = request;
      if (validationError) {
        const message = hasZodFastifySchemaValidationErrors(validationError)
          ? validationError.validation[0]?.message
          : undefined;
        throw new AppError('VALIDATION_FAILED', message ?? 'Failed to update email. Please try again.');
      }
      const result = await changeEmail({
        db,
        auth,
        actor: requireActor(request),
        input: request.body,
        headers: authHeaders(request, { withCookies: true }),
      });
      return reply.status(202).send(result);
    },
  );
};
