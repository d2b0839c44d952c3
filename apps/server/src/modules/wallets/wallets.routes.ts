import { ErrorResponseSchema } from '@candor/contracts/errors';
import { UpdateWalletAddressesRequestSchema, WalletAddressesSchema } from '@candor/contracts/wallets';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../app.ts';
import { requireAuditActor } from '../../lib/request-actor.ts';
import { readWalletAddresses, updateWalletAddresses } from './wallets.service.ts';

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };

export async function walletsRoutes(app: FastifyInstance, { database }: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  r.get(
    '/api/admin/wallet-addresses',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['wallets'],
        security: [{ session: [] }],
        summary: 'The deposit address of each coin',
        response: { 200: WalletAddressesSchema, ...errors },
      },
    },
    async () => readWalletAddresses(db),
  );

  r.put(
    '/api/admin/wallet-addresses',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['wallets'],
        security: [{ session: [] }],
        summary: 'Set the deposit addresses of Bitcoin, Ethereum and USDT (TRC-20)',
        body: UpdateWalletAddressesRequestSchema,
        response: { 200: WalletAddressesSchema, 400: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => updateWalletAddresses(db, requireAuditActor(request), request.body),
  );
}
