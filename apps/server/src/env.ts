import path from 'node:path';
import { z } from 'zod';
import { parseRateLimitOverrides, type RateLimits } from './lib/rate-limit-policies.ts';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public address of the site, used in e-mailed links. */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** Signs sessions and tokens. When not set, one is generated on first start and kept in the database. */
  AUTH_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Candor <no-reply@candor.local>'),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Comma-separated proxy addresses to trust for the client address (X-Forwarded-For). */
  TRUST_PROXY: z.string().optional(),
  /** `off`: this server adds jobs but runs none (tests drain the queue by hand). */
  JOB_WORKER: z.enum(['on', 'off']).default('on'),
  /** Hours an Idempotency-Key answers retries; after that the key is forgotten and a request with it is new. */
  IDEMPOTENCY_KEY_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24),
  /** Hours an upload that no record uses is kept (a form never submitted) before housekeeping removes it. */
  /** `off`: this server runs no housekeeping (another one does; the benchmarks run it by hand). */
  HOUSEKEEPING: z.enum(['on', 'off']).default('on'),
  UNUSED_FILE_AGE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Where live prices come from: 'simulated' (no network) or 'coingecko' (crypto from CoinGecko, the rest simulated). */
  PRICE_SOURCE: z.enum(['simulated', 'coingecko']).default('simulated'),
  /** A CoinGecko demo API key, sent as `x-cg-demo-api-key` (never logged); the public API also works without one. */
  COINGECKO_API_KEY: z.string().optional(),
  /** CoinGecko's API address, for a proxy or a test server. Defaults to https://api.coingecko.com/api/v3. */
  COINGECKO_BASE_URL: z.url().optional(),
  /**
   * Seed of the simulated market: the same seed gives the same prices on every server. When not
   * set, one is generated on first start and kept in the database, so nobody can compute the
   * installation's future prices from the published code.
   */
  MARKET_SEED: z.coerce.number().int().optional(),
  /** Milliseconds between two ticks of the live prices. */
  MARKET_TICK_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /**
   * Changes to the request limits of the routes that change something (lib/rate-limit-policies.ts):
   * comma-separated `<policy>.<account|address|window>=<number>`, e.g. `sign-up.address=500`.
   */
  RATE_LIMITS: z
    .string()
    .optional()
    .transform((text, ctx): RateLimits => {
      const parsed = parseRateLimitOverrides(text);
      if (parsed.ok) return parsed.limits;
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }),
});

export type Env = z.infer<typeof EnvSchema> & { dataDir: string; publicUrl: string };

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const env = parsed.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}
