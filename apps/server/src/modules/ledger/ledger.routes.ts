import { ErrorResponseSchema } from '@candor/contracts/errors';
import { BalancesSchema, StatementPageSchema } from '@candor/contracts/ledger';
import { PageQuerySchema } from '@candor/contracts/money';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../app.ts';
import { requireActor } from '../../lib/request-actor.ts';
import { readBalances, readStatement } from './ledger.service.ts';

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };

export async function ledgerRoutes(app: FastifyInstance, { database }: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  r.get(
    '/api/me/balances',
    {
      config: { access: 'client' },
      schema: {
        tags: ['ledger'],
        security: [{ session: [] }],
        summary: "The signed-in customer's balances, from the ledger",
        response: { 200: BalancesSchema, ...errors },
      },
    },
    async (request) => readBalances(db, requireActor(request).userId),
  );

  r.get(
    '/api/me/statement',
    {
      config: { access: 'client' },
      schema: {
        tags: ['ledger'],
        security: [{ session: [] }],
        summary: "Every ledger entry of the signed-in customer's accounts, newest first",
        querystring: PageQuerySchema,
        response: { 200: StatementPageSchema, ...errors },
      },
    },
    async (request) => readStatement(db, requireActor(request).userId, request.query.page),
  );
}
