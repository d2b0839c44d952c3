import { ErrorResponseSchema } from '@candor/contracts/errors';
import { IdempotencyHeadersSchema } from '@candor/contracts/money';
import {
  MyPlansSchema,
  PlanListQuerySchema,
  PlanListSchema,
  PlanPurchaseSchema,
  PlanSchema,
  PurchasePlanRequestSchema,
  SavePlanRequestSchema,
} from '@candor/contracts/plans';
import { z } from 'zod';
import { readIdempotencyClaim } from '../../lib/idempotency.ts';
import { requireActiveActor, requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import {
  createPlan,
  listAllPlans,
  listPlansOnSale,
  readCustomerPlans,
  readPlansOf,
  updatePlan,
} from './plans.service.ts';
import { createPlanPurchaseGroup } from './purchase-plans-together.ts';

const PlanParamsSchema = z.object({ id: z.uuid() });
const UserParamsSchema = z.object({ id: z.string().min(1).max(200) });

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const saveErrors = {
  400: ErrorResponseSchema,
  ...errors,
  404: ErrorResponseSchema,
  422: ErrorResponseSchema,
};
const moneyErrors = {
  400: ErrorResponseSchema,
  ...errors,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  422: ErrorResponseSchema,
};

export const plansRoutes: RoutesPlugin<'db' | 'transactions' | 'clock'> = async (
  app,
  { db, transactions, clock },
) => {
  // Purchases that arrive together are decided in one transaction (group commit, decision 041).
  const planPurchases = createPlanPurchaseGroup({ transactions, log: app.log });
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

  app.get(
    '/api/plans/mine',
    {
      config: { access: 'client' },
      schema: {
        tags: ['plans'],
        summary:
          "The signed-in account's plans: the active ones (one per kind at most) and the 20 most recent others",
        response: { 200: MyPlansSchema, ...errors },
      },
    },
    async (request) => readPlansOf(db, requireActor(request).id, clock()),
  );

  app.post(
    '/api/plans/:id/purchase',
    {
      config: { access: 'client' },
      schema: {
        tags: ['plans'],
        summary: 'Buy a signal plan or a trading package from the available cash',
        description:
          'The body carries the price the customer confirmed: when the catalogue price differs, 409 CONFLICT ' +
          '(nothing is charged). A plan not on sale, or a loan plan, is 409 PLAN_NOT_ON_SALE. Not enough ' +
          'available cash is 422 INSUFFICIENT_FUNDS (the message names the missing amount). One current plan ' +
          'per kind: an expired one is ended and the new one bought; an active one is replaced only by a ' +
          'higher-ranked plan of its kind, and the unused part of its price is credited pro rata by the time ' +
          'left, rounded down to the cent (0 for a plan without an end date); the same or a lower rank is 409 ' +
          'PLAN_ALREADY_ACTIVE. The purchase keeps a copy of the terms. Suspended accounts and staff are ' +
          'refused (403). Accepts an Idempotency-Key: a retry buys once.',
        params: PlanParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: PurchasePlanRequestSchema,
        response: { 200: PlanPurchaseSchema, ...moneyErrors },
      },
    },
    async (request) => {
      const actor = requireActiveActor(request);
      return planPurchases.submit({
        actor,
        planId: request.params.id,
        input: request.body,
        claim: readIdempotencyClaim(request),
      });
    },
  );

  // ---------- staff ----------

  app.get(
    '/api/admin/plans',
    {
      config: { access: 'plans.manage' },
      schema: {
        tags: ['plans'],
        summary: 'Every plan of the catalogue, on sale or not, by kind and rank',
        response: { 200: PlanListSchema, ...errors },
      },
    },
    async () => listAllPlans(db),
  );

  app.post(
    '/api/admin/plans',
    {
      config: { access: 'plans.manage' },
      schema: {
        tags: ['plans'],
        summary: 'Add a plan to the catalogue (audited)',
        description: 'A name or description promising a return is refused with 422 RETURN_PROMISE.',
        body: SavePlanRequestSchema,
        response: { 200: PlanSchema, ...saveErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run((context) => createPlan({ ...context, actor, input: request.body }));
    },
  );

  app.put(
    '/api/admin/plans/:id',
    {
      config: { access: 'plans.manage' },
      schema: {
        tags: ['plans'],
        summary: 'Edit a plan (audited, before and after); purchases already made keep their terms',
        description:
          "A plan's kind cannot change (400). A name or description promising a return is refused with 422 RETURN_PROMISE.",
        params: PlanParamsSchema,
        body: SavePlanRequestSchema,
        response: { 200: PlanSchema, ...saveErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run((context) =>
        updatePlan({ ...context, actor, id: request.params.id, input: request.body }),
      );
    },
  );

  app.get(
    '/api/admin/users/:id/plans',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['plans'],
        summary: "A customer's plans: the active ones and the 20 most recent others",
        params: UserParamsSchema,
        response: { 200: MyPlansSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => readCustomerPlans(db, request.params.id, clock()),
  );
};
