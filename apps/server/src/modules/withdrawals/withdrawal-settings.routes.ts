import { ErrorResponseSchema } from '@candor/contracts/errors';
import {
  UpdateWithdrawalSettingsRequestSchema,
  WithdrawalSettingsSchema,
} from '@candor/contracts/withdrawal-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../app.ts';
import { requireAuditActor } from '../../lib/request-actor.ts';
import { requireWithdrawalSettings, updateWithdrawalSettings } from './withdrawal-settings.service.ts';

const UserParamsSchema = z.object({ id: z.string().min(1).max(200) });

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

export async function withdrawalSettingsRoutes(app: FastifyInstance, { database }: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  r.get(
    '/api/admin/users/:id/withdrawal-settings',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['withdrawals'],
        security: [{ session: [] }],
        summary: "A customer's withdrawal hold and e-mail confirmation setting",
        params: UserParamsSchema,
        response: { 200: WithdrawalSettingsSchema, ...errors },
      },
    },
    async (request) => requireWithdrawalSettings(db, request.params.id),
  );

  r.put(
    '/api/admin/users/:id/withdrawal-settings',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['withdrawals'],
        security: [{ session: [] }],
        summary: "Set a customer's withdrawal hold (with the reason they see) and e-mail confirmation",
        description:
          'Applies to withdrawals submitted or confirmed afterwards. Administrators never see or set a code: ' +
          'with confirmation on, each request e-mails the customer a one-time code.',
        params: UserParamsSchema,
        body: UpdateWithdrawalSettingsRequestSchema,
        response: { 200: WithdrawalSettingsSchema, 400: ErrorResponseSchema, ...errors },
      },
    },
    async (request) =>
      updateWithdrawalSettings(db, requireAuditActor(request), request.params.id, request.body),
  );
}
