import { ErrorResponseSchema } from '@candor/contracts/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../app.ts';

const StatusSchema = z.object({ status: z.literal('ok') });

export async function healthRoutes(app: FastifyInstance, { database }: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: StatusSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );
  r.get(
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
}
