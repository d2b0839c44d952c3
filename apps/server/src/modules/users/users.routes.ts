import { SignUpRequestSchema, SignUpResponseSchema } from '@candor/contracts/auth';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import { authHeaders } from '../../lib/auth-calls.ts';
import type { RoutesPlugin } from '../../services.ts';
import { signUp } from './users.service.ts';

export const usersRoutes: RoutesPlugin<'db' | 'auth'> = async (app, { db, auth }) => {
  app.post(
    '/api/users',
    {
      config: { access: 'public', rateLimit: 'sign-up' },
      schema: {
        tags: ['account'],
        summary: 'Sign up: create a client account and e-mail its verification link',
        body: SignUpRequestSchema,
        response: { 201: SignUpResponseSchema, 400: ErrorResponseSchema, 409: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await signUp({
        db,
        auth,
        input: request.body,
        headers: authHeaders(request, { withCookies: false }),
      });
      return reply.status(201).send(created);
    },
  );
};
