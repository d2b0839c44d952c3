import { SignUpResponseSchema } from '@candor/contracts/auth';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import { CreateOwnerRequestSchema, SetupStatusQuerySchema, SetupStatusSchema } from '@candor/contracts/setup';
import { authHeaders } from '../../lib/auth-calls.ts';
import type { RoutesPlugin } from '../../services.ts';
import { createOwner, isSetupTokenValid } from './setup.service.ts';

/** First run in the browser: the one-time link the server prints creates the owner account. */
export const setupRoutes: RoutesPlugin<'db' | 'auth' | 'clock'> = async (app, { db, auth, clock }) => {
  app.get(
    '/api/setup',
    {
      config: { access: 'public' },
      schema: {
        tags: ['setup'],
        summary: 'Whether a first-run setup link still works',
        querystring: SetupStatusQuerySchema,
        response: { 200: SetupStatusSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => ({ valid: await isSetupTokenValid(db, request.query.token) }),
  );

  app.post(
    '/api/setup',
    {
      config: { access: 'public' },
      schema: {
        tags: ['setup'],
        summary: "Creates the owner account of a new installation with the setup link's token",
        description: 'A wrong or used token, or any existing staff account, answers 400 INVALID_TOKEN.',
        body: CreateOwnerRequestSchema,
        response: { 201: SignUpResponseSchema, 400: ErrorResponseSchema, 409: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await createOwner({
        db,
        auth,
        input: request.body,
        headers: authHeaders(request, { withCookies: false }),
        now: clock(),
      });
      return reply.status(201).send(created);
    },
  );
};
