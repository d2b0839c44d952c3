import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import {
  accountDelayMs,
  createLoginThrottle,
  decideLogin,
  type LoginLimits,
  type LoginState,
  type OwnerProof,
} from './login-throttle.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const LIMITS: LoginLimits = {
  perAddress: 3,
  addressWindowMs: 60_000,
  freeAccountFailures: 2,
  accountWindowMs: 3_600_000,
  firstDelayMs: 10_000,
  maxDelayMs: 60_000,
};
const NOW = new Date('2030-01-01T00:10:00Z');
const STRANGER: OwnerProof = { knownBrowser: false, hasSecondFactor: false, unlockLink: false };
const CALM: LoginState = {
  addressFailures: 0,
  oldestAddressFailure: undefined,
  accountFailures: 0,
  lastAccountFailure: undefined,
};
const secondsAgo = (s: number) => new Date(NOW.getTime() - s * 1000);

/** A clock the test moves by hand. */
function manualClock(start = Date.parse('2030-01-01T00:00:00Z')) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

test('the wait of an account starts after its free failures, doubles with each failure, and stops growing at the maximum', () => {
  expect([0, 1, 2, 3, 4, 5, 6, 50].map((n) => accountDelayMs(n, LIMITS))).toEqual([
    0, 0, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000,
  ]);
});

test('an account under its free failures has its password checked', () => {
  expect(
    decideLogin({ ...CALM, accountFailures: 1, lastAccountFailure: NOW }, STRANGER, NOW, LIMITS),
  ).toEqual({
    kind: 'check-password',
    slowedDown: false,
    oneAtATime: false,
  });
});

test('a slowed-down account refuses an attempt before its wait is over, saying how long is left', () => {
  const state = { ...CALM, accountFailures: 3, lastAccountFailure: secondsAgo(5) };
  expect(decideLogin(state, STRANGER, NOW, LIMITS)).toEqual({
    kind: 'refuse',
    reason: 'account',
    retryAfterSeconds: 15,
  });
  // When the wait is over, one attempt at a time has its password checked.
  const later = { ...state, lastAccountFailure: secondsAgo(20) };
  expect(decideLogin(later, STRANGER, NOW, LIMITS)).toEqual({
    kind: 'check-password',
    slowedDown: false,
    oneAtATime: true,
  });
});

test.each([
  ['a known browser', { ...STRANGER, knownBrowser: true }],
  ['a second factor', { ...STRANGER, hasSecondFactor: true }],
  ['the unlock link', { ...STRANGER, unlockLink: true }],
])('while an account is slowed down, %s still has the password checked', (_name, proof) => {
  const state = { ...CALM, accountFailures: 40, lastAccountFailure: NOW };
  expect(decideLogin(state, proof, NOW, LIMITS)).toEqual({
    kind: 'check-password',
    slowedDown: true,
    oneAtATime: false,
  });
});

test('an address past its limit is refused, even from a known browser, until its oldest failure leaves the window', () => {
  const state = { ...CALM, addressFailures: 3, oldestAddressFailure: secondsAgo(45) };
  const owner = { knownBrowser: true, hasSecondFactor: true, unlockLink: true };
  expect(decideLogin(state, owner, NOW, LIMITS)).toEqual({
    kind: 'refuse',
    reason: 'address',
    retryAfterSeconds: 15,
  });
});

test('failures are counted per account and per address in the database, and a success forgives the account', async () => {
  const clock = manualClock();
  const throttle = createLoginThrottle(database.db, clock.now, LIMITS);
  const attempt = { email: 'Owner@Example.com', ip: '192.0.2.1' };
  expect(await throttle.recordFailure(attempt)).toBe(1);
  clock.advance(1000);
  expect(await throttle.recordFailure({ email: 'owner@example.com', ip: '192.0.2.2' })).toBe(2);
  const state = await throttle.readState(attempt);
  expect(state).toEqual({
    addressFailures: 1,
    oldestAddressFailure: new Date('2030-01-01T00:00:00Z'),
    accountFailures: 2,
    lastAccountFailure: new Date('2030-01-01T00:00:01Z'),
  });
  await throttle.clearAccount('OWNER@example.com');
  expect(await throttle.readState(attempt)).toMatchObject({ addressFailures: 1, accountFailures: 0 });
  clock.advance(60_000); // the address's failure leaves its window
  expect(await throttle.readState(attempt)).toMatchObject({ addressFailures: 0 });
});

test('an IPv6 client is counted by its /64 network', async () => {
  const throttle = createLoginThrottle(database.db, manualClock().now, LIMITS);
  await throttle.recordFailure({ email: 'a@example.com', ip: '2001:db8:1:2::1' });
  await throttle.recordFailure({ email: 'b@example.com', ip: '2001:db8:1:2:ffff::9' });
  expect(
    (await throttle.readState({ email: 'c@example.com', ip: '2001:0db8:1:2::77' })).addressFailures,
  ).toBe(2);
  expect((await throttle.readState({ email: 'c@example.com', ip: '2001:db8:1:3::1' })).addressFailures).toBe(
    0,
  );
});

test('of the attempts after a wait, one claims the turn, on any server', async () => {
  const clock = manualClock();
  const first = createLoginThrottle(database.db, clock.now, LIMITS);
  const second = createLoginThrottle(database.db, clock.now, LIMITS);
  const lastFailure = new Date('2030-01-01T00:00:00Z');
  const claims = await Promise.all([
    first.claimTurn('turn@example.com', lastFailure),
    second.claimTurn('TURN@example.com', lastFailure),
    first.claimTurn('turn@example.com', lastFailure),
  ]);
  expect(claims.filter(Boolean)).toHaveLength(1);
  // The next failure opens the next turn; another account has its own.
  expect(await second.claimTurn('turn@example.com', new Date('2030-01-01T00:01:00Z'))).toBe(true);
  expect(await second.claimTurn('other@example.com', lastFailure)).toBe(true);
});
