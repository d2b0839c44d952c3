import {
  AdjustmentSchema,
  AdminUserSchema,
  CreateAdjustmentRequestSchema,
} from '@candor/contracts/admin-users';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import { IdempotencyHeadersSchema } from '@candor/contracts/money';
import { z } from 'zod';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { adjustBalance, requireAdminUser } from './admin-users.service.ts';

const UserParamsSchema = z.object({ id: z.string().min(1).max(200) });

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

export const adminUsersRoutes: RoutesPlugin<'db' | 'transactions'> = async (app, { db, transactions }) => {
  app.get(
    '/api/admin/users/:id',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['admin users'],
        summary: "A user's details, balances and latest ledger entries",
        params: UserParamsSchema,
        response: { 200: AdminUserSchema, ...errors },
      },
    },
    async (request) => requireAdminUser(db, request.params.id),
  );

  app.post(
    '/api/admin/users/:id/adjustments',
    {
      config: { access: 'adjustments.create' },
      schema: {
        tags: ['admin users'],
        summary: "Credit or debit a customer's cash balance, with a reason the customer sees",
        description:
          'Posts one ledger entry of kind "adjustment" and answers state "completed". A debit cannot take ' +
          'the cash balance below zero (422 INSUFFICIENT_FUNDS). Four-eyes: above the threshold of the ' +
          'settings (fourEyesThreshold; 0 = off) nothing moves: the answer is still 200, with state ' +
          '"awaiting_approval" and the approval a different staff member decides ' +
          '(POST /api/admin/approvals/{id}/approve). Accepts an Idempotency-Key: a retry moves the money once.',
        params: UserParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: CreateAdjustmentRequestSchema,
        response: {
          200: AdjustmentSchema,
          400: ErrorResponseSchema,
          ...errors,
          422: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.runMoneyRequest(request, AdjustmentSchema, ({ tx, now, outbox }) =>
        adjustBalance({ tx, actor, now, outbox, userId: request.params.id, input: request.body }),
      );
    },
  );
};
