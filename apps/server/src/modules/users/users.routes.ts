import { SignUpRequestSchema, SignUpResponseSchema } from '@candor/contracts/auth';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../app.ts';
import { authHeaders } from '../../lib/auth-calls.ts';
import { signUp } from './users.service.ts';

export async function usersRoutes(app: FastifyInstance, { database, auth }: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/users',
    {
      config: { access: 'public' },
      schema: {
        tags: ['account'],
        summary: 'Sign up: create a client account and e-mail its verification link',
        body: SignUpRequestSchema,
        response: { 201: SignUpResponseSchema, 400: ErrorResponseSchema, 409: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await signUp(
        { db: database.db, auth },
        request.body,
        authHeaders(request, { withCookies: false }),
      );
      return reply.status(201).send(created);
    },
  );
}
