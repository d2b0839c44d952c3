import { ErrorResponseSchema } from '@candor/contracts/errors';
import {
  UpdateWalletAddressesRequestSchema,
  WalletAddressesSchema,
  WalletChangeSchema,
} from '@candor/contracts/wallets';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { readWalletAddresses, updateWalletAddresses } from './wallets.service.ts';

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };

export const walletsRoutes: RoutesPlugin<'db' | 'transactions'> = async (app, { db, transactions }) => {
  app.get(
    '/api/admin/wallet-addresses',
    {
      config: { access: 'settings.manage' },
      schema: {
        tags: ['wallets'],
        summary: 'The deposit address of each coin in force, and the change awaiting a second approval',
        response: { 200: WalletAddressesSchema, ...errors },
      },
    },
    async () => readWalletAddresses(db),
  );

  app.put(
    '/api/admin/wallet-addresses',
    {
      config: { access: 'settings.manage' },
      schema: {
        tags: ['wallets'],
        summary: 'Change the deposit addresses of Bitcoin, Ethereum and USDT (TRC-20), with a reason',
        description:
          'Four-eyes (the settings threshold above 0): the change waits for a different staff member with ' +
          'settings.manage (POST /api/admin/approvals/{id}/approve) and answers state "awaiting_approval"; ' +
          'customers are shown the addresses in force until then. Threshold 0: in force at once, state ' +
          '"applied". The addresses in force already answer "unchanged" and record nothing. While a change ' +
          'waits, another is refused: 409 AWAITING_SECOND_APPROVAL.',
        body: UpdateWalletAddressesRequestSchema,
        response: { 200: WalletChangeSchema, 400: ErrorResponseSchema, ...errors, 409: ErrorResponseSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run((context) => updateWalletAddresses({ ...context, actor, input: request.body }));
    },
  );
};
