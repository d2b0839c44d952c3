import { ErrorResponseSchema } from '@candor/contracts/errors';
import { IdempotencyHeadersSchema } from '@candor/contracts/money';
import {
  AdminCloseTradeRequestSchema,
  AdminTradeDetailSchema,
  AdminTradeListQuerySchema,
  AdminTradePageSchema,
  AdminTradeSchema,
  BookTradeRequestSchema,
  PlaceTradeRequestSchema,
  TradeListQuerySchema,
  TradePageSchema,
  TradeSchema,
} from '@candor/contracts/trades';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../app.ts';
import { runMoneyRequest } from '../../lib/idempotency.ts';
import { requireActiveActor, requireActor, requireAuditActor } from '../../lib/request-actor.ts';
import { bookTrade } from './book-trade.service.ts';
import {
  adminCloseTrade,
  closeOwnTrade,
  listOwnTrades,
  listTrades,
  placeTrade,
  requireAdminTrade,
} from './trades.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const moneyErrors = {
  ...errors,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  422: ErrorResponseSchema,
  503: ErrorResponseSchema,
};
const TradeIdParamsSchema = z.object({ id: z.string().min(1).max(200) });
const UserParamsSchema = z.object({ id: z.string().min(1).max(200) });

export async function tradesRoutes(app: FastifyInstance, { database, market }: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  // ---------- customers ----------

  r.post(
    '/api/trades',
    {
      config: { access: 'client' },
      schema: {
        tags: ['trades'],
        security: [{ session: [] }],
        summary: 'Open a trade at the market price of this moment; its amount is reserved as margin',
        description:
          "The price is the market service's, never one from the request. Refused when that price is stale " +
          '(503 PRICE_UNAVAILABLE), when the available cash does not cover the amount (422 INSUFFICIENT_FUNDS ' +
          '"Insufficient balance") and when the lot size exceeds the maximum leverage (400). Accepts an ' +
          'Idempotency-Key: a retry opens one trade.',
        headers: IdempotencyHeadersSchema,
        body: PlaceTradeRequestSchema,
        response: { 200: TradeSchema, ...moneyErrors },
      },
    },
    async (request) => {
      const actor = requireActiveActor(request);
      const customer = { id: actor.userId, role: actor.role };
      return runMoneyRequest(db, request, TradeSchema, (tx) =>
        placeTrade(tx, market, customer, request.body, new Date()),
      );
    },
  );

  r.get(
    '/api/trades',
    {
      config: { access: 'client' },
      schema: {
        tags: ['trades'],
        security: [{ session: [] }],
        summary: "The signed-in customer's open or closed trades, newest first (5 a page)",
        querystring: TradeListQuerySchema,
        response: { 200: TradePageSchema, ...errors },
      },
    },
    async (request) => listOwnTrades(db, requireActor(request).userId, request.query),
  );

  r.post(
    '/api/trades/:id/close',
    {
      config: { access: 'client' },
      schema: {
        tags: ['trades'],
        security: [{ session: [] }],
        summary: 'Close one of your own open trades at the market price of this moment',
        description:
          "Releases the margin and posts the result. Another customer's trade is 404; a closed one 409 " +
          'ALREADY_DECIDED. Accepts an Idempotency-Key: a retry closes once.',
        headers: IdempotencyHeadersSchema,
        params: TradeIdParamsSchema,
        response: { 200: TradeSchema, ...moneyErrors },
      },
    },
    async (request) => {
      // A suspended customer may still close their own trades (only opening new ones is refused).
      const actor = requireActor(request);
      const customer = { id: actor.userId, role: actor.role };
      return runMoneyRequest(db, request, TradeSchema, (tx) =>
        closeOwnTrade(tx, market, customer, request.params.id, new Date()),
      );
    },
  );

  // ---------- administrators ----------

  r.get(
    '/api/admin/trades',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['trades'],
        security: [{ session: [] }],
        summary: 'Every trade, newest first (10 a page), optionally by part of the customer e-mail',
        querystring: AdminTradeListQuerySchema,
        response: { 200: AdminTradePageSchema, ...errors },
      },
    },
    async (request) => listTrades(db, request.query),
  );

  r.get(
    '/api/admin/trades/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['trades'],
        security: [{ session: [] }],
        summary: 'One trade with its customer, the current price and the result closing it now would give',
        params: TradeIdParamsSchema,
        response: { 200: AdminTradeDetailSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => requireAdminTrade(db, market, request.params.id),
  );

  r.post(
    '/api/admin/trades/:id/close',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['trades'],
        security: [{ session: [] }],
        summary: 'Close any open trade at the market price of this moment, with a reason (audited)',
        headers: IdempotencyHeadersSchema,
        params: TradeIdParamsSchema,
        body: AdminCloseTradeRequestSchema,
        response: { 200: AdminTradeDetailSchema, ...moneyErrors },
      },
    },
    async (request) => {
      const actor = requireAuditActor(request);
      return runMoneyRequest(db, request, AdminTradeDetailSchema, (tx) =>
        adminCloseTrade(tx, market, actor, request.params.id, request.body.reason, new Date()),
      );
    },
  );

  r.post(
    '/api/admin/users/:id/trades',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['trades'],
        security: [{ session: [] }],
        summary: 'Book a trade executed outside the platform, at recorded prices (audited)',
        description:
          "Both times in the past; each price within its minute's recorded low–high ± 0.1 % (400 otherwise). " +
          "The result is computed from the prices and posted to the customer's cash; a loss larger than the " +
          'cash is 422 INSUFFICIENT_FUNDS. Accepts an Idempotency-Key: a retry books once.',
        headers: IdempotencyHeadersSchema,
        params: UserParamsSchema,
        body: BookTradeRequestSchema,
        response: { 200: AdminTradeSchema, ...moneyErrors },
      },
    },
    async (request) => {
      const actor = requireAuditActor(request);
      return runMoneyRequest(db, request, AdminTradeSchema, (tx) =>
        bookTrade(tx, market, actor, request.params.id, request.body, new Date()),
      );
    },
  );
}
