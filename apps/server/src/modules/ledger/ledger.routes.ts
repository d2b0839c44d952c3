import { ErrorResponseSchema } from '@candor/contracts/errors';
import { BalancesSchema, StatementPageSchema } from '@candor/contracts/ledger';
import { PageQuerySchema } from '@candor/contracts/money';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { readBalances, readStatement } from './ledger.service.ts';

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };

export const ledgerRoutes: RoutesPlugin<'db'> = async (app, { db }) => {
  app.get(
    '/api/me/balances',
    {
      config: { access: 'client' },
      schema: {
        tags: ['ledger'],
        summary: "The signed-in customer's balances, from the ledger",
        response: { 200: BalancesSchema, ...errors },
      },
    },
    async (request) => readBalances(db, requireActor(request).id),
  );

  app.get(
    '/api/me/statement',
    {
      config: { access: 'client' },
      schema: {
        tags: ['ledger'],
        summary: "Every ledger entry of the signed-in customer's accounts, newest first",
        querystring: PageQuerySchema,
        response: { 200: StatementPageSchema, ...errors },
      },
    },
    async (request) => readStatement(db, requireActor(request).id, request.query.page),
  );
};
