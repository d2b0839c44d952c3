import { ErrorResponseSchema } from '@candor/contracts/errors';
import { BalancesSchema, StatementPageSchema, StatementQuerySchema } from '@candor/contracts/ledger';
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
        description:
          'Narrowed, when asked, to one kind of movement (`kind`) and to days from `from` to `to`, both ' +
          'inclusive, in the time zone `tz` (UTC when absent). The balances after each entry count every ' +
          'entry of the account, those a filter leaves out included.',
        querystring: StatementQuerySchema,
        response: { 200: StatementPageSchema, 400: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { page, ...filter } = request.query;
      return readStatement(db, requireActor(request).id, page, { filter });
    },
  );
};
