import { ErrorResponseSchema } from '@candor/contracts/errors';
import {
  CandlesQuerySchema,
  type CandlesResponse,
  CandlesResponseSchema,
  InstrumentListSchema,
  QuoteSchema,
  SignalRatingSchema,
} from '@candor/contracts/market';
import { z } from 'zod';
import type { RoutesPlugin } from '../../services.ts';
import { requireSignalStrength } from '../signals/signals.service.ts';
import { createPriceStreamHub } from './price-stream.ts';

const SymbolParamsSchema = z.object({ symbol: z.string().min(1).max(20) });
const StreamQuerySchema = z.object({
  /** Comma-separated symbols, at most 20: BTCUSD,EURUSD */
  symbols: z.string().min(1).max(400),
});
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };
const common = { tags: ['market'] };

export const marketRoutes: RoutesPlugin<'market' | 'signalRatings'> = async (
  app,
  { market, signalRatings },
) => {
  const priceStreams = createPriceStreamHub(market.live);
  // Streams never end by themselves: end them before the server waits for its connections.
  app.addHook('preClose', async () => priceStreams.closeAll());

  app.get(
    '/api/instruments',
    {
      config: { access: 'client' },
      schema: {
        ...common,
        summary: 'Every tradable instrument',
        response: { 200: InstrumentListSchema, ...errors },
      },
    },
    async () => ({ items: market.listInstruments() }),
  );

  app.get(
    '/api/instruments/:symbol/candles',
    {
      config: { access: 'client' },
      schema: {
        ...common,
        summary:
          'Candles of an instrument, oldest first (default: the last 300 intervals; at most 10,000 and 400 days a request)',
        params: SymbolParamsSchema,
        querystring: CandlesQuerySchema,
        response: { 200: CandlesResponseSchema, ...errors },
      },
    },
    // Fastify sends a string with a JSON content type as it is, without the response serializer:
    // the candles were serialised once, by blocks (docs/decisions/035-candles.md). The type
    // provider cannot see that the text is a CandlesResponse, hence the one cast.
    async (request, reply) => {
      const json = await market.readCandlesJson(request.params.symbol, request.query);
      return reply.type('application/json; charset=utf-8').send(json as unknown as CandlesResponse);
    },
  );

  app.get(
    '/api/quotes/:symbol',
    {
      config: { access: 'client' },
      schema: {
        ...common,
        summary: 'The latest price of an instrument, its time and source',
        params: SymbolParamsSchema,
        response: { 200: QuoteSchema, ...errors },
      },
    },
    async (request) => market.requireQuote(request.params.symbol),
  );

  app.get(
    '/api/signals/:symbol',
    {
      config: { access: 'client' },
      schema: {
        ...common,
        summary: 'Technical rating (0–100%) of an instrument from its closed 1-hour candles',
        params: SymbolParamsSchema,
        response: { 200: SignalRatingSchema, ...errors },
      },
    },
    async (request) => requireSignalStrength({ market, ratings: signalRatings }, request.params.symbol),
  );

  app.get(
    '/api/prices/stream',
    {
      config: { access: 'client' },
      schema: {
        ...common,
        summary: 'Live quotes as Server-Sent Events (`event: quote`), current ones first',
        querystring: StreamQuerySchema,
        response: { 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const symbols = market.requireStreamSymbols(request.query.symbols.split(','));
      return priceStreams.stream(reply, symbols);
    },
  );
};
