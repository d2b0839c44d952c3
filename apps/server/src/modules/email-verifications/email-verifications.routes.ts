import { VerifyEmailRequestSchema, VerifyEmailResponseSchema } from '@candor/contracts/auth';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../app.ts';
import { authHeaders } from '../../lib/auth-calls.ts';
import { verifyEmail } from './email-verifications.service.ts';

export async function emailVerificationsRoutes(
  app: FastifyInstance,
  { database, auth }: Services,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
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
      verifyEmail(
        { db: database.db, auth },
        request.body.token,
        authHeaders(request, { withCookies: false }),
      ),
  );
}
