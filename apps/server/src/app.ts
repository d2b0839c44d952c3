import { MAX_UPLOAD_BYTES } from '@candor/contracts/files';
import { SIGNAL_INTERVALS } from '@candor/domain/plans/plan-kinds';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createHousekeepingJob, HOUR_MS, type HousekeepingJob } from './lib/housekeeping-job.ts';
import { ensureInstanceSecret, ensureInstanceSeed } from './lib/instance-secret.ts';
import { createJobQueue, type JobQueue } from './lib/jobs/job-queue.ts';
import { registerTestJobKind } from './lib/jobs/test-job-kind.ts';
import { OneLinePerRequest, serializeRequest } from './lib/log-redaction.ts';
import { createTransactions } from './lib/transactions.ts';
import type { MarketService } from './market/market.service.ts';
import { createMarketFromEnv } from './market/market-from-env.ts';
import {
  createDeskTradeApprovalExpiryJob,
  type DeskTradeApprovalExpiryJob,
} from './modules/approvals/desk-trade-expiry.ts';
import {
  type CopyStopLossMonitor,
  createCopyStopLossMonitor,
} from './modules/copy-trading/copy-stop-loss-monitor.ts';
import { createLoanInterestJob, type LoanInterestJob } from './modules/loans/loan-interest-job.ts';
import { createMailDeliveryWorker, type MailDeliveryWorker } from './modules/mail/mail-delivery-worker.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { readSiteName } from './modules/settings/settings.service.ts';
import { createSignalAlertJob, type SignalAlertJob } from './modules/signals/signal-alerts.job.ts';
import { createSignalRatings } from './modules/signals/signal-ratings.ts';
import type { StorageBackend } from './modules/storage/storage-backend.ts';
import { createStorageFromEnv } from './modules/storage/storage-from-env.ts';
import { createStopOutMonitor, type StopOutMonitor } from './modules/trades/stop-out-monitor.ts';
import {
  createVerificationRetentionJob,
  type VerificationRetentionJob,
} from './modules/verifications/verification-retention.ts';
import { registerAccessControl } from './plugins/access.ts';
import { createAuth } from './plugins/auth.ts';
import { answerFrameworkError, registerErrorHandler } from './plugins/errors.ts';
import { registerJobQueueReady } from './plugins/job-queue-ready.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import { createLastActiveRecorder, type LastActiveRecorder } from './plugins/last-active.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { createSessionReader } from './plugins/session-reader.ts';
import { validatorCompiler } from './plugins/validation.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { registerModules } from './routes.ts';
import type { Services } from './services.ts';

export type AppDeps = {
  env: Env;
  database: Database;
  /** Tests may pass their own; by default SMTP_URL decides. */
  mailer?: Mailer;
  /** Tests may pass their own; by default S3_* or DATA_DIR decides. */
  storage?: StorageBackend;
  /** The time routes pass to services; tests may pass a manual clock. */
  clock?: Clock;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The market service (live prices, candles, signals), for tests and operational checks. */
    market: MarketService;
    /** The automatic stop-out of trades, following the market's live quotes (tests drive its checks). */
    stopOut: StopOutMonitor;
    /** The copy stop-loss on price moves, following the live quotes (tests drive its checks). */
    copyStopLoss: CopyStopLossMonitor;
    /** The daily identity job: lapses, expiry notices, erasures (tests call runVerificationRetention). */
    verificationRetention: VerificationRetentionJob;
    /** Rating alerts of signal plans, every minute (tests call runOnce with a manual clock). */
    signalAlerts: SignalAlertJob;
    /** The daily loan job: interest, end-of-term collection, overdue loans (tests call runOnce). */
    loanInterest: LoanInterestJob;
    /** Hourly: expired idempotency keys and unused uploads go (tests call runOnce). */
    housekeeping: HousekeepingJob;
    /** Every 5 minutes: desk bookings that can no longer be approved expire (tests call runOnce). */
    deskTradeApprovalExpiry: DeskTradeApprovalExpiryJob;
    /** Retries failed SMTP deliveries until the app closes. */
    mailDelivery: MailDeliveryWorker;
    /** The durable job queue (lib/jobs); tests run its jobs with `drain()`. */
    jobs: JobQueue;
    /** Sessions' last-active times, written after requests (tests wait with `settled()`). */
    lastActive: LastActiveRecorder;
  }
}

