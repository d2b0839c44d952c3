import { MeSchema } from '@candor/contracts/auth';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../app.ts';
import { requireActor } from '../../lib/request-actor.ts';
import { requireMe } from './me.service.ts';

export async function meRoutes(app: FastifyInstance, { database }: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/me',
    {
      config: { access: 'client' },
      schema: {
        tags: ['account'],
        summary: 'The signed-in user',
        security: [{ session: [] }],
        response: { 200: MeSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => requireMe(database.db, requireActor(request).userId),
  );
}
