import { expect, test } from 'vitest';
import { INSTRUMENTS } from '../market/instruments.ts';
import { defaultSignalInstruments } from './default-instruments.ts';

test('the default list takes crypto, forex and stocks in turns, majors first', () => {
  expect(defaultSignalInstruments(INSTRUMENTS, 6).map((item) => item.symbol)).toEqual([
    'BTCUSD',
    'EURUSD',
    'AAPL',
    'ETHUSD',
    'GBPUSD',
    'TSLA',
  ]);
});

test('without a count the default list is the whole catalogue, each instrument once', () => {
  const all = defaultSignalInstruments(INSTRUMENTS, null);
  expect(all).toHaveLength(INSTRUMENTS.length);
  expect(new Set(all.map((item) => item.symbol)).size).toBe(INSTRUMENTS.length);
});
