import { MeSchema } from '@candor/contracts/auth';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { requireMe } from './me.service.ts';

export const meRoutes: RoutesPlugin<'db'> = async (app, { db }) => {
  app.get(
    '/api/me',
    {
      config: { access: 'client' },
      schema: {
        tags: ['account'],
        summary: 'The signed-in user',
        response: { 200: MeSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => requireMe(db, requireActor(request).id),
  );
};
