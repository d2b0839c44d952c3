import {
  AdminCloseTradeRequestSchema,
  AdminTradeDetailSchema,
  AdminTradeListQuerySchema,
  AdminTradePageSchema,
  BookTradeRequestSchema,
} from '@candor/contracts/admin-trades';
import { DeskBookingSchema } from '@candor/contracts/desk-bookings';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import { IdempotencyHeadersSchema } from '@candor/contracts/money';
import {
  DeskTradeListQuerySchema,
  DeskTradePageSchema,
  DeskTradeSummarySchema,
  PlaceTradeRequestSchema,
  TradeListQuerySchema,
  TradePageSchema,
  TradeSchema,
  TradingTermsSchema,
} from '@candor/contracts/trades';
import { BOOKING_WINDOW_DAYS } from '@candor/domain/trading/booking-times';
import { z } from 'zod';
import { readIdempotencyClaim } from '../../lib/idempotency.ts';
import { requireActiveActor, requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { requireUser } from '../users/users.service.ts';
import { bookTrade } from './book-trade.service.ts';
import { adminCloseTrade } from './close-trade.service.ts';
import { createTradeCloseGroup } from './close-trades-together.ts';
import {
  acceptDeskTrade,
  listOwnDeskTrades,
  rejectDeskTrade,
  summarizeOwnDeskTrades,
} from './desk-trades.service.ts';
import { createTradeOpenGroup } from './open-trades-together.ts';
import { expireDueDeskTrades } from './trades.repository.ts';
import { listOwnTrades, listTrades, requireAdminTrade } from './trades.service.ts';
import { findTradingTerms, toTradingTermsAnswer } from './trading-terms.ts';

/** How often unaccepted desk proposals past their expiry are marked expired (reads also do it). */
const DESK_EXPIRY_SWEEP_MS = 5 * 60_000;

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

export const tradesRoutes: RoutesPlugin<'db' | 'market' | 'transactions' | 'clock'> = async (
  app,
  { db, market, transactions, clock },
) => {
  const sweep = setInterval(() => {
    expireDueDeskTrades(db, clock()).catch((error: unknown) =>
      app.log.error({ err: error }, 'expiring desk trades failed'),
    );
  }, DESK_EXPIRY_SWEEP_MS);
  sweep.unref();
  // Opens, and closes, that arrive together are decided in one transaction (group commit, decision 041).
  const tradeOpens = createTradeOpenGroup({ market, transactions, log: app.log });
  const tradeCloses = createTradeCloseGroup({ market, transactions, log: app.log });
  app.addHook('onClose', async () => clearInterval(sweep));

  // ---------- customers ----------

  app.post(
    '/api/trades',
    {
      config: { access: 'client' },
      schema: {
        tags: ['trades'],
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
      return tradeOpens.submit({ actor, input: request.body, claim: readIdempotencyClaim(request) });
    },
  );

  app.get(
    '/api/trades',
    {
      config: { access: 'client' },
      schema: {
        tags: ['trades'],
        summary: "The signed-in customer's open or closed trades, newest first (5 a page)",
        querystring: TradeListQuerySchema,
        response: { 200: TradePageSchema, ...errors },
      },
    },
    async (request) => listOwnTrades(db, requireActor(request).id, request.query),
  );

  app.get(
    '/api/trading-terms',
    {
      config: { access: 'client' },
      schema: {
        tags: ['trades'],
        summary: "The signed-in customer's maximum leverage and spread",
        description:
          "From the customer's active trading package or, without one, the Settings defaults. A BUY opens " +
          'at the ask and a SELL at the bid = the mid ± half the spread (pips on forex, percent of the ' +
          'price on crypto and stocks); each closes on the other side with the spread it opened with.',
        response: { 200: TradingTermsSchema, ...errors },
      },
    },
    async (request) => toTradingTermsAnswer(await findTradingTerms(db, requireActor(request).id, clock())),
  );

  app.post(
    '/api/trades/:id/close',
    {
      config: { access: 'client' },
      schema: {
        tags: ['trades'],
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
      return tradeCloses.submit({ actor, id: request.params.id, claim: readIdempotencyClaim(request) });
    },
  );

  // ---------- customers: trades booked by the desk ----------

  app.get(
    '/api/desk-trades',
    {
      config: { access: 'client' },
      schema: {
        tags: ['trades'],
        summary: "The signed-in customer's trades booked by the desk, awaiting ones first (10 a page)",
        description:
          "Each with its proposal: status (proposed, accepted, rejected, expired), the desk's reason, " +
          'when it was booked, when it expires unaccepted and when it was decided.',
        querystring: DeskTradeListQuerySchema,
        response: { 200: DeskTradePageSchema, ...errors },
      },
    },
    async (request) => listOwnDeskTrades(db, requireActor(request).id, clock(), request.query),
  );

  app.get(
    '/api/desk-trades/summary',
    {
      config: { access: 'client' },
      schema: {
        tags: ['trades'],
        summary: 'How many trades booked by the desk await the signed-in customer',
        response: { 200: DeskTradeSummarySchema, ...errors },
      },
    },
    async (request) => summarizeOwnDeskTrades(db, requireActor(request).id, clock()),
  );

  app.post(
    '/api/desk-trades/:id/accept',
    {
      config: { access: 'client' },
      schema: {
        tags: ['trades'],
        summary: 'Accept a trade the desk booked for you: its result is posted to your cash',
        description:
          "Another customer's trade is 404; one already accepted, rejected or expired (7 days after " +
          "booking, by the server's clock) 409 ALREADY_DECIDED; a loss larger than your available cash " +
          '422 INSUFFICIENT_FUNDS; a suspended account 403 ACCOUNT_INACTIVE. Accepts an Idempotency-Key: ' +
          'a retry posts once.',
        headers: IdempotencyHeadersSchema,
        params: TradeIdParamsSchema,
        response: { 200: TradeSchema, ...moneyErrors },
      },
    },
    async (request) => {
      // Accepting moves money: refused for a suspended account like opening a trade.
      const actor = requireActiveActor(request);
      return transactions.runMoneyRequest(request, TradeSchema, ({ tx, now }) =>
        acceptDeskTrade({ tx, actor, now, id: request.params.id }),
      );
    },
  );

  app.post(
    '/api/desk-trades/:id/reject',
    {
      config: { access: 'client' },
      schema: {
        tags: ['trades'],
        summary: 'Reject a trade the desk booked for you: nothing is posted',
        description:
          "Another customer's trade is 404; one already decided or expired 409 ALREADY_DECIDED. " +
          'Accepts an Idempotency-Key.',
        headers: IdempotencyHeadersSchema,
        params: TradeIdParamsSchema,
        response: { 200: TradeSchema, ...moneyErrors },
      },
    },
    async (request) => {
      // Rejecting moves nothing: a suspended customer may still refuse a booking.
      const actor = requireActor(request);
      return transactions.runMoneyRequest(request, TradeSchema, ({ tx, now }) =>
        rejectDeskTrade({ tx, actor, now, id: request.params.id }),
      );
    },
  );

  // ---------- administrators ----------

  app.get(
    '/api/admin/trades',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['trades'],
        summary: 'Every trade, newest first (10 a page), optionally by the start of the customer e-mail',
        description:
          "Above 100,000 trades the unfiltered total (and so the page count) is PostgreSQL's estimate; " +
          'a filtered total is counted up to 10,000. Pages in the second half are read from the end.',
        querystring: AdminTradeListQuerySchema,
        response: { 200: AdminTradePageSchema, ...errors },
      },
    },
    async (request) => listTrades(db, clock(), request.query),
  );

  app.get(
    '/api/admin/trades/:id',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['trades'],
        summary: 'One trade with its customer, the current price and the result closing it now would give',
        params: TradeIdParamsSchema,
        response: { 200: AdminTradeDetailSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      await expireDueDeskTrades(db, clock());
      return requireAdminTrade(db, market, request.params.id);
    },
  );

  app.post(
    '/api/admin/trades/:id/close',
    {
      config: { access: 'trades.manage' },
      schema: {
        tags: ['trades'],
        summary: 'Close any open trade at the market price of this moment, with a reason (audited)',
        description:
          "The customer's statement lines say it was closed by an administrator, with the reason, and the " +
          'customer is e-mailed the close price, time, result and reason (kept in their Messages).',
        headers: IdempotencyHeadersSchema,
        params: TradeIdParamsSchema,
        body: AdminCloseTradeRequestSchema,
        response: { 200: AdminTradeDetailSchema, ...moneyErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.runMoneyRequest(request, AdminTradeDetailSchema, ({ tx, now, outbox }) =>
        adminCloseTrade({
          tx,
          actor,
          now,
          outbox,
          market,
          id: request.params.id,
          reason: request.body.reason,
        }),
      );
    },
  );

  app.get(
    '/api/admin/users/:id/trading-terms',
    {
      config: { access: 'trades.manage' },
      schema: {
        tags: ['trades'],
        summary: "A customer's maximum leverage and spread, as their own trades read them",
        description:
          "What the booking form checks a desk booking's lot size against (the server checks it again). " +
          '404 USER_NOT_FOUND for an unknown user.',
        params: UserParamsSchema,
        response: { 200: TradingTermsSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const customer = await requireUser(db, request.params.id);
      return toTradingTermsAnswer(await findTradingTerms(db, customer.id, clock()));
    },
  );

  app.post(
    '/api/admin/users/:id/trades',
    {
      config: { access: 'trades.manage' },
      schema: {
        tags: ['trades'],
        summary: 'Propose a trade executed outside the platform, at recorded prices, with a reason (audited)',
        description:
          "The close after the open and in the past; the open not before the minute the customer's account " +
          `was created nor more than ${BOOKING_WINDOW_DAYS} days back; the lot size within the customer's own ` +
          "maximum leverage; each price within its minute's recorded low–high ± 0.1% (400 otherwise); " +
          'a reason the customer reads. The result is computed from the prices; nothing is posted until the ' +
          'customer accepts it (it expires unaccepted after 7 days). A loss larger than the cash is 422 ' +
          'INSUFFICIENT_FUNDS. The customer is e-mailed (state proposed). A result whose size is above the ' +
          'four-eyes threshold waits for a second staff member instead (state awaiting_approval, an approval ' +
          'of kind desk_trade): nothing reaches the customer until it is approved. Accepts an ' +
          'Idempotency-Key: a retry books once.',
        headers: IdempotencyHeadersSchema,
        params: UserParamsSchema,
        body: BookTradeRequestSchema,
        response: { 200: DeskBookingSchema, ...moneyErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.runMoneyRequest(request, DeskBookingSchema, ({ tx, now, outbox }) =>
        bookTrade({ tx, actor, now, outbox, market, userId: request.params.id, input: request.body }),
      );
    },
  );
};
