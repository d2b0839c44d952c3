import { ErrorResponseSchema } from '@candor/contracts/errors';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { clientAddressKey } from '../lib/client-address.ts';
import type { Clock } from '../lib/clock.ts';
import { createRateLimitCounter } from '../lib/rate-limit-counter.ts';
import {
  POLICIES_COUNTED_IN_MEMORY,
  type RateLimitPolicyName,
  type RateLimits,
  SHARE_COUNTS_EVERY_MS,
} from '../lib/rate-limit-policies.ts';
import { createSharedRateLimitCounts, type SharedRateLimitCounts } from '../lib/rate-limit-shared-counts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The request counts this server keeps in memory (`share()` writes them now). */
    rateLimitCounts: SharedRateLimitCounts;
  }
  interface FastifyContextConfig {
    /** The request limits of a route that changes something (lib/rate-limit-policies.ts); `default` when not named. */
    rateLimit?: RateLimitPolicyName;
  }
}

/** Methods that change nothing, never counted. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Counts every /api request that may change something (any method but GET, HEAD and OPTIONS),
 * per signed-in account and per client address, under the route's policy; past a limit the
 * answer is 429 RATE_LIMITED with Retry-After. Registered after the access hook, which has
 * already found the signed-in account; a route added later is covered without doing anything.
 */
export function registerRateLimits(
  app: FastifyInstance,
  { db, clock, limits }: { db: Db; clock: Clock; limits: RateLimits },
): void {
  const counter = createRateLimitCounter(db, clock);
  const inMemory = createSharedRateLimitCounts(db, clock, {
    shareEveryMs: SHARE_COUNTS_EVERY_MS,
    log: app.log,
  });
  app.decorate('rateLimitCounts', inMemory);
  app.addHook('onClose', async () => {
    try {
      await inMemory.stop();
    } catch (error) {
      app.log.warn({ err: error }, 'the last request counts could not be shared');
    }
  });
  // The OpenAPI document says which routes may answer 429 (and 403 for a cross-site request).
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith('/api') || methods.every((m) => SAFE_METHODS.has(m))) return;
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response) return;
    route.schema = {
      ...route.schema,
      response: { 403: ErrorResponseSchema, 429: ErrorResponseSchema, ...response },
    };
  });
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api') || SAFE_METHODS.has(request.method)) return;
    const name = request.routeOptions.config?.rateLimit ?? 'default';
    const policy = limits[name];
    const addressKey = `${name}:address:${clientAddressKey(request.ip)}`;
    const accountKey = request.actor ? `${name}:account:${request.actor.id}` : undefined;
    const keys = accountKey ? [addressKey, accountKey] : [addressKey];
    const { hits, secondsLeft } = POLICIES_COUNTED_IN_MEMORY.has(name)
      ? inMemory.hit(keys, policy.window)
      : await counter.hit(keys, policy.window);
    const overAddress = (hits.get(addressKey) ?? 0) > policy.address;
    const overAccount = accountKey !== undefined && (hits.get(accountKey) ?? 0) > policy.account;
    if (overAddress || overAccount) throw tooManyRequests(secondsLeft);
  });
}

/** The answer past a limit: 429 RATE_LIMITED, with Retry-After and the same wait in its message. */
export function tooManyRequests(seconds: number): AppError {
  return new AppError('RATE_LIMITED', `Too many requests. Please wait ${seconds} seconds and try again.`, {
    retryAfterSeconds: seconds,
  });
}
