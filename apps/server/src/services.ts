import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database, Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { Clock } from './lib/clock.ts';
import type { JobQueue } from './lib/jobs/job-queue.ts';
import type { Transactions } from './lib/transactions.ts';
import type { MarketService } from './market/market.service.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { SignalRatings } from './modules/signals/signal-ratings.ts';
import type { StorageBackend } from './modules/storage/storage-backend.ts';
import type { Auth } from './plugins/auth.ts';

/**
 * What the app is built from, made once by `buildApp`. A module's routes receive only the
 * services they name (see RoutesPlugin), so a newcomer reads from its signature what it touches.
 */
export type Services = {
  env: Env;
  database: Database;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  storage: StorageBackend;
  market: MarketService;
  /** Computed ratings of the signal strength, the signals list and alerts, kept per closed candle. */
  signalRatings: SignalRatings;
  clock: Clock;
  transactions: Transactions;
  /** The durable job queue: modules register their job handlers here while routes register. */
  jobs: JobQueue;
};

/** A module's routes: a Fastify plugin given the services it uses, and nothing else. */
export type RoutesPlugin<K extends keyof Services> = FastifyPluginAsyncZod<Pick<Services, K>>;
