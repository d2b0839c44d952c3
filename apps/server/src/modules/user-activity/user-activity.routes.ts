import { ErrorResponseSchema } from '@candor/contracts/errors';
import { EndStaffSessionsRequestSchema } from '@candor/contracts/staff-members';
import {
  AccountActivitySchema,
  ActiveSessionListSchema,
  EndedSessionsSchema,
  EndSessionsRequestSchema,
  SessionIdParamsSchema,
} from '@candor/contracts/user-activity';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { authHeaders } from '../../lib/auth-calls.ts';
import { requireActor } from '../../lib/request-actor.ts';
import type { Auth } from '../../plugins/auth.ts';
import type { RoutesPlugin } from '../../services.ts';
import {
  endCustomerSession,
  endCustomerSessions,
  endOtherOwnSessions,
  endOwnSession,
  endStaffSessions,
  listCustomerSessions,
  readAccountActivity,
} from './user-activity.service.ts';

const UserParamsSchema = z.object({ id: z.string().min(1).max(200) });
const UserSessionParamsSchema = UserParamsSchema.extend(SessionIdParamsSchema.shape);
const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };
const staffErrors = { 400: ErrorResponseSchema, ...errors, 409: ErrorResponseSchema };

/** The id of the session the request came with (better-auth reads it; nothing is refreshed). */
async function findCurrentSessionId(auth: Auth, request: FastifyRequest): Promise<string | undefined> {
  const current = await auth.api.getSession({
    headers: authHeaders(request, { withCookies: true }),
    query: { disableRefresh: true },
  });
  return current?.session.id;
}

/**
 * Sign-ins and sessions: one's own (/account, customers and staff alike, not audited) and a
 * customer's as staff see and end them on /user/{id} (audited).
 */
export const userActivityRoutes: RoutesPlugin<'db' | 'auth' | 'clock' | 'transactions'> = async (
  app,
  { db, auth, clock, transactions },
) => {
  app.get(
    '/api/account/activity',
    {
      config: { access: 'client' },
      schema: {
        tags: ['account'],
        summary: 'Your recent sign-ins and active sessions (the one of this request marked current)',
        response: { 200: AccountActivitySchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return readAccountActivity(db, {
        userId: actor.id,
        currentSessionId: await findCurrentSessionId(auth, request),
        now: clock(),
      });
    },
  );

  app.delete(
    '/api/account/sessions/:sessionId',
    {
      config: { access: 'client' },
      schema: {
        tags: ['account'],
        summary: 'End one of your sessions (ending this one signs you out)',
        params: SessionIdParamsSchema,
        response: { 204: z.null().describe('Session ended'), ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      await transactions.run(({ tx, now }) =>
        endOwnSession({ tx, actor, now, sessionId: request.params.sessionId }),
      );
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/account/other-sessions',
    {
      config: { access: 'client' },
      schema: {
        tags: ['account'],
        summary: 'End every one of your sessions but this one (they are refused from their next request)',
        response: { 200: EndedSessionsSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const currentSessionId = await findCurrentSessionId(auth, request);
      // Without this session's id every session would end: better refuse.
      if (!currentSessionId) throw new AppError('UNAUTHENTICATED', 'User is not authenticated');
      return transactions.run(({ tx, now }) => endOtherOwnSessions({ tx, actor, now, currentSessionId }));
    },
  );

  app.get(
    '/api/admin/users/:id/sessions',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['admin users'],
        summary: "A customer's active sessions",
        params: UserParamsSchema,
        response: { 200: ActiveSessionListSchema, ...errors },
      },
    },
    async (request) => listCustomerSessions(db, request.params.id, clock()),
  );

  app.delete(
    '/api/admin/users/:id/sessions/:sessionId',
    {
      config: { access: 'customers.status' },
      schema: {
        tags: ['admin users'],
        summary: "End one of a customer's sessions (audited; the reason is optional)",
        params: UserSessionParamsSchema,
        body: EndSessionsRequestSchema.nullish(),
        response: { 200: EndedSessionsSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { id: userId, sessionId } = request.params;
      return transactions.run(({ tx, now }) =>
        endCustomerSession({ tx, actor, now, userId, sessionId, reason: request.body?.reason }),
      );
    },
  );

  app.delete(
    '/api/admin/users/:id/sessions',
    {
      config: { access: 'customers.status' },
      schema: {
        tags: ['admin users'],
        summary: 'End every session of a customer (audited; the reason is optional)',
        params: UserParamsSchema,
        body: EndSessionsRequestSchema.nullish(),
        response: { 200: EndedSessionsSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run(({ tx, now }) =>
        endCustomerSessions({ tx, actor, now, userId: request.params.id, reason: request.body?.reason }),
      );
    },
  );

  app.delete(
    '/api/admin/staff/:id/sessions',
    {
      config: { access: 'staff.manage' },
      schema: {
        tags: ['staff'],
        summary: 'Ends every session of another staff member (owner only; audited with the reason)',
        description:
          "Refused with 409 CONFLICT for one's own sessions (the account security page ends those) and for a customer's (their page does).",
        params: UserParamsSchema,
        body: EndStaffSessionsRequestSchema,
        response: { 200: EndedSessionsSchema, ...staffErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run(({ tx, now }) =>
        endStaffSessions({ tx, actor, now, userId: request.params.id, reason: request.body.reason }),
      );
    },
  );
};
