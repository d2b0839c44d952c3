import { ErrorResponseSchema } from '@candor/contracts/errors';
import { z } from 'zod';
import type { RoutesPlugin } from '../../services.ts';

const StatusSchema = z.object({ status: z.literal('ok') });

export const healthRoutes: RoutesPlugin<'database'> = async (app, { database }) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: StatusSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The database answers',
        response: { 200: StatusSchema, 503: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'database not reachable');
        return reply.status(503).send({ code: 'INTERNAL', message: 'Database not reachable' });
      }
    },
  );
};
