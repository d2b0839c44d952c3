import { ErrorResponseSchema } from '@candor/contracts/errors';
import { OutboxListQuerySchema, OutboxMessageSchema, OutboxPageSchema } from '@candor/contracts/outbox';
import { z } from 'zod';
import type { RoutesPlugin } from '../../services.ts';
import { listOutbox, requireOutboxMessage } from './outbox.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** Mail kept when no SMTP server is configured, for administrators to read. */
export const outboxRoutes: RoutesPlugin<'db'> = async (app, { db }) => {
  app.get(
    '/api/admin/outbox',
    {
      config: { access: 'outbox.read' },
      schema: {
        tags: ['outbox'],
        summary: 'Kept mail, newest first, 20 a page, searchable by recipient',
        querystring: OutboxListQuerySchema,
        response: { 200: OutboxPageSchema, ...errors },
      },
    },
    async (request) => listOutbox(db, request.query),
  );
  app.get(
    '/api/admin/outbox/:id',
    {
      config: { access: 'outbox.read' },
      schema: {
        tags: ['outbox'],
        summary: 'One kept message with its text and HTML bodies',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: OutboxMessageSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => requireOutboxMessage(db, request.params.id),
  );
};
