import {
  AdjustmentSchema,
  AdminUserSchema,
  CreateAdjustmentRequestSchema,
} from '@candor/contracts/admin-users';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import { IdempotencyHeadersSchema } from '@candor/contracts/money';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../app.ts';
import { runMoneyRequest } from '../../lib/idempotency.ts';
import { requireAuditActor } from '../../lib/request-actor.ts';
import { adjustBalance, requireAdminUser } from './admin-users.service.ts';

const UserParamsSchema = z.object({ id: z.string().min(1).max(200) });

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

export async function adminUsersRoutes(app: FastifyInstance, { database }: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  r.get(
    '/api/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin users'],
        security: [{ session: [] }],
        summary: "A user's details, balances and latest ledger entries",
        params: UserParamsSchema,
        response: { 200: AdminUserSchema, ...errors },
      },
    },
    async (request) => requireAdminUser(db, request.params.id),
  );

  r.post(
    '/api/admin/users/:id/adjustments',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin users'],
        security: [{ session: [] }],
        summary: "Credit or debit a customer's cash balance, with a reason the customer sees",
        description:
          'Posts one ledger entry of kind "adjustment". A debit cannot take the cash balance below zero ' +
          '(422 INSUFFICIENT_FUNDS). Accepts an Idempotency-Key: a retry moves the money once.',
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
      const actor = requireAuditActor(request);
      return runMoneyRequest(db, request, AdjustmentSchema, (tx) =>
        adjustBalance(tx, actor, request.params.id, request.body),
      );
    },
  );
}
