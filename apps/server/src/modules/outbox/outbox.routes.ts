import { ErrorResponseSchema } from '@candor/contracts/errors';
import { OutboxListQuerySchema, OutboxMessageSchema, OutboxPageSchema } from '@candor/contracts/outbox';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../app.ts';
import { listOutbox, requireOutboxMessage } from './outbox.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** Mail kept when no SMTP server is configured, for administrators to read. */
export async function outboxRoutes(app: FastifyInstance, { database }: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/outbox',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['outbox'],
        summary: 'Kept mail, newest first, 20 a page, searchable by recipient',
        security: [{ session: [] }],
        querystring: OutboxListQuerySchema,
        response: { 200: OutboxPageSchema, ...errors },
      },
    },
    async (request) => listOutbox(database.db, request.query),
  );
  r.get(
    '/api/admin/outbox/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['outbox'],
        summary: 'One kept message with its text and HTML bodies',
        security: [{ session: [] }],
        params: z.object({ id: z.string().max(64) }),
        response: { 200: OutboxMessageSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => requireOutboxMessage(database.db, request.params.id),
  );
}
