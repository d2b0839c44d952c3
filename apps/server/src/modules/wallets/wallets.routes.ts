import { ErrorResponseSchema } from '@candor/contracts/errors';
import { UpdateWalletAddressesRequestSchema, WalletAddressesSchema } from '@candor/contracts/wallets';
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
        summary: 'The deposit address of each coin',
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
        summary: 'Set the deposit addresses of Bitcoin, Ethereum and USDT (TRC-20)',
        body: UpdateWalletAddressesRequestSchema,
        response: { 200: WalletAddressesSchema, 400: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run((context) => updateWalletAddresses({ ...context, actor, input: request.body }));
    },
  );
};
