import { ErrorResponseSchema } from '@candor/contracts/errors';
import {
  UpdateWithdrawalSettingsRequestSchema,
  WithdrawalSettingsSchema,
} from '@candor/contracts/withdrawal-settings';
import { z } from 'zod';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { requireWithdrawalSettings, updateWithdrawalSettings } from './withdrawal-settings.service.ts';

const UserParamsSchema = z.object({ id: z.string().min(1).max(200) });

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

export const withdrawalSettingsRoutes: RoutesPlugin<'db' | 'transactions'> = async (
  app,
  { db, transactions },
) => {
  app.get(
    '/api/admin/users/:id/withdrawal-settings',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['withdrawals'],
        summary: "A customer's withdrawal hold and e-mail confirmation setting",
        params: UserParamsSchema,
        response: { 200: WithdrawalSettingsSchema, ...errors },
      },
    },
    async (request) => requireWithdrawalSettings(db, request.params.id),
  );

  app.put(
    '/api/admin/users/:id/withdrawal-settings',
    {
      config: { access: 'withdrawals.settings' },
      schema: {
        tags: ['withdrawals'],
        summary: "Set a customer's withdrawal hold (with the reason they see) and e-mail confirmation",
        description:
          'Applies to withdrawals submitted or confirmed afterwards. Administrators never see or set a code: ' +
          'with confirmation on, each request e-mails the customer a one-time code. A hold reason asking the ' +
          'customer to pay (a fee, a tax, a deposit …) is refused with 422 PAYMENT_DEMAND: no payment is ever ' +
          'needed to withdraw; so is one sending them to a chat outside the platform (Telegram, WhatsApp, a ' +
          'handle). A staff account (any role but client) is refused with 403 FORBIDDEN: staff accounts ' +
          'hold no money, so nothing moves through their withdrawals.',
        params: UserParamsSchema,
        body: UpdateWithdrawalSettingsRequestSchema,
        response: {
          200: WithdrawalSettingsSchema,
          400: ErrorResponseSchema,
          422: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run((context) =>
        updateWithdrawalSettings({ ...context, actor, userId: request.params.id, input: request.body }),
      );
    },
  );
};
