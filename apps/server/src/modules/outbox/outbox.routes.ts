import { ErrorResponseSchema } from '@candor/contracts/errors';
import { OutboxListQuerySchema, OutboxPageSchema } from '@candor/contracts/outbox';
import type { RoutesPlugin } from '../../services.ts';
import { listOutbox } from './outbox.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** The delivery log: every e-mail's envelope and delivery status, never its body. */
export const outboxRoutes: RoutesPlugin<'db'> = async (app, { db }) => {
  app.get(
    '/api/admin/outbox',
    {
      config: { access: 'outbox.read' },
      schema: {
        tags: ['outbox'],
        summary:
          'The delivery log: envelopes (to, subject, time) and delivery status, newest first, 20 a page, searchable by recipient',
        querystring: OutboxListQuerySchema,
        response: { 200: OutboxPageSchema, ...errors },
      },
    },
    async (request) => listOutbox(db, request.query),
  );
};
