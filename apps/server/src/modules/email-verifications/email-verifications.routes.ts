import {
  MessageResponseSchema,
  VerifyEmailRequestSchema,
  VerifyEmailResponseSchema,
} from '@candor/contracts/auth';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import { authHeaders } from '../../lib/auth-calls.ts';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { sendVerificationLinkAgain, verifyEmail } from './email-verifications.service.ts';

export const emailVerificationsRoutes: RoutesPlugin<'db' | 'auth' | 'mailer' | 'clock'> = async (
  app,
  { db, auth, mailer, clock },
) => {
  app.post(
    '/api/email-verifications',
    {
      config: { access: 'public' },
      schema: {
        tags: ['account'],
        summary: 'Verify an e-mail address with the e-mailed token (also completes a change of e-mail)',
        body: VerifyEmailRequestSchema,
        response: { 200: VerifyEmailResponseSchema, 400: ErrorResponseSchema, 409: ErrorResponseSchema },
      },
    },
    // Without the caller's cookies: the token alone decides whose address is verified.
    async (request) =>
      verifyEmail({
        db,
        auth,
        mailer,
        now: clock(),
        token: request.body.token,
        headers: authHeaders(request, { withCookies: false }),
      }),
  );

  app.post(
    '/api/account/verification-emails',
    {
      config: { access: 'client', rateLimit: 'mail' },
      schema: {
        tags: ['account'],
        summary: "E-mails a new verification link for the signed-in owner's unverified address",
        response: {
          202: MessageResponseSchema,
          401: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    // With the caller's cookies: better-auth sends only to the session's own, unverified address.
    async (request, reply) => {
      const result = await sendVerificationLinkAgain({
        db,
        auth,
        userId: requireActor(request).id,
        headers: authHeaders(request, { withCookies: true }),
      });
      return reply.status(202).send(result);
    },
  );
};
