import { ErrorResponseSchema } from '@candor/contracts/errors';
import {
  MessageListQuerySchema,
  MessagePageSchema,
  MessageSchema,
  UnreadMessagesSchema,
} from '@candor/contracts/messages';
import { z } from 'zod';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { countUnreadMessages, listMessages, markMessageRead, requireMessage } from './messages.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };
const params = z.object({ id: z.string().max(64) });

/**
 * Messages: every e-mail the site sent to the signed-in person (or that their account caused),
 * customers and staff alike. Each reads only their own; anyone else's message is not found.
 */
export const messagesRoutes: RoutesPlugin<'db' | 'clock'> = async (app, { db, clock }) => {
  app.get(
    '/api/messages',
    {
      config: { access: 'client' },
      schema: {
        tags: ['messages'],
        summary: 'My messages, newest first, 20 a page',
        querystring: MessageListQuerySchema,
        response: { 200: MessagePageSchema, ...errors },
      },
    },
    async (request) => listMessages(db, requireActor(request).id, request.query),
  );
  app.get(
    '/api/messages/unread-count',
    {
      config: { access: 'client' },
      schema: {
        tags: ['messages'],
        summary: 'How many of my messages are unread',
        response: { 200: UnreadMessagesSchema, ...errors },
      },
    },
    async (request) => countUnreadMessages(db, requireActor(request).id),
  );
  app.get(
    '/api/messages/:id',
    {
      config: { access: 'client' },
      schema: {
        tags: ['messages'],
        summary: 'One of my messages, with its text',
        params,
        response: { 200: MessageSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => requireMessage(db, requireActor(request).id, request.params.id),
  );
  app.post(
    '/api/messages/:id/read',
    {
      config: { access: 'client' },
      schema: {
        tags: ['messages'],
        summary: 'Marks one of my messages read',
        params,
        response: { 204: z.null().describe('Marked read'), ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      await markMessageRead(db, requireActor(request).id, request.params.id, clock());
      return reply.status(204).send(null);
    },
  );
};