/**
 * The zod compilers as Fastify's compiler factories. Fastify types the factories after ajv and
 * fast-json-stringify, but calls what they answer like any compiler set with setValidatorCompiler.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * How long after listening the background work starts: the job queue supervising and polling, the
 * signal ratings computed ahead. The server's first answers do not wait behind it (decision 038).
 */
const BACKGROUND_AFTER_LISTEN_MS = 2000;

export async function buildApp({
  env,
  database,
  mailer: givenMailer,
  storage: givenStorage,
  clock = systemClock,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL, serializers: { req: serializeRequest } },
    trustProxy: env.TRUST_PROXY ?? false,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    logController: new OneLinePerRequest(),
    frameworkErrors: answerFrameworkError,
    // Every route validates and serialises with zod (set below). Named here too, so that Fastify
    // does not build its default JSON Schema compilers (ajv, fast-json-stringify) at start only to
    // leave them unused (docs/decisions/038).
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonBodyParser(app);

  const { db } = database;
  const mailer =
    givenMailer ?? createMailer(db, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, clock, log: app.log });
  // Both read at once, first among the start's statements (server.ts sends the setup token's behind them).
  const [secret, seed] = await Promise.all([
    env.AUTH_SECRET ?? ensureInstanceSecret(db, 'auth'),
    env.MARKET_SEED ?? ensureInstanceSeed(db, 'market-seed'),
  ]);
  const storage = givenStorage ?? createStorageFromEnv(env);
  const market = createMarketFromEnv(env, database, app.log, seed);
  const auth = createAuth({
    db,
    mailer,
    secret,
    publicUrl: env.publicUrl,
    siteName: () => readSiteName(db),
    quiet: env.LOG_LEVEL === 'silent',
    clock,
  });

  registerSecurityHeaders(app, { https: env.publicUrl.startsWith('https:') });
  registerErrorHandler(app);
  // The server's own time for each API answer (read by bench/backoffice.mjs and browsers' dev tools).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api'))
      reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
  });
  // Cross-site requests are refused first, then the session is read, then changes are counted.
  registerOriginCheck(app, env.publicUrl);
  // Every signed-in request reads its session; one found last active over 5 minutes ago gets the
  // time, written after the request (plugins/last-active.ts).
  const lastActive = createLastActiveRecorder({ db, clock, log: app.log });
  app.decorate('lastActive', lastActive);
  registerAccessControl(app, auth, {
    readSessionFast: createSessionReader(auth, db),
    recordLastActive: lastActive,
  });
  registerRateLimits(app, { db, clock, limits: env.RATE_LIMITS });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Candor API',
        version: '1.0.0',
        description: 'The HTTP API of the Candor trading platform.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'candor.session_token' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list' },
  });
  // Ratings use closed candles at the market's own time (the market reads the system clock).
  const signalRatings = createSignalRatings(market, systemClock);
  // Durable jobs (transactional outbox, docs/decisions/030): modules register handlers while
  // their routes register; the queue starts after them.
  const jobs = createJobQueue({ database, logger: app.log });
  if (env.NODE_ENV === 'test') {
    registerTestJobKind(jobs, {
      delayMs: Number(process.env.CANDOR_TEST_JOB_DELAY_MS ?? 0),
      // The crash test reads these lines to kill the server while jobs run (warn: its log level).
      onStart: (n) => app.log.warn({ testJob: n }, 'test job started'),
    });
  }
  registerJobQueueReady(app, jobs);
  const services: Services = {
    env,
    database,
    db,
    auth,
    mailer,
    storage,
    market,
    signalRatings,
    clock,
    transactions: createTransactions({
      db,
      mailer,
      clock,
      idempotencyKeyTtlMs: env.IDEMPOTENCY_KEY_TTL_HOURS * HOUR_MS,
      commitBehindLastStatements: database.pipelines,
    }),
    jobs,
  };
  await registerModules(app, services);
  app.decorate('jobs', jobs);
  // The queue starts once the server listens (what may add jobs waits for it: requests that change
  // something, the monitors below); supervising and polling start a little later. The embedded
  // database runs one statement at a time, and the server's first answers should not queue
  // behind them (docs/decisions/038). An app that never listens (tests) prepares it on first use.
  app.addHook('onListen', async () => {
    await jobs.start({ work: env.JOB_WORKER === 'on', afterMs: BACKGROUND_AFTER_LISTEN_MS });
  });
  await registerWebApp(app, env);
  // Live prices run from here until the app closes (stream connections end first, in preClose).
  app.decorate('market', market);
  await market.start();
  // Stop-outs follow the live quotes: started after the market, stopped before it.
  const stopOut = createStopOutMonitor({ db, market, logger: app.log, jobs });
  app.decorate('stopOut', stopOut);
  stopOut.start();
  const copyStopLoss = createCopyStopLossMonitor({ db, market, mailer, logger: app.log, clock, jobs });
  app.decorate('copyStopLoss', copyStopLoss);
  copyStopLoss.start();
  const mailDelivery = createMailDeliveryWorker({ mailer, logger: app.log });
  app.decorate('mailDelivery', mailDelivery);
  mailDelivery.start();
  // Identity verification: lapses, expiry notices and erasures, once a day (issue 12).
  const verificationRetention = createVerificationRetentionJob({
    db,
    storage,
    mailer,
    logger: app.log,
    clock,
  });
  app.decorate('verificationRetention', verificationRetention);
  verificationRetention.start();
  // Rating alerts of signal plans, every minute (issue 13 item 2).
  const signalAlerts = createSignalAlertJob({
    db,
    market,
    ratings: signalRatings,
    mailer,
    logger: app.log,
    clock,
  });
  app.decorate('signalAlerts', signalAlerts);
  signalAlerts.start();
  // The first signals list of every instrument would take seconds: compute the ratings in the
  // background, once listening (a list asked for before computes its own ratings, as before).
  const warmUp = new AbortController();
  if (env.NODE_ENV !== 'test') {
    app.addHook('onListen', async () => {
      const timer = setTimeout(() => {
        const symbols = market.listInstruments().map((item) => item.symbol);
        signalRatings
          .warmUp(symbols, SIGNAL_INTERVALS, warmUp.signal)
          .catch((error: unknown) =>
            app.log.warn({ err: error }, 'signal ratings could not be computed ahead'),
          );
      }, BACKGROUND_AFTER_LISTEN_MS);
      warmUp.signal.addEventListener('abort', () => clearTimeout(timer));
    });
  }
  // Loans: daily interest and end-of-term collection (issue 13); each run does only what is due.
  const loanInterest = createLoanInterestJob({ db, mailer, logger: app.log, clock });
  app.decorate('loanInterest', loanInterest);
  loanInterest.start();
  // Housekeeping (issue 15): expired idempotency keys and uploads no record uses, every hour.
  const housekeeping = createHousekeepingJob({
    db,
    storage,
    logger: app.log,
    clock,
    idempotencyKeyTtlMs: env.IDEMPOTENCY_KEY_TTL_HOURS * HOUR_MS,
    unusedFileAgeMs: env.UNUSED_FILE_AGE_HOURS * HOUR_MS,
  });
  app.decorate('housekeeping', housekeeping);
  // Tests run it by hand: a test's manual clock days ahead must not prune what the test still uses.
  if (env.NODE_ENV !== 'test' && env.HOUSEKEEPING === 'on') housekeeping.start();
  // Desk bookings awaiting a second approval whose open left the booking window expire (decision 054).
  const deskTradeApprovalExpiry = createDeskTradeApprovalExpiryJob({ db, logger: app.log, clock });
  app.decorate('deskTradeApprovalExpiry', deskTradeApprovalExpiry);
  // Tests run it by hand: a test's clock moved days ahead must not expire a booking it still decides.
  if (env.NODE_ENV !== 'test') deskTradeApprovalExpiry.start();
  app.addHook('onClose', async () => {
    await deskTradeApprovalExpiry.stop();
    await housekeeping.stop();
    warmUp.abort();
    await jobs.stop();
    await signalAlerts.stop();
    await loanInterest.stop();
    await verificationRetention.stop();
    await mailDelivery.stop();
    await copyStopLoss.stop();
    await stopOut.stop();
    await market.stop();
    await lastActive.settled();
  });
  return app;
}
