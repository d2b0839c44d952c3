import { INSTRUMENTS } from '@candor/domain/market/instruments';
import { REFERENCE_ORIGIN_SECONDS } from '@candor/domain/market/simulated-market';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { createCoinGeckoClient } from './coingecko/coingecko-client.ts';
import { createCoinGeckoSource } from './coingecko/coingecko-source.ts';
import { withHistoryBackfill } from './history-backfill.ts';
import { createMarketService, type MarketService } from './market.service.ts';
import type { MarketLogger } from './market-logger.ts';
import { planSources } from './market-sources.ts';
import { createPostgresQuoteBus } from './postgres-quote-bus.ts';
import { createLocalQuoteBus, type QuoteBus } from './quote-bus.ts';

/** In-process on the embedded database; NOTIFY/LISTEN across servers on PostgreSQL. */
export function createQuoteBus(
  database: Database,
  logger: MarketLogger,
  options: { retryMs?: number } = {},
): QuoteBus {
  const { createClient } = database;
  if (database.kind !== 'postgres' || !createClient) return createLocalQuoteBus();
  return createPostgresQuoteBus({
    createClient,
    notify: async (channel, payload) => {
      await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    logger,
    ...options,
  });
}

/** The market service as PRICE_SOURCE and MARKET_TICK_MS configure it, on the installation's seed. */
export function createMarketFromEnv(
  env: Env,
  database: Database,
  logger: MarketLogger,
  seed: number,
  clock: Clock = systemClock,
): MarketService {
  const settings = { seed, originSeconds: REFERENCE_ORIGIN_SECONDS };
  // PRICE_SOURCE=coingecko: the crypto pairs CoinGecko covers come from it, the rest stays simulated.
  const createRealSource =
    env.PRICE_SOURCE === 'coingecko'
      ? () =>
          withHistoryBackfill(
            createCoinGeckoSource({
              client: createCoinGeckoClient({
                apiKey: env.COINGECKO_API_KEY,
                baseUrl: env.COINGECKO_BASE_URL,
              }),
              instruments: INSTRUMENTS,
              logger,
              now: clock,
            }),
            // No chart or rating without history: fill it in the background when this server produces.
            { db: database.db, instruments: INSTRUMENTS, clock, logger },
          )
      : undefined;
  const plan = planSources({
    instruments: INSTRUMENTS,
    settings,
    clock,
    tickMs: env.MARKET_TICK_MS,
    ...(createRealSource && { createRealSource }),
  });
  return createMarketService({
    db: database.db,
    instruments: INSTRUMENTS,
    settings,
    plan,
    bus: createQuoteBus(database, logger),
    clock,
    tickMs: env.MARKET_TICK_MS,
    logger,
  });
}
