import { ErrorResponseSchema } from '@candor/contracts/errors';
import { PlanListQuerySchema, PlanListSchema } from '@candor/contracts/plans';
import type { RoutesPlugin } from '../../services.ts';
import { listPlansOnSale } from './plans.service.ts';

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };

export const plansRoutes: RoutesPlugin<'db'> = async (app, { db }) => {
  app.get(
    '/api/plans',
    {
      config: { access: 'client' },
      schema: {
        tags: ['plans'],
        summary: 'The plans on sale (signal plans, trading packages, loan plans), by kind and rank',
        querystring: PlanListQuerySchema,
        response: { 200: PlanListSchema, ...errors },
      },
    },
    async (request) => listPlansOnSale(db, request.query.kind),
  );
};
