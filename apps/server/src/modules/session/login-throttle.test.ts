import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { createLoginThrottle, type LoginLimits } from './login-throttle.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const LIMITS: LoginLimits = { perAccount: 2, perAddress: 3, windowMs: 60_000 };

/** A clock the test moves by hand. */
function manualClock(start = Date.parse('2030-01-01T00:00:00Z')) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

async function refusal(promise: Promise<void>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

test('an account is refused once it reaches its limit, and allowed again when the window has passed', async () => {
  const clock = manualClock();
  const throttle = createLoginThrottle(database.db, clock.now, LIMITS);
  const attempt = { email: 'Window@Example.com', ip: '192.0.2.1' };
  await throttle.recordFailure(attempt);
  expect(await refusal(throttle.assertAllowed(attempt))).toBeUndefined();
  clock.advance(30_000);
  await throttle.recordFailure(attempt);
  expect(await refusal(throttle.assertAllowed({ ...attempt, email: 'window@example.com' }))).toBe(
    'TOO_MANY_ATTEMPTS',
  );
  clock.advance(30_001); // the first failure leaves the window
  expect(await refusal(throttle.assertAllowed(attempt))).toBeUndefined();
});

test('clearing an account forgives its failures but not those of the address', async () => {
  const throttle = createLoginThrottle(database.db, manualClock().now, LIMITS);
  const attempt = { email: 'clear@example.com', ip: '192.0.2.2' };
  await throttle.recordFailure(attempt);
  await throttle.recordFailure(attempt);
  await throttle.recordFailure({ email: 'other@example.com', ip: attempt.ip });
  await throttle.clearAccount('CLEAR@example.com');
  expect(
    await refusal(throttle.assertAllowed({ email: 'clear@example.com', ip: '192.0.2.99' })),
  ).toBeUndefined();
  expect(await refusal(throttle.assertAllowed({ email: 'fresh@example.com', ip: attempt.ip }))).toBe(
    'TOO_MANY_ATTEMPTS',
  );
});

test('an address is refused after its limit across different accounts', async () => {
  const throttle = createLoginThrottle(database.db, manualClock().now, LIMITS);
  const ip = '192.0.2.3';
  for (const email of ['a@example.com', 'b@example.com']) await throttle.recordFailure({ email, ip });
  expect(await refusal(throttle.assertAllowed({ email: 'c@example.com', ip }))).toBeUndefined();
  await throttle.recordFailure({ email: 'c@example.com', ip });
  expect(await refusal(throttle.assertAllowed({ email: 'd@example.com', ip }))).toBe('TOO_MANY_ATTEMPTS');
});
