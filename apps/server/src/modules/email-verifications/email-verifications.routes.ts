import { VerifyEmailRequestSchema, VerifyEmailResponseSchema } from '@candor/contracts/auth';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import { authHeaders } from '../../lib/auth-calls.ts';
import type { RoutesPlugin } from '../../services.ts';
import { verifyEmail } from './email-verifications.service.ts';

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
};
