import { describe, expect, test } from 'vitest';
import { checkTransition, isFinalState } from '../state-machine.ts';
import {
  DESK_TRADE_NEXT,
  DESK_TRADE_STATUSES,
  DESK_TRADE_TTL_MS,
  type DeskTradeStatus,
  deskTradeExpiresAt,
  deskTradeStatusAt,
} from './desk-trade-status.ts';

describe('the desk trade state machine', () => {
  const cases: [DeskTradeStatus, DeskTradeStatus, 'ok' | 'ALREADY_DECIDED' | 'INVALID_TRANSITION'][] = [
    ['proposed', 'accepted', 'ok'],
    ['proposed', 'rejected', 'ok'],
    ['proposed', 'expired', 'ok'],
    ['proposed', 'proposed', 'INVALID_TRANSITION'],
    ['accepted', 'rejected', 'ALREADY_DECIDED'],
    ['accepted', 'accepted', 'ALREADY_DECIDED'],
    ['rejected', 'accepted', 'ALREADY_DECIDED'],
    ['expired', 'accepted', 'ALREADY_DECIDED'],
    ['expired', 'rejected', 'ALREADY_DECIDED'],
  ];
  test.each(cases)('%s → %s: %s', (from, to, expected) => {
    const move = checkTransition(DESK_TRADE_NEXT, from, to);
    expect(move.ok ? 'ok' : move.error.code).toBe(expected);
  });

  test('only a proposal is undecided', () => {
    expect(DESK_TRADE_STATUSES.filter((s) => !isFinalState(DESK_TRADE_NEXT, s))).toEqual(['proposed']);
  });
});

describe('expiry', () => {
  const booked = Date.UTC(2026, 10, 1, 12, 0, 0);
  const expires = deskTradeExpiresAt(booked);

  test('a proposal expires 7 days after it was booked', () => {
    expect(expires - booked).toBe(DESK_TRADE_TTL_MS);
    expect(new Date(expires).toISOString()).toBe('2026-11-08T12:00:00.000Z');
  });

  test('a proposal one millisecond before its expiry is still proposed', () => {
    expect(deskTradeStatusAt('proposed', expires, expires - 1)).toBe('proposed');
  });

  test('a proposal at its expiry is expired though nothing wrote so', () => {
    expect(deskTradeStatusAt('proposed', expires, expires)).toBe('expired');
  });

  test('a decided trade stays as decided after the expiry time', () => {
    expect(deskTradeStatusAt('accepted', expires, expires + 1)).toBe('accepted');
    expect(deskTradeStatusAt('rejected', expires, expires + 1)).toBe('rejected');
  });
});
